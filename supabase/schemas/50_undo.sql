-- Undo (issue 25): a seller's move or removal can be taken back, exactly and atomically, while
-- nothing has touched the same rows since.
--
-- How a change is recorded, with no per-function bookkeeping: an undoable function calls
-- private.begin_undo(action) first. That opens a change (public.undo_changes, the account's own,
-- read only) and names it in a transaction-local setting. While the setting is there, AFTER ROW
-- triggers on the five storage tables copy every row the transaction inserts, updates or deletes
-- (old and new image) into private.undo_rows, so foreign key cascades and renumbering are
-- captured too. private.log() stamps the change on its log line (storage_logs.change_id) and
-- takes the line as the change's summary. Making another function undoable is one line:
--   perform private.begin_undo('<action>');
--
-- public.undo_change(p_change_id) takes the seller's storage lock, checks that every captured
-- row still is what the change left (absent for a removal), and refuses with 22023 naming what
-- changed otherwise; then it puts the old images back (removed rows come back with the same
-- ids, indexes, quantities and created_at), marks the change undone and logs 'undo'. Plan
-- limits still hold: rows put back count like new ones. Each account keeps the newest
-- private.undo_keeps() changes.

-- ---------------------------------------------------------------------------------------------
-- undo_changes: one row per undoable change
-- ---------------------------------------------------------------------------------------------
create table public.undo_changes (
  change_id uuid primary key default gen_random_uuid(),
  account_id uuid not null default private.current_account() references public.accounts (id) on delete cascade,
  -- the function that made it: move_items, remove_items, remove_shelf, remove_unit, ...
  action text not null check (length(btrim(action)) between 1 and 50),
  -- the change's log line ('Moved 2 item(s) to ...'), for "Undid: ..."
  summary text constraint "Undo summary: at most 1000 characters" check (length(summary) <= 1000),
  created_at timestamptz not null default now(),
  undone_at timestamptz
);
comment on table public.undo_changes is
  'Undoable changes of a seller (newest 50 kept); written only by the database. Read only.';

create index undo_changes_account_created_idx on public.undo_changes (account_id, created_at desc);

alter table public.undo_changes enable row level security;
revoke all on table public.undo_changes from anon, authenticated;
grant select on table public.undo_changes to authenticated;

create policy undo_changes_select on public.undo_changes
  for select to authenticated
  using (account_id = (select private.current_account()));
create policy require_mfa_select on public.undo_changes as restrictive
  for select to authenticated
  using ((select private.mfa_satisfied()));
create policy require_mfa_insert on public.undo_changes as restrictive
  for insert to authenticated
  with check ((select private.mfa_satisfied()));
create policy require_mfa_update on public.undo_changes as restrictive
  for update to authenticated
  using ((select private.mfa_satisfied()))
  with check ((select private.mfa_satisfied()));
create policy require_mfa_delete on public.undo_changes as restrictive
  for delete to authenticated
  using ((select private.mfa_satisfied()));

create trigger require_mfa_for_writes
  before insert or update or delete on public.undo_changes
  for each statement execute function private.refuse_writes_without_mfa();

-- The captured rows of each change, in the order they changed. Not reachable through the API
-- (schema private); read through private.undo_net_rows().
create table private.undo_rows (
  change_id uuid not null references public.undo_changes (change_id) on delete cascade,
  seq bigint generated always as identity,
  table_name text not null,
  row_id uuid not null,
  old_row jsonb,
  new_row jsonb,
  primary key (change_id, seq)
);
comment on table private.undo_rows is
  'The rows each undoable change touched (old and new image, in order); read only through private.undo_net_rows().';

revoke all on table private.undo_rows from public, anon, authenticated;

-- How many changes a seller keeps to undo: the newest, like the log keeps its newest lines.
create or replace function private.undo_keeps()
returns integer
language sql
immutable
set search_path = ''
as $$
  select 50
$$;
revoke all on function private.undo_keeps() from public;
grant execute on function private.undo_keeps() to authenticated, service_role;

