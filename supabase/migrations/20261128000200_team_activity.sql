-- Team: a member's last activity without a lock on every write.
--
-- private.log() (20261127000100_team.sql) updated the acting member's account_members row on
-- every change. Every write of one person then queued on that row until commit, and two of
-- their transactions that take the stockroom's locks and that row in opposite orders could
-- deadlock ("deadlock detected" from add_scanned_items, seen once under the e2e suite). The
-- last activity is now read from the log lines the member wrote (storage_logs.actor_id), with
-- the membership's own stamp (joined, or switched to the account) as the floor for a member
-- whose lines have been trimmed away.

create index if not exists storage_logs_actor_account_idx
  on public.storage_logs (actor_id, user_id, "timestamp" desc) where actor_id is not null;
drop index if exists public.storage_logs_actor_idx;

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
  if auth.role() = 'authenticated' and p_user_id is distinct from private.current_account() then
    raise exception 'Not allowed to log for another account' using errcode = '42501';
  end if;
  if v_change is not null then
    update public.undo_changes c set summary = coalesce(c.summary, v_details)
     where c.change_id = v_change and c.user_id = p_user_id;
    if not found then
      v_change := null;
    end if;
  end if;
  insert into public.storage_logs (user_id, actor_id, action, details, change_id)
  values (p_user_id, auth.uid(), p_action, v_details, v_change);

  delete from public.storage_logs l
   where l.log_id in (select k.log_id from public.storage_logs k where k.user_id = p_user_id
                       order by k."timestamp" desc, k.log_id desc offset private.log_keeps());
end;
$$;

create or replace function private.team_list()
returns table (user_id uuid, email text, role text, joined_at timestamptz, last_active_at timestamptz, is_you boolean)
language sql
stable
security definer
set search_path = ''
as $$
  select m.user_id, u.email::text, m.role, m.joined_at,
         greatest(m.last_active_at,
                  (select max(l."timestamp") from public.storage_logs l
                    where l.actor_id = m.user_id and l.user_id = m.account_id)),
         m.user_id = auth.uid()
    from public.account_members m join auth.users u on u.id = m.user_id
   where m.account_id = private.current_account()
   order by case m.role when 'owner' then 0 when 'manager' then 1 else 2 end, u.email
$$;
