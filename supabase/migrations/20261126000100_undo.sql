-- Undo (issue 25): a seller's move or removal can be taken back, exactly and atomically, while
-- nothing has touched the same rows since.
--
-- How a change is recorded, with no per-function bookkeeping: an undoable function calls
-- private.begin_undo(action) first. That opens a change (public.undo_changes, the seller's own,
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
-- limits still hold: rows put back count like new ones. Each seller keeps the newest
-- private.undo_keeps() changes.

-- ---------------------------------------------------------------------------------------------
-- undo_changes: one row per undoable change
-- ---------------------------------------------------------------------------------------------
create table public.undo_changes (
  change_id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  -- the function that made it: move_items, remove_items, remove_shelf, remove_unit, ...
  action text not null check (length(btrim(action)) between 1 and 50),
  -- the change's log line ('Moved 2 item(s) to ...'), for "Undid: ..."
  summary text constraint "Undo summary: at most 1000 characters" check (length(summary) <= 1000),
  created_at timestamptz not null default now(),
  undone_at timestamptz
);
comment on table public.undo_changes is
  'Undoable changes of a seller (newest 50 kept); written only by the database. Read only.';
create index undo_changes_user_created_idx on public.undo_changes (user_id, created_at desc);

select private.own_rows('public.undo_changes', array['select']);
-- no insert, update or delete policy: changes are opened by begin_undo and closed by undo_change

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
revoke all on table private.undo_rows from public, anon, authenticated;

alter table public.storage_logs
  add column change_id uuid references public.undo_changes (change_id) on delete set null;
comment on column public.storage_logs.change_id is
  'The undoable change this line describes (null when it cannot be undone or has been swept).';
create index storage_logs_change_idx on public.storage_logs (change_id) where change_id is not null;

-- How many changes a seller keeps to undo: the newest, like the log keeps its newest lines.
create or replace function private.undo_keeps()
returns integer
language sql
immutable
set search_path = ''
as $$
  select 50
$$;

-- ---------------------------------------------------------------------------------------------
-- private.begin_undo(action[, summary]) -> the change id (null without a signed-in seller: the
-- service role's maintenance is not offered for undo). security definer: the API roles may
-- only read undo_changes.
-- ---------------------------------------------------------------------------------------------
create or replace function private.begin_undo(p_action text, p_summary text default null)
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_uid uuid := auth.uid();
  v_change uuid;
begin
  if v_uid is null then
    perform set_config('stockroom.undo_change', '', true);
    return null;
  end if;
  insert into public.undo_changes (user_id, action, summary)
  values (v_uid, p_action, p_summary)
  returning change_id into v_change;
  perform set_config('stockroom.undo_change', v_change::text, true);

  delete from public.undo_changes c
   where c.change_id in (select k.change_id from public.undo_changes k where k.user_id = v_uid
                          order by k.created_at desc, k.change_id desc offset private.undo_keeps());
  return v_change;
end;
$$;

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

create trigger storage_rooms_capture_undo after insert or update or delete on public.storage_rooms
  for each row execute function private.capture_undo_row('room_id');
create trigger storage_isles_capture_undo after insert or update or delete on public.storage_isles
  for each row execute function private.capture_undo_row('isle_id');
create trigger storage_units_capture_undo after insert or update or delete on public.storage_units
  for each row execute function private.capture_undo_row('unit_id');
create trigger storage_shelves_capture_undo after insert or update or delete on public.storage_shelves
  for each row execute function private.capture_undo_row('shelf_id');
create trigger storage_items_capture_undo after insert or update or delete on public.storage_items
  for each row execute function private.capture_undo_row('item_id');

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
     and (c.user_id = auth.uid() or auth.role() = 'service_role')
  window w as (partition by r.table_name, r.row_id order by r.seq
               rows between unbounded preceding and unbounded following)
   order by r.table_name, r.row_id
$$;

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

-- ---------------------------------------------------------------------------------------------
-- undo_change(p_change_id) -> {change_id, action, summary}
-- Refusals (22023): 'Can't undo: <what> was changed since.', 'This change was already undone.';
-- another seller's change or one swept away is 'Change not found' (PT404).
-- ---------------------------------------------------------------------------------------------
create or replace function public.undo_change(p_change_id uuid)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_uid uuid := private.caller_id();
  v_change public.undo_changes;
  v_blocker text;
  v_table text;
  v_rows jsonb;
  v_cols text;
  v_constraint text;
begin
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
           and a.attname not in (private.undo_key(v_table), 'user_id', 'created_at', 'updated_at');
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

  perform private.finish_undo(p_change_id);
  perform private.log(v_uid, 'undo', 'Undid: ' || coalesce(v_change.summary, v_change.action));

  return jsonb_build_object('change_id', v_change.change_id, 'action', v_change.action,
                            'summary', v_change.summary);
end;
$$;

-- Marks a change undone. security definer: the API roles may only read undo_changes.
create or replace function private.finish_undo(p_change_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.undo_changes c set undone_at = now()
   where c.change_id = p_change_id and (c.user_id = auth.uid() or auth.role() = 'service_role');
end;
$$;

-- ---------------------------------------------------------------------------------------------
-- undoable_changes() -> the ids of the caller's changes that undo_change would take back now
-- (not undone, with rows, nothing touched since); the Activity Log offers Undo on their lines.
-- ---------------------------------------------------------------------------------------------
create or replace function public.undoable_changes()
returns setof uuid
language sql
stable
set search_path = ''
as $$
  select c.change_id from public.undo_changes c
   where c.user_id = private.caller_id() and c.undone_at is null
     and exists (select 1 from private.undo_net_rows(c.change_id))
     and private.undo_blocker(c.change_id) is null
   order by c.created_at desc
$$;

-- ---------------------------------------------------------------------------------------------
-- The undoable functions: the same bodies as in 20261122000300_storage.sql and
-- 20261122000400_items_moves.sql, each opening its change first. remove_unit and remove_room
-- also return it ('change_id'); for the others the client reads its newest change of that
-- action from undo_changes.
-- ---------------------------------------------------------------------------------------------
-- Boilerplate: these are the earlier functions' bodies again with one line added; create or
-- replace needs the whole body.
create or replace function public.move_items(p_item_ids uuid[], p_shelf_id uuid)
returns setof public.storage_items
language plpgsql
set search_path = ''
as $$
declare
  v_shelf public.storage_shelves;
  v_wanted integer;
  v_found integer;
  v_names text[];
begin
  perform private.lock_my_storage(); -- before any row lock (see private.lock_storage)
  perform private.begin_undo('move_items');
  v_shelf := private.shelf_for_item(p_shelf_id);

  select count(distinct x) into v_wanted from unnest(p_item_ids) as x where x is not null;
  if v_wanted = 0 then
    return;
  end if;
  -- lock the items so a concurrent move or delete cannot interleave
  perform 1 from public.storage_items it
   where it.item_id = any (p_item_ids) and it.user_id = v_shelf.user_id
   order by it.item_id
     for update;
  select count(*) into v_found from public.storage_items it
   where it.item_id = any (p_item_ids) and it.user_id = v_shelf.user_id;
  if v_found <> v_wanted or array_position(p_item_ids, null) is not null then
    raise exception 'Item not found' using errcode = 'PT404';
  end if;

  with moved as (
    update public.storage_items it
       set shelf_id = v_shelf.shelf_id, unit_id = v_shelf.unit_id
     where it.item_id = any (p_item_ids)
       and it.shelf_id is distinct from v_shelf.shelf_id
    returning it.item_name, it.created_at
  )
  select array_agg(m.item_name order by m.created_at desc) into v_names from moved m;

  if coalesce(cardinality(v_names), 0) > 0 then
    perform private.log(v_shelf.user_id, 'move_item',
            format('Moved %s item(s) to %s', cardinality(v_names), private.shelf_location(v_shelf.shelf_id))
            || private.item_list(v_names));
  end if;

  return query select it.* from public.storage_items it
                where it.item_id = any (p_item_ids) order by it.created_at desc;
end;
$$;

create or replace function public.remove_items(p_item_ids uuid[])
returns integer
language plpgsql
set search_path = ''
as $$
declare
  v_uid uuid := private.caller_id();
  v_wanted integer;
  v_names text[];
begin
  perform private.lock_my_storage(); -- before any row lock (see private.lock_storage)
  perform private.begin_undo('remove_items');
  select count(distinct x) into v_wanted from unnest(p_item_ids) as x where x is not null;
  if v_wanted = 0 then
    return 0;
  end if;
  with gone as (
    delete from public.storage_items it
     where it.item_id = any (p_item_ids) and it.user_id = v_uid
    returning it.item_name, it.created_at
  )
  select array_agg(g.item_name order by g.created_at desc) into v_names from gone g;
  if coalesce(cardinality(v_names), 0) <> v_wanted then
    raise exception 'Item not found' using errcode = 'PT404'; -- undoes the delete
  end if;

  perform private.log(v_uid, 'remove_item', format('Removed %s item(s)', v_wanted) || private.item_list(v_names));
  return v_wanted;
end;
$$;

create or replace function public.remove_shelf(p_shelf_id uuid)
returns setof public.storage_shelves
language plpgsql
set search_path = ''
as $$
declare
  v_unit public.storage_units;
  v_shelf public.storage_shelves;
  v_items integer;
begin
  perform private.lock_my_storage(); -- before any row lock (see private.lock_storage)
  perform private.begin_undo('remove_shelf');
  -- lock the unit first (same order as add_shelf), then re-read the shelf under the lock
  select u.* into v_unit from public.storage_units u
   where u.unit_id = (select s.unit_id from public.storage_shelves s where s.shelf_id = p_shelf_id)
     for update;
  select s.* into v_shelf from public.storage_shelves s where s.shelf_id = p_shelf_id;
  if v_unit.unit_id is null or v_shelf.shelf_id is null then
    raise exception 'Shelf not found' using errcode = 'PT404';
  end if;

  select count(*) into v_items from public.storage_items i where i.shelf_id = p_shelf_id;
  delete from public.storage_shelves s where s.shelf_id = p_shelf_id;
  perform private.renumber_shelves(v_unit.unit_id);

  perform private.log(v_unit.user_id, 'remove_shelf',
          format('Removed shelf %s from unit %s', v_shelf.shelf_index, v_unit.unit_name)
          || case when v_items > 0 then format(' with %s item(s)', v_items) else '' end);

  return query select s.* from public.storage_shelves s
                where s.unit_id = v_unit.unit_id order by s.shelf_index;
end;
$$;

create or replace function public.remove_isle(p_isle_id uuid)
returns setof public.storage_isles
language plpgsql
set search_path = ''
as $$
declare
  v_room public.storage_rooms;
  v_isle public.storage_isles;
  v_units integer;
  v_items integer;
begin
  perform private.lock_my_storage(); -- before any row lock (see private.lock_storage)
  perform private.begin_undo('remove_isle');
  -- lock order room -> isle -> unit everywhere, so concurrent removals cannot deadlock
  select r.* into v_room from public.storage_rooms r
   where r.room_id = (select i.room_id from public.storage_isles i where i.isle_id = p_isle_id)
     for update;
  select i.* into v_isle from public.storage_isles i where i.isle_id = p_isle_id;
  if v_room.room_id is null or v_isle.isle_id is null then
    raise exception 'Isle not found' using errcode = 'PT404';
  end if;

  select count(*) into v_units from public.storage_units u where u.isle_id = p_isle_id;
  select count(*) into v_items from public.storage_items it
    join public.storage_units u on u.unit_id = it.unit_id where u.isle_id = p_isle_id;

  delete from public.storage_isles i where i.isle_id = p_isle_id; -- units, shelves, items cascade
  perform private.renumber_isles(v_room.room_id);

  perform private.log(v_room.user_id, 'remove_isle',
          format('Removed isle %s from room %s with %s unit(s) and %s item(s)',
                 v_isle.isle_index, v_room.room_name, v_units, v_items));

  return query select i.* from public.storage_isles i
                where i.room_id = v_room.room_id order by i.isle_index;
end;
$$;

create or replace function public.remove_unit(p_unit_id uuid)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_change uuid;
  v_room public.storage_rooms;
  v_isle public.storage_isles;
  v_unit public.storage_units;
  v_shelves integer;
  v_items integer;
  v_isle_removed boolean := false;
begin
  perform private.lock_my_storage(); -- before any row lock (see private.lock_storage)
  v_change := private.begin_undo('remove_unit');
  select r.* into v_room from public.storage_rooms r
   where r.room_id = (select i.room_id from public.storage_isles i
                       where i.isle_id = (select u.isle_id from public.storage_units u where u.unit_id = p_unit_id))
     for update;
  select i.* into v_isle from public.storage_isles i
   where i.isle_id = (select u.isle_id from public.storage_units u where u.unit_id = p_unit_id)
     for update;
  select u.* into v_unit from public.storage_units u where u.unit_id = p_unit_id for update;
  if v_room.room_id is null or v_isle.isle_id is null or v_unit.unit_id is null then
    raise exception 'Unit not found' using errcode = 'PT404';
  end if;

  select count(*) into v_shelves from public.storage_shelves s where s.unit_id = p_unit_id;
  select count(*) into v_items from public.storage_items it where it.unit_id = p_unit_id;

  delete from public.storage_units u where u.unit_id = p_unit_id; -- shelves and items cascade

  if not exists (select 1 from public.storage_units u where u.isle_id = v_isle.isle_id) then
    delete from public.storage_isles i where i.isle_id = v_isle.isle_id;
    perform private.renumber_isles(v_room.room_id);
    v_isle_removed := true;
  end if;

  perform private.log(v_unit.user_id, 'remove_unit',
          format('Removed unit %s (%s) from %s / Isle %s with %s shelf(s) and %s item(s)',
                 v_unit.unit_name, v_unit.unit_type, v_room.room_name, v_isle.isle_index, v_shelves, v_items)
          || case when v_isle_removed then format('; isle %s was empty and was removed', v_isle.isle_index)
                  else '' end);

  return jsonb_build_object(
    'change_id', v_change,
    'unit_id', v_unit.unit_id,
    'isle_id', v_isle.isle_id,
    'isle_removed', v_isle_removed,
    'shelves_removed', v_shelves,
    'items_removed', v_items);
end;
$$;

create or replace function public.remove_room(p_room_id uuid)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_change uuid;
  v_room public.storage_rooms;
  v_isles integer;
  v_units integer;
  v_items integer;
  v_active uuid;
begin
  perform private.lock_my_storage(); -- before any row lock (see private.lock_storage)
  v_change := private.begin_undo('remove_room');
  select r.* into v_room from public.storage_rooms r where r.room_id = p_room_id;
  if not found then
    raise exception 'Room not found' using errcode = 'PT404';
  end if;
  -- serialise with room inserts and other removals of this user (renumbering touches all rooms)
  perform private.limit_lock('rooms', v_room.user_id);
  select r.* into v_room from public.storage_rooms r where r.room_id = p_room_id for update;
  if not found then
    raise exception 'Room not found' using errcode = 'PT404';
  end if;

  select count(*) into v_isles from public.storage_isles i where i.room_id = p_room_id;
  select count(*) into v_units from public.storage_units u
    join public.storage_isles i on i.isle_id = u.isle_id where i.room_id = p_room_id;
  select count(*) into v_items from public.storage_items it
    join public.storage_units u on u.unit_id = it.unit_id
    join public.storage_isles i on i.isle_id = u.isle_id where i.room_id = p_room_id;

  delete from public.storage_rooms r where r.room_id = p_room_id; -- isles, units, shelves, items cascade
  perform private.renumber_rooms(v_room.user_id);

  select r.room_id into v_active from public.storage_rooms r
   where r.user_id = v_room.user_id and r.active order by r.room_index limit 1;
  if v_active is null and v_room.active then
    update public.storage_rooms r set active = true
     where r.room_id = (select r2.room_id from public.storage_rooms r2
                         where r2.user_id = v_room.user_id order by r2.room_index limit 1)
    returning r.room_id into v_active;
  end if;

  perform private.log(v_room.user_id, 'remove_room',
          format('Removed room %s with %s isle(s), %s unit(s) and %s item(s)',
                 v_room.room_name, v_isles, v_units, v_items));

  return jsonb_build_object(
    'change_id', v_change,
    'room_id', p_room_id,
    'isles_removed', v_isles,
    'units_removed', v_units,
    'items_removed', v_items,
    'active_room_id', v_active);
end;
$$;

-- ---------------------------------------------------------------------------------------------
-- private.log(): as in 20261122000500_logs.sql, and the line names the open change (and is its
-- summary), so the Activity Log can offer Undo on it.
-- ---------------------------------------------------------------------------------------------
create or replace function private.log(p_user_id uuid, p_action text, p_details text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_change uuid := nullif(current_setting('stockroom.undo_change', true), '')::uuid;
  v_details text := case when length(p_details) > 1000 then left(p_details, 999) || '…' else p_details end;
begin
  if auth.role() = 'authenticated' and p_user_id is distinct from auth.uid() then
    raise exception 'Not allowed to log for another user' using errcode = '42501';
  end if;
  if v_change is not null then
    update public.undo_changes c set summary = coalesce(c.summary, v_details)
     where c.change_id = v_change and c.user_id = p_user_id;
    if not found then
      v_change := null;
    end if;
  end if;
  insert into public.storage_logs (user_id, action, details, change_id)
  values (p_user_id, p_action, v_details, v_change);

  delete from public.storage_logs l
   where l.log_id in (select k.log_id from public.storage_logs k where k.user_id = p_user_id
                       order by k."timestamp" desc, k.log_id desc offset private.log_keeps());
end;
$$;

-- ---------------------------------------------------------------------------------------------
-- Who may call what
-- ---------------------------------------------------------------------------------------------
revoke all on function private.undo_keeps() from public;
revoke all on function private.begin_undo(text, text) from public;
revoke all on function private.capture_undo_row() from public;
revoke all on function private.undo_key(text) from public;
revoke all on function private.undo_depth(text) from public;
revoke all on function private.undo_net_rows(uuid) from public;
revoke all on function private.undo_row_name(text, jsonb) from public;
revoke all on function private.undo_blocker(uuid) from public;
revoke all on function private.finish_undo(uuid) from public;
grant execute on function private.undo_keeps(), private.begin_undo(text, text), private.undo_key(text),
  private.undo_depth(text), private.undo_net_rows(uuid), private.undo_row_name(text, jsonb),
  private.undo_blocker(uuid), private.finish_undo(uuid)
  to authenticated, service_role;

revoke all on function public.undo_change(uuid) from public, anon;
revoke all on function public.undoable_changes() from public, anon;
grant execute on function public.undo_change(uuid), public.undoable_changes() to authenticated, service_role;
comment on function public.undo_change(uuid) is
  'Take back a change (move, removal) if nothing touched its rows since; atomic; logs undo.';
comment on function public.undoable_changes() is
  'The caller''s changes that undo_change would take back now, newest first.';
