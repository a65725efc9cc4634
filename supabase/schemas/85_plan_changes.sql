-- Billing clean-ups a plan change can need, server only (the Netlify functions with the
-- service_role key; the plan and status themselves are in 20_plans_billing.sql).

-- Boilerplate: Postgres spells out each function's declaration (returns, language, security,
-- empty search_path); the bodies differ.
create or replace function private.storage_counts(p_account_id uuid)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_build_object(
    'rooms', (select count(*) from public.storage_rooms where account_id = p_account_id),
    'isles', (select count(*) from public.storage_isles where account_id = p_account_id),
    'units', (select count(*) from public.storage_units where account_id = p_account_id),
    'items', (select count(*) from public.storage_items where account_id = p_account_id))
$$;
revoke all on function private.storage_counts(uuid) from public;
grant execute on function private.storage_counts(uuid) to service_role;

-- Deletes a seller's rows of one table beyond the first p_keep in p_order (a column list, kept
-- first), and says how many it deleted.
create or replace function private.remove_over_limit(p_table text, p_id text, p_order text, p_account_id uuid, p_keep integer)
returns integer
language plpgsql
set search_path = ''
as $$
declare
  v_n integer;
begin
  execute format(
    'with gone as (delete from public.%1$I t where t.account_id = $1 and t.%2$I not in'
    ' (select k.%2$I from public.%1$I k where k.account_id = $1 order by %3$s limit $2) returning 1)'
    ' select count(*) from gone',
    p_table, p_id, p_order)
    into v_n using p_account_id, p_keep;
  return v_n;
end;
$$;
revoke all on function private.remove_over_limit(text, text, text, uuid, integer) from public;
grant execute on function private.remove_over_limit(text, text, text, uuid, integer) to service_role;

create or replace function public.remove_excess_storage(p_account_id uuid)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_plan public.plans := private.account_plan(p_account_id);
  v_rooms integer;
  v_units integer;
  v_isles integer;
  v_items integer;
  v_room uuid;
  v_before jsonb;
  v_after jsonb;
begin
  -- the same locks the limit triggers take, so nothing is added while we trim
  perform private.limit_lock('items', p_account_id);
  perform private.limit_lock('rooms', p_account_id);
  perform private.limit_lock('units', p_account_id);
  v_before := private.storage_counts(p_account_id);

  v_rooms := private.remove_over_limit('storage_rooms', 'room_id', 'room_index, created_at', p_account_id, v_plan.max_rooms);

  v_units := private.remove_over_limit('storage_units', 'unit_id', 'created_at, unit_index, unit_id', p_account_id, v_plan.max_units);

  with gone as (
    delete from public.storage_isles i
     where i.account_id = p_account_id
       and not exists (select 1 from public.storage_units u where u.isle_id = i.isle_id)
       and v_units > 0 -- only isles emptied by this clean-up, not ones the user left empty
    returning 1
  ) select count(*) into v_isles from gone;

  v_items := private.remove_over_limit('storage_items', 'item_id', 'created_at, item_id', p_account_id, v_plan.max_items);

  if v_rooms > 0 then
    perform private.renumber_rooms(p_account_id);
    -- keep one room active if the active one went
    if not exists (select 1 from public.storage_rooms r where r.account_id = p_account_id and r.active) then
      select r.room_id into v_room from public.storage_rooms r where r.account_id = p_account_id order by r.room_index limit 1;
      update public.storage_rooms r set active = true where r.room_id = v_room;
    end if;
    perform private.log(p_account_id, 'remove_room', format('Removed %s room(s) over the %s plan limit of %s', v_rooms, v_plan.plan_id, v_plan.max_rooms));
  end if;
  if v_isles > 0 then
    perform private.renumber_isles(r.room_id) from public.storage_rooms r where r.account_id = p_account_id;
  end if;
  if v_units > 0 then
    perform private.log(p_account_id, 'remove_unit', format('Removed %s unit(s) over the %s plan limit of %s', v_units, v_plan.plan_id, v_plan.max_units));
  end if;
  if v_items > 0 then
    perform private.log(p_account_id, 'remove_item', format('Removed %s item(s) over the %s plan limit of %s', v_items, v_plan.plan_id, v_plan.max_items));
  end if;

  -- totals include what went down with a removed room or unit
  v_after := private.storage_counts(p_account_id);
  return jsonb_build_object(
    'plan', v_plan.plan_id,
    'rooms_removed', (v_before ->> 'rooms')::integer - (v_after ->> 'rooms')::integer,
    'isles_removed', (v_before ->> 'isles')::integer - (v_after ->> 'isles')::integer,
    'units_removed', (v_before ->> 'units')::integer - (v_after ->> 'units')::integer,
    'items_removed', (v_before ->> 'items')::integer - (v_after ->> 'items')::integer);
