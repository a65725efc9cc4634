-- Billing (Stripe): processed webhook events, and the two server-only clean-ups a plan change
-- can need. Plan and status themselves stay where they are (public.subscriptions, written only by
-- the service role; profiles.plan_id follows by trigger).

-- ---------------------------------------------------------------------------------------------
-- stripe_events: every webhook event we have handled, so a redelivered event (Stripe retries and
-- may send an event more than once) is acknowledged without being applied twice.
-- ---------------------------------------------------------------------------------------------
create table public.stripe_events (
  event_id text primary key check (event_id like 'evt_%'),
  type text not null,
  received_at timestamptz not null default now(),
  processed_at timestamptz
);
comment on table public.stripe_events is
  'Stripe webhook events received (idempotency of the stripe-webhook function). Service role only.';

alter table public.stripe_events enable row level security;
revoke all on table public.stripe_events from anon, authenticated;
grant all on table public.stripe_events to service_role;
-- No policies: nobody but the service role (which bypasses RLS) reads or writes it.

-- Webhooks look subscriptions up by Stripe ids; the deadline job by its dates.
create index if not exists subscriptions_stripe_customer_idx
  on public.subscriptions (stripe_customer_id);
create index if not exists subscriptions_deadline_idx
  on public.subscriptions (deadline_date) where overdue_date is not null;

-- ---------------------------------------------------------------------------------------------
-- archive_excess_storage(user) -> {archived, plan, backup_id, rooms_removed, ...}
-- After a move to a smaller plan a seller may hold more than it allows. Archiving keeps a backup
-- of everything (public.create_backup) and then removes what is over the current plan's limits
-- (public.remove_excess_storage: newest first, logged), in one transaction, so there is never a
-- removal without its backup. Nothing over the limits: nothing happens.
-- Service role only: the archive-excess-storage function calls it for the authenticated caller.
-- ---------------------------------------------------------------------------------------------
create or replace function public.archive_excess_storage(p_user_id uuid)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_plan public.plans := private.user_plan(p_user_id);
  v_counts jsonb := private.storage_counts(p_user_id);
  v_backup public.backups;
  v_removed jsonb;
begin
  if (v_counts ->> 'rooms')::integer <= v_plan.max_rooms
     and (v_counts ->> 'units')::integer <= v_plan.max_units
     and (v_counts ->> 'items')::integer <= v_plan.max_items then
    return jsonb_build_object('archived', false, 'plan', v_plan.plan_id, 'backup_id', null,
      'rooms_removed', 0, 'isles_removed', 0, 'units_removed', 0, 'items_removed', 0);
  end if;

  v_backup := public.create_backup(p_user_id);
  v_removed := public.remove_excess_storage(p_user_id);
  return v_removed || jsonb_build_object('archived', true, 'backup_id', v_backup.backup_id);
end;
$$;
comment on function public.archive_excess_storage(uuid) is
  'Service role: back up the user''s storage, then delete what is over their current plan''s limits.';
revoke all on function public.archive_excess_storage(uuid) from public, anon, authenticated;
grant execute on function public.archive_excess_storage(uuid) to service_role;

-- ---------------------------------------------------------------------------------------------
-- downgrade_overdue_account(user) -> null, or {plan, rooms_removed, ...}
-- SPEC 4: payment not received by the deadline -> Free, and items, rooms and units beyond Free's
-- limits are permanently deleted (remove_excess_storage keeps the oldest, logs each kind).
-- The guard is re-checked under a row lock, so a payment recorded in the meantime (invoice.paid
-- clears overdue_date) wins and nothing is deleted. Subscription, profile (by trigger) and the
-- deletion commit together. Service role only: the enforce-overdue-deadline scheduled function.
-- ---------------------------------------------------------------------------------------------
create or replace function public.downgrade_overdue_account(p_user_id uuid)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_sub public.subscriptions;
  v_removed jsonb;
begin
  select s.* into v_sub from public.subscriptions s where s.user_id = p_user_id for update;
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
   where s.user_id = p_user_id;

  v_removed := public.remove_excess_storage(p_user_id);
  return v_removed || jsonb_build_object(
    'previous_plan', v_sub.plan_id,
    'deadline_date', v_sub.deadline_date);
end;
$$;
comment on function public.downgrade_overdue_account(uuid) is
  'Service role: past the payment deadline, move the user to Free and delete storage over its limits.';
revoke all on function public.downgrade_overdue_account(uuid) from public, anon, authenticated;
grant execute on function public.downgrade_overdue_account(uuid) to service_role;