-- private.begin_undo(action[, summary]) -> the change id (null without a signed-in seller: the
-- service role's maintenance is not offered for undo). security definer: the API roles may
-- only read undo_changes.
create or replace function private.begin_undo(p_action text, p_summary text default NULL::text)
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_account uuid := private.current_account();
  v_change uuid;
begin
  if v_account is null then
    perform set_config('stockroom.undo_change', '', true);
    return null;
  end if;
  insert into public.undo_changes (account_id, action, summary)
  values (v_account, p_action, p_summary)
  returning change_id into v_change;
  perform set_config('stockroom.undo_change', v_change::text, true);

  delete from public.undo_changes c
   where c.change_id in (select k.change_id from public.undo_changes k where k.account_id = v_account
                          order by k.created_at desc, k.change_id desc offset private.undo_keeps());
  return v_change;
end;
$$;
revoke all on function private.begin_undo(text, text) from public;
grant execute on function private.begin_undo(text, text) to authenticated, service_role;

-- AFTER ROW on the storage tables: copies the row into the open change, if any. TG_ARGV[0] is
-- the table's primary key column. security definer to write private.undo_rows.
create or replace function private.capture_undo_row()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_change uuid := nullif(current_setting('stockroom.undo_change', true), '')::uuid;
begin
  if v_change is not null then
    insert into private.undo_rows (change_id, table_name, row_id, old_row, new_row)
    values (v_change, tg_table_name,
            (case when tg_op = 'DELETE' then to_jsonb(old) else to_jsonb(new) end ->> tg_argv[0])::uuid,
            case when tg_op <> 'INSERT' then to_jsonb(old) end,
            case when tg_op <> 'DELETE' then to_jsonb(new) end);
  end if;
  return null;
end;
$$;
revoke all on function private.capture_undo_row() from public;

-- The capture: every row change of the five storage tables while a change is open. The WHEN
-- test keeps writes that open no change (import, restore, adds, edits) from calling the function
-- at all, once a row: 5000 calls for an import that nobody can undo.
create trigger storage_rooms_capture_undo after insert or update or delete on public.storage_rooms
  for each row when (current_setting('stockroom.undo_change', true) <> '')
  execute function private.capture_undo_row('room_id');
create trigger storage_isles_capture_undo after insert or update or delete on public.storage_isles
  for each row when (current_setting('stockroom.undo_change', true) <> '')
  execute function private.capture_undo_row('isle_id');
create trigger storage_units_capture_undo after insert or update or delete on public.storage_units
  for each row when (current_setting('stockroom.undo_change', true) <> '')
  execute function private.capture_undo_row('unit_id');
create trigger storage_shelves_capture_undo after insert or update or delete on public.storage_shelves
  for each row when (current_setting('stockroom.undo_change', true) <> '')
  execute function private.capture_undo_row('shelf_id');
create trigger storage_items_capture_undo after insert or update or delete on public.storage_items
  for each row when (current_setting('stockroom.undo_change', true) <> '')
  execute function private.capture_undo_row('item_id');

-- Parents before children: the order rows come back in (and the reverse, the order they go).
create or replace function private.undo_depth(p_table text)
returns integer
language sql
immutable
set search_path = ''
as $$
  select case p_table when 'storage_rooms' then 1 when 'storage_isles' then 2 when 'storage_units' then 3
                      when 'storage_shelves' then 4 else 5 end
$$;
revoke all on function private.undo_depth(text) from public;
grant execute on function private.undo_depth(text) to authenticated, service_role;

-- The primary key column of a storage table.
create or replace function private.undo_key(p_table text)
returns text
language sql
immutable
set search_path = ''
as $$
  select case p_table when 'storage_rooms' then 'room_id' when 'storage_isles' then 'isle_id'
                      when 'storage_units' then 'unit_id' when 'storage_shelves' then 'shelf_id'
                      else 'item_id' end
$$;
revoke all on function private.undo_key(text) from public;
grant execute on function private.undo_key(text) to authenticated, service_role;

-- The net effect of a change on each row it touched: the image before its first capture and
-- after its last. Only for the caller's own change (the service role may read any).
create or replace function private.undo_net_rows(p_change_id uuid)
returns table (table_name text, row_id uuid, old_row jsonb, new_row jsonb)
language sql
stable
security definer
set search_path = ''
as $$
  select distinct on (r.table_name, r.row_id)
         r.table_name, r.row_id,
         first_value(r.old_row) over w, last_value(r.new_row) over w
    from private.undo_rows r
    join public.undo_changes c on c.change_id = r.change_id
   where r.change_id = p_change_id
     and (c.account_id = private.current_account() or auth.role() = 'service_role')
  window w as (partition by r.table_name, r.row_id order by r.seq
               rows between unbounded preceding and unbounded following)
   order by r.table_name, r.row_id
$$;
revoke all on function private.undo_net_rows(uuid) from public;
grant execute on function private.undo_net_rows(uuid) to authenticated, service_role;

-- How a seller names a row in a refusal: '"Blue mug"', 'shelf 3 of unit B', 'isle 2', ...
create or replace function private.undo_row_name(p_table text, p_row jsonb)
returns text
language sql
stable
set search_path = ''
as $$
  select case p_table
    when 'storage_items' then format('"%s"', p_row ->> 'item_name')
    when 'storage_shelves' then format('shelf %s', p_row ->> 'shelf_index')
      || coalesce(format(' of unit %s', (select u.unit_name from public.storage_units u
                                           where u.unit_id = (p_row ->> 'unit_id')::uuid)), '')
    when 'storage_units' then format('unit %s', p_row ->> 'unit_name')
    when 'storage_isles' then format('isle %s', p_row ->> 'isle_index')
    else format('room %s', p_row ->> 'room_name')
  end
$$;
revoke all on function private.undo_row_name(text, jsonb) from public;
grant execute on function private.undo_row_name(text, jsonb) to authenticated, service_role;

-- null when the change can be undone now, else why not ('"Blue mug" was changed since').
-- A row is unchanged when it equals what the change left, updated_at aside (a write that
-- changed nothing does not block an undo).
create or replace function private.undo_blocker(p_change_id uuid)
returns text
language plpgsql
stable
set search_path = ''
as $$
declare
  v_row record;
  v_now jsonb;
begin
  for v_row in select n.* from private.undo_net_rows(p_change_id) n
                order by private.undo_depth(n.table_name), n.row_id loop
    execute format('select to_jsonb(t) from public.%I t where t.%I = $1',
                   v_row.table_name, private.undo_key(v_row.table_name))
      into v_now using v_row.row_id;
    if v_now is null and v_row.new_row is not null then
      return format('%s was removed since', private.undo_row_name(v_row.table_name, v_row.new_row));
    elsif v_now is not null and v_row.new_row is null then
      return format('%s is back since', private.undo_row_name(v_row.table_name, v_now));
    elsif v_now is not null and (v_now - 'updated_at') <> (v_row.new_row - 'updated_at') then
      return format('%s was changed since', private.undo_row_name(v_row.table_name, v_now));
    end if;
  end loop;
  return null;
end;
$$;
revoke all on function private.undo_blocker(uuid) from public;
grant execute on function private.undo_blocker(uuid) to authenticated, service_role;

-- undo_change(p_change_id) -> {change_id, action, summary}
-- Refusals (22023): 'Can't undo: <what> was changed since.', 'This change was already undone.';
-- another seller's change or one swept away is 'Change not found' (PT404).
create or replace function public.undo_change(p_change_id uuid)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_account uuid := private.require_role('{owner,manager,picker}'::text[]);
  v_change public.undo_changes;
  v_blocker text;
  v_table text;
  v_rows jsonb;
  v_cols text;
  v_constraint text;
begin
  if v_account is null then
    raise exception 'Not authenticated' using errcode = '42501';
  end if;
  perform private.lock_my_storage(); -- before any row lock (see private.lock_storage)
  -- what this transaction changes now is the undo, not part of another change
  perform set_config('stockroom.undo_change', '', true);

  select c.* into v_change from public.undo_changes c where c.change_id = p_change_id;
  if not found then
    raise exception 'Change not found' using errcode = 'PT404';
  end if;
  if v_change.undone_at is not null then
    raise exception 'This change was already undone.' using errcode = '22023';
  end if;
  if not exists (select 1 from private.undo_net_rows(p_change_id)) then
    raise exception 'There is nothing to undo in this change.' using errcode = '22023';
  end if;

  v_blocker := private.undo_blocker(p_change_id);
  if v_blocker is not null then
    raise exception 'Can''t undo: %.', v_blocker using errcode = '22023';
  end if;

  -- rows put back keep their created_at (the order lists show them in)
  perform private.keep_stamps();
  begin
    -- numbers shift back and forth: check them once everything is back
    set constraints all deferred;

    -- rows the change added go, children first
    for v_table, v_rows in
      select n.table_name, jsonb_agg(to_jsonb(n.row_id))
        from private.undo_net_rows(p_change_id) n
       where n.old_row is null
       group by n.table_name
       order by private.undo_depth(n.table_name) desc loop
      execute format('delete from public.%I t where t.%I in (select x::uuid from jsonb_array_elements_text($1) x)',
                     v_table, private.undo_key(v_table))
        using v_rows;
    end loop;

    -- then, parents first, rows it changed get their old values and rows it removed come back
    for v_table in select t from unnest(array['storage_rooms', 'storage_isles', 'storage_units',
                                              'storage_shelves', 'storage_items']) as t loop
      select jsonb_agg(n.old_row) into v_rows from private.undo_net_rows(p_change_id) n
       where n.table_name = v_table and n.old_row is not null and n.new_row is not null;
      if v_rows is not null then
        select string_agg(quote_ident(a.attname), ', ' order by a.attnum) into v_cols
          from pg_catalog.pg_attribute a
         where a.attrelid = ('public.' || v_table)::regclass and a.attnum > 0 and not a.attisdropped
           and a.attname not in (private.undo_key(v_table), 'account_id', 'created_at', 'updated_at');
        execute format('update public.%1$I t set (%2$s) = (select %2$s from jsonb_populate_record(null::public.%1$I, r.img))'
                       '  from jsonb_array_elements($1) r(img)'
                       ' where t.%3$I = (r.img ->> %4$L)::uuid',
                       v_table, v_cols, private.undo_key(v_table), private.undo_key(v_table))
          using v_rows;
      end if;

      select jsonb_agg(n.old_row) into v_rows from private.undo_net_rows(p_change_id) n
       where n.table_name = v_table and n.old_row is not null and n.new_row is null;
      if v_rows is not null then
        execute format('insert into public.%1$I select r.* from jsonb_populate_recordset(null::public.%1$I, $1) r',
                       v_table)
          using v_rows;
      end if;
    end loop;

    set constraints all immediate;
  exception
    when unique_violation then
      get stacked diagnostics v_constraint = constraint_name;
      raise exception 'Can''t undo: %.', case v_constraint
        when 'storage_rooms_room_index_key' then 'a room added since takes its place'
        when 'storage_isles_isle_index_key' then 'an isle added or renumbered since has its number'
        when 'storage_units_isle_name_key' then 'a unit added or renamed since has its name'
        when 'storage_shelves_shelf_index_key' then 'a shelf added since has its number'
        else 'something added since takes its place' end
        using errcode = '22023';
    when foreign_key_violation then
      raise exception 'Can''t undo: the place it was in has been removed since.' using errcode = '22023';
  end;

  perform private.undo_count_stamp(p_change_id);
  perform private.finish_undo(p_change_id);
  perform private.log(v_account, 'undo', 'Undid: ' || coalesce(v_change.summary, v_change.action));

  return jsonb_build_object('change_id', v_change.change_id, 'action', v_change.action,
                            'summary', v_change.summary);
end;
$$;
comment on function public.undo_change(uuid) is
  'Take back a change (move, removal) if nothing touched its rows since; atomic; logs undo.';
revoke all on function public.undo_change(uuid) from public, anon;

-- Marks a change undone. security definer: the API roles may only read undo_changes.
create or replace function private.finish_undo(p_change_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.undo_changes c set undone_at = now()
   where c.change_id = p_change_id and (c.account_id = private.current_account() or auth.role() = 'service_role');
end;
$$;
revoke all on function private.finish_undo(uuid) from public;
grant execute on function private.finish_undo(uuid) to authenticated, service_role;

-- undoable_changes() -> the ids of the account's changes that undo_change would take back now
-- (not undone, with rows, nothing touched since); the Activity Log offers Undo on their lines.
create or replace function public.undoable_changes()
returns setof uuid
language sql
stable
set search_path = ''
as $$
  select private.require_role('{owner,manager,picker}'::text[]);
  select c.change_id from public.undo_changes c
   where c.account_id = (select private.current_account()) and c.undone_at is null
     and exists (select 1 from private.undo_net_rows(c.change_id))
     and private.undo_blocker(c.change_id) is null
   order by c.created_at desc
$$;
comment on function public.undoable_changes() is
  'The caller''s changes that undo_change would take back now, newest first.';
revoke all on function public.undoable_changes() from public, anon;

-- ---------------------------------------------------------------------------------------------
-- A count's shelf stamp (apply_shelf_count, 47_counts.sql)
-- ---------------------------------------------------------------------------------------------
-- The stamp each undoable count replaced, for its Undo. Not reachable through the API. No
-- foreign key to the shelf: a removed shelf can come back by Undo, stamp and all.
create table private.count_stamps (
  change_id uuid primary key references public.undo_changes (change_id) on delete cascade,
  shelf_id uuid not null,
  counted_at timestamptz not null,
  before_at timestamptz,
  before_by uuid references auth.users (id) on delete set null
);
comment on table private.count_stamps is
  'The shelf stamp each undoable count replaced, put back when the count is undone.';
create index count_stamps_shelf_idx on private.count_stamps (shelf_id);
create index count_stamps_before_by_idx on private.count_stamps (before_by) where before_by is not null;
revoke all on table private.count_stamps from public, anon, authenticated;

-- Remembers the stamp a count replaced with its change. security definer: see count_stamps.
create or replace function private.remember_count_stamp(
  p_change_id uuid, p_shelf_id uuid, p_counted_at timestamptz, p_before_at timestamptz, p_before_by uuid)
returns void
language sql
security definer
set search_path = ''
as $$
  insert into private.count_stamps (change_id, shelf_id, counted_at, before_at, before_by)
  select p_change_id, p_shelf_id, p_counted_at, p_before_at, p_before_by
   where p_change_id is not null
$$;
revoke all on function private.remember_count_stamp(uuid, uuid, timestamptz, timestamptz, uuid) from public;
grant execute on function private.remember_count_stamp(uuid, uuid, timestamptz, timestamptz, uuid)
  to authenticated, service_role;

-- On Undo of a count (undo_change, 50_undo.sql): the shelf gets back the stamp the count replaced
-- while it still carries this count's; a newer count of it keeps its own stamp, and its Undo will
-- put back what was there before the undone one. A no-op for other changes. security definer:
-- pickers count and undo but may not write shelves.
create or replace function private.undo_count_stamp(p_change_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_stamp private.count_stamps;
begin
  select c.* into v_stamp from private.count_stamps c
    join public.undo_changes u on u.change_id = c.change_id
   where c.change_id = p_change_id and u.account_id = private.current_account();
  if not found then
    return;
  end if;
  perform set_config('stockroom.counting', 'on', true);
  update public.storage_shelves s
     set last_counted_at = v_stamp.before_at, last_counted_by = v_stamp.before_by
   where s.shelf_id = v_stamp.shelf_id and s.last_counted_at = v_stamp.counted_at;
  perform set_config('stockroom.counting', '', true);
  update private.count_stamps c
     set before_at = v_stamp.before_at, before_by = v_stamp.before_by
   where c.shelf_id = v_stamp.shelf_id and c.before_at = v_stamp.counted_at;
  delete from private.count_stamps c where c.change_id = p_change_id;
end;
$$;
revoke all on function private.undo_count_stamp(uuid) from public;
grant execute on function private.undo_count_stamp(uuid) to authenticated, service_role;