end;
$$;
comment on function public.remove_excess_storage(uuid) is
  'Service role: permanently delete the rooms, units and items over the account''s current plan (downgrade to Free).';
revoke all on function public.remove_excess_storage(uuid) from public, anon, authenticated;

-- archive_excess_storage(account) -> {archived, plan, backup_id, rooms_removed, ...}
-- After a move to a smaller plan a seller may hold more than it allows. Archiving keeps a backup
-- of everything (public.create_backup) and then removes what is over the current plan's limits
-- (public.remove_excess_storage: newest first, logged), in one transaction, so there is never a
-- removal without its backup. Nothing over the limits: nothing happens.
-- Service role only: the archive-excess-storage function calls it for the authenticated caller.
-- Boilerplate: Postgres spells out each function's declaration (returns, language, security,
-- empty search_path); the bodies differ.
create or replace function public.archive_excess_storage(p_account_id uuid)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_plan public.plans := private.account_plan(p_account_id);
  v_counts jsonb := private.storage_counts(p_account_id);
  v_backup public.backups;
  v_removed jsonb;
begin
  if (v_counts ->> 'rooms')::integer <= v_plan.max_rooms
     and (v_counts ->> 'units')::integer <= v_plan.max_units
     and (v_counts ->> 'items')::integer <= v_plan.max_items then
    return jsonb_build_object('archived', false, 'plan', v_plan.plan_id, 'backup_id', null,
      'rooms_removed', 0, 'isles_removed', 0, 'units_removed', 0, 'items_removed', 0);
  end if;

  v_backup := public.create_backup(p_account_id);
  v_removed := public.remove_excess_storage(p_account_id);
  return v_removed || jsonb_build_object('archived', true, 'backup_id', v_backup.backup_id);
end;
$$;
comment on function public.archive_excess_storage(uuid) is
  'Service role: back up the account''s storage, then delete what is over its current plan''s limits.';
revoke all on function public.archive_excess_storage(uuid) from public, anon, authenticated;

-- downgrade_overdue_account(account) -> null, or {plan, rooms_removed, ...}
-- docs/product.md#overdue-payments: payment not received by the deadline -> Free, and items, rooms
-- and units beyond Free's limits are permanently deleted (remove_excess_storage keeps the oldest,
-- logs each kind). The guard is re-checked under a row lock, so a payment recorded in the meantime
-- (invoice.paid clears overdue_date) wins and nothing is deleted. Subscription, profile (by
-- trigger) and the deletion commit together. Service role only: the enforce-overdue-deadline
-- scheduled function.
create or replace function public.downgrade_overdue_account(p_account_id uuid)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_sub public.subscriptions;
  v_removed jsonb;
begin
  select s.* into v_sub from public.subscriptions s where s.account_id = p_account_id for update;
  if not found or v_sub.overdue_date is null or v_sub.deadline_date is null
     or v_sub.deadline_date > now() then
    return null;
  end if;

  update public.subscriptions s
     set plan_id = 'free',
         status = 'canceled',
         cancel_at = null,
         target_plan_id = null,
         overdue_date = null,
         deadline_date = null
   where s.account_id = p_account_id;

  v_removed := public.remove_excess_storage(p_account_id);
  return v_removed || jsonb_build_object(
    'previous_plan', v_sub.plan_id,
    'deadline_date', v_sub.deadline_date);
end;
$$;
comment on function public.downgrade_overdue_account(uuid) is
  'Service role: past the payment deadline, move the account to Free and delete storage over its limits.';
revoke all on function public.downgrade_overdue_account(uuid) from public, anon, authenticated;
