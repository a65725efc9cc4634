-- Team functions (the accounts and roles of 10_accounts.sql). The browser calls the public ones
-- (security invoker: they check the role and the input); the membership writes are done by
-- private security definer workers, because no API role may write another user's membership
-- (and so the linter's list of definer functions the browser can call stays the reviewed two).
-- Every change logs through private.log().

-- Seats in use: members plus invitations still pending.
create or replace function private.seats_used(p_account_id uuid)
returns integer
language sql
stable
security definer
set search_path = ''
as $$
  select (select count(*) from public.account_members m where m.account_id = p_account_id)::integer
       + (select count(*) from public.account_invitations i
           where i.account_id = p_account_id and i.accepted_at is null and i.expires_at > now())::integer
$$;
revoke all on function private.seats_used(uuid) from public;
grant execute on function private.seats_used(uuid) to authenticated, service_role;

-- The address syntax Supabase Auth accepts (GoTrue's checkmail format check, the same rule as
-- local/auth/validate.ts): a dot-atom local part of ASCII letters, digits and !#$%&'*+/=?^_`{|}~.-,
-- an "@" and a hostname, at most 255 characters. Angle brackets, spaces, a right-to-left override
-- or any letter outside ASCII are refused, so no invitation is made for an address Auth refuses.
create or replace function private.is_valid_email(p_email text)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select coalesce(length(p_email) between 1 and 255
    and p_email ~ '^[a-zA-Z0-9.!#$%&''*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$',
    false)
$$;
revoke all on function private.is_valid_email(text) from public;
grant execute on function private.is_valid_email(text) to authenticated, service_role;

-- How long until something may happen again, in words: "42 seconds", "60 seconds", "2 minutes".
create or replace function private.wait_text(p_seconds integer)
returns text
language sql
immutable
set search_path = ''
as $$
  select case
    when p_seconds <= 1 then '1 second'
    when p_seconds <= 60 then p_seconds || ' seconds'
    when ceil(p_seconds / 60.0) = 1 then '1 minute'
    else ceil(p_seconds / 60.0)::integer || ' minutes'
  end
$$;
revoke all on function private.wait_text(integer) from public;
grant execute on function private.wait_text(integer) to authenticated, service_role;

-- Invitation mails (docs/product.md#team): one row per mail team_invite let the team-invite
-- function send, kept an hour, so a loop of invitations cannot spend the project's shared Auth
-- mail budget: per account and address one mail a minute and 3 an hour, per account 20 an hour.
-- An invitation withdrawn and made again still finds its address's mails here (invitation_id is
-- only set null). A mail Auth did not send is given back (team_release_mail), with the role and
-- expiry a renewal replaced.
create table private.invitation_mails (
  id bigint generated always as identity primary key,
  account_id uuid not null references public.accounts (id) on delete cascade,
  email text not null constraint "Invitation mail e-mail: at most 255 characters" check (length(email) <= 255),
  invitation_id uuid references public.account_invitations (id) on delete set null,
  -- what a renewal replaced, to put back if its mail is not sent; null: the mail made the invitation
  previous_role text,
  previous_expires_at timestamptz,
  sent_at timestamptz not null default now()
);
comment on table private.invitation_mails is
  'The invitation mails of the last hour per account and address (team_invite''s limits). Written only by the team functions.';

create index invitation_mails_account_idx on private.invitation_mails (account_id, sent_at);
create index invitation_mails_address_idx on private.invitation_mails (account_id, email, sent_at);
create index invitation_mails_invitation_idx on private.invitation_mails (invitation_id);
revoke all on table private.invitation_mails from public, anon, authenticated;

-- Refuses (PT429: PostgREST answers 429) a mail to p_email beyond the limits of the comment on
-- private.invitation_mails, saying when the next one may go. Called only by team_invite, which
-- holds the account's lock (and runs as the table's owner: no API role may call this).
create or replace function private.check_invitation_mails(p_account_id uuid, p_email text)
returns void
language plpgsql
set search_path = ''
as $$
declare
  v_last timestamptz;
  v_oldest timestamptz;
  v_count integer;
  v_wait integer;
begin
  delete from private.invitation_mails m
   where m.account_id = p_account_id and m.sent_at <= now() - interval '1 hour';

  select max(m.sent_at), min(m.sent_at), count(*) into v_last, v_oldest, v_count
    from private.invitation_mails m where m.account_id = p_account_id and m.email = p_email;
  v_wait := ceil(extract(epoch from v_last + interval '60 seconds' - now()));
  if v_wait > 0 then
    raise exception using
      errcode = 'PT429',
      message = format('An invitation was sent to %s less than a minute ago. You can send it again in %s',
                       p_email, private.wait_text(v_wait)),
      detail = json_build_object('kind', 'invitation_mails', 'limit', 'address_minute',
                                 'retry_after', v_wait)::text;
  end if;
  if v_count >= 3 then
    v_wait := greatest(1, ceil(extract(epoch from v_oldest + interval '1 hour' - now())));
    raise exception using
      errcode = 'PT429',
      message = format('%s has been sent 3 invitation e-mails in the last hour. You can send another in %s',
                       p_email, private.wait_text(v_wait)),
      detail = json_build_object('kind', 'invitation_mails', 'limit', 'address_hour',
                                 'retry_after', v_wait)::text;
  end if;

  select min(m.sent_at), count(*) into v_oldest, v_count
    from private.invitation_mails m where m.account_id = p_account_id;
  if v_count >= 20 then
    v_wait := greatest(1, ceil(extract(epoch from v_oldest + interval '1 hour' - now())));
    raise exception using
      errcode = 'PT429',
      message = format('This account has sent 20 invitation e-mails in the last hour. You can send more in %s',
                       private.wait_text(v_wait)),
      detail = json_build_object('kind', 'invitation_mails', 'limit', 'account_hour',
                                 'retry_after', v_wait)::text;
  end if;
end;
$$;
revoke all on function private.check_invitation_mails(uuid, text) from public;

create or replace function private.team_invite(p_email text, p_role text)
returns public.account_invitations
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_account uuid := private.require_role(array['owner', 'manager']);
  v_given text := btrim(coalesce(p_email, ''));
  v_email text := lower(v_given);
  v_plan public.plans;
  v_old public.account_invitations;
  v_inv public.account_invitations;
begin
  if v_account is null then
    raise exception 'Not authenticated' using errcode = '42501';
  end if;
  if p_role is null or p_role not in ('owner', 'manager', 'picker') then
    raise exception 'Role must be manager or picker' using errcode = '22023';
  end if;
  if p_role = 'owner' then
    raise exception 'An account has one owner: invite a manager or a picker' using errcode = '22023';
  end if;
  -- checked as typed, before lower() can turn a non-ASCII letter into an ASCII one
  if not private.is_valid_email(v_given) then
    raise exception 'Enter an e-mail address like name@example.com' using errcode = '22023';
  end if;
  if exists (select 1 from public.account_members m join auth.users u on u.id = m.user_id
              where m.account_id = v_account and lower(u.email) = v_email) then
    raise exception '% is already a member of this account', v_email using errcode = '22023';
  end if;

  -- One invitation at a time per account: the seat count and the mail limits below see every
  -- committed one.
  perform 1 from public.accounts a where a.id = v_account for update;

  select * into v_old from public.account_invitations i
   where i.account_id = v_account and lower(i.email) = v_email and i.accepted_at is null
     for update;
  -- A pending invitation holds its seat; a new one, or an expired one renewed, takes one.
  if v_old.id is null or v_old.expires_at <= now() then
    v_plan := private.account_plan(v_account);
    if private.seats_used(v_account) + 1 > v_plan.max_members then
      raise exception using
        errcode = 'P0001',
        message = 'PLAN_LIMIT_REACHED: ' || case when v_plan.max_members = 1
          then format('Your %s plan is for the owner only. Upgrade to add team members', v_plan.plan_id)
          else format('Your %s plan allows %s team members (owner included). Please upgrade to add more',
                      v_plan.plan_id, v_plan.max_members) end,
        detail = json_build_object('kind', 'members', 'plan', v_plan.plan_id, 'limit', v_plan.max_members)::text,
        hint = 'Visit the pricing page to upgrade your plan';
    end if;
  end if;
  perform private.check_invitation_mails(v_account, v_email);

  -- Inviting again renews the invitation (the screen's "Resend") and mails it again.
  if v_old.id is not null then
    update public.account_invitations i
       set role = p_role, expires_at = now() + interval '7 days', invited_by = auth.uid()
     where i.id = v_old.id
    returning * into v_inv;
    insert into private.invitation_mails (account_id, email, invitation_id, previous_role, previous_expires_at)
    values (v_account, v_email, v_inv.id, v_old.role, v_old.expires_at);
    perform private.log(v_account, 'invite_member', format('Invited %s again as %s', v_email, p_role));
    return v_inv;
  end if;

  -- an expired invitation frees its seat
  delete from public.account_invitations i
   where i.account_id = v_account and i.accepted_at is null and i.expires_at <= now();
  insert into public.account_invitations (account_id, email, role, invited_by)
  values (v_account, v_email, p_role, auth.uid())
  returning * into v_inv;
  insert into private.invitation_mails (account_id, email, invitation_id)
  values (v_account, v_email, v_inv.id);
  perform private.log(v_account, 'invite_member', format('Invited %s as %s', v_email, p_role));
  return v_inv;
end;
$$;
revoke all on function private.team_invite(text, text) from public;
grant execute on function private.team_invite(text, text) to authenticated, service_role;

create or replace function private.team_withdraw(p_invitation_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_account uuid := private.require_role(array['owner', 'manager']);
  v_inv public.account_invitations;
begin
  delete from public.account_invitations i
   where i.id = p_invitation_id and i.account_id = v_account and i.accepted_at is null
  returning * into v_inv;
  if not found then
    raise exception 'Invitation not found' using errcode = 'PT404';
  end if;
  perform private.log(v_account, 'withdraw_invitation', format('Withdrew the invitation of %s', v_inv.email));
end;
$$;
revoke all on function private.team_withdraw(uuid) from public;
grant execute on function private.team_withdraw(uuid) to authenticated, service_role;

-- An invitation mail Auth did not send (refused or failed) gives back what it took
-- (docs/product.md#team): the newest mail of the invitation no longer counts against the limits,
-- and the invitation it made is withdrawn (its seat is free) or the one it renewed gets its
-- role and expiry back. Answers 'withdrawn', 'restored', or 'none' when there was nothing to
-- give back. Service role only: the team-invite function calls it after Auth's answer, and a
-- browser that could call it would get its mails back without limit.
create or replace function private.team_release_mail(p_account_id uuid, p_invitation_id uuid)
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_mail private.invitation_mails;
begin
  perform 1 from public.accounts a where a.id = p_account_id for update;
  select * into v_mail from private.invitation_mails m
   where m.account_id = p_account_id and m.invitation_id = p_invitation_id
     and m.sent_at > now() - interval '10 minutes'
   order by m.id desc
   limit 1;
  if not found then
    return 'none';
  end if;
  delete from private.invitation_mails m where m.id = v_mail.id;
  if v_mail.previous_expires_at is not null then
    update public.account_invitations i
       set role = v_mail.previous_role, expires_at = v_mail.previous_expires_at
     where i.id = p_invitation_id and i.accepted_at is null;
    return 'restored';
  end if;
  delete from public.account_invitations i
   where i.id = p_invitation_id and i.account_id = p_account_id and i.accepted_at is null;
  if not found then
    return 'none';
  end if;
  perform private.log(p_account_id, 'withdraw_invitation',
    format('The invitation e-mail to %s could not be sent: the invitation was withdrawn', v_mail.email));
  return 'withdrawn';
end;
$$;
revoke all on function private.team_release_mail(uuid, uuid) from public;
grant execute on function private.team_release_mail(uuid, uuid) to service_role;

create or replace function private.team_accept(p_invitation_id uuid)
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_uid uuid := auth.uid();
  v_email text;
  v_inv public.account_invitations;
  v_name text;
  v_plan public.plans;
begin
  if v_uid is null then
    raise exception 'Not authenticated' using errcode = '42501';
  end if;
  select lower(u.email) into v_email from auth.users u where u.id = v_uid;
  select * into v_inv from public.account_invitations i
   where i.id = p_invitation_id and lower(i.email) = v_email and i.accepted_at is null;
  if not found then
    raise exception 'Invitation not found' using errcode = 'PT404';
  end if;
  -- The account's row first, as team_invite takes it, so acceptances are counted one at a time.
  select a.name into v_name from public.accounts a where a.id = v_inv.account_id for update;
  select * into v_inv from public.account_invitations i
   where i.id = p_invitation_id and i.accepted_at is null
     for update;
  if not found then
    raise exception 'Invitation not found' using errcode = 'PT404';
  end if;
  if v_inv.expires_at <= now() then
    raise exception 'This invitation has expired: ask for a new one' using errcode = '22023';
  end if;
  -- A seat is checked again on joining: the plan may have shrunk since the invitation was made
  -- (docs/product.md#team). The invitation stays, to be accepted once a seat is free.
  if not exists (select 1 from public.account_members m
                  where m.account_id = v_inv.account_id and m.user_id = v_uid) then
    v_plan := private.account_plan(v_inv.account_id);
    if (select count(*) from public.account_members m where m.account_id = v_inv.account_id) + 1
       > v_plan.max_members then
      raise exception using
        errcode = 'P0001',
        message = 'PLAN_LIMIT_REACHED: ' || case when v_plan.max_members = 1
          then format('%s is on the %s plan, which is for the owner only. Ask its owner to upgrade, then accept again',
                      v_name, v_plan.plan_id)
          else format('%s has no free seat: its %s plan allows %s team members (owner included). Ask its owner to upgrade or free a seat, then accept again',
                      v_name, v_plan.plan_id, v_plan.max_members) end,
        detail = json_build_object('kind', 'members', 'plan', v_plan.plan_id, 'limit', v_plan.max_members)::text;
    end if;
  end if;
  update public.account_invitations set accepted_at = now() where id = v_inv.id;
  insert into public.account_members (account_id, user_id, role, last_active_at)
  values (v_inv.account_id, v_uid, v_inv.role, now())
  on conflict (account_id, user_id) do nothing;
  insert into private.current_accounts (user_id, account_id) values (v_uid, v_inv.account_id)
  on conflict (user_id) do update set account_id = excluded.account_id;
  perform private.log(v_inv.account_id, 'accept_invitation', format('%s joined as %s', v_email, v_inv.role));
  return v_inv.account_id;
end;
$$;
revoke all on function private.team_accept(uuid) from public;
grant execute on function private.team_accept(uuid) to authenticated, service_role;

create or replace function private.team_change_role(p_user_id uuid, p_role text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_account uuid := private.require_role(array['owner', 'manager']);
  v_old text;
begin
  if p_role is null or p_role not in ('manager', 'picker') then
    raise exception 'Role must be manager or picker' using errcode = '22023';
  end if;
  select m.role into v_old from public.account_members m
   where m.account_id = v_account and m.user_id = p_user_id for update;
  if not found then
    raise exception 'Member not found' using errcode = 'PT404';
  end if;
  if v_old = 'owner' then
    raise exception 'The owner''s role cannot be changed' using errcode = '42501';
  end if;
  update public.account_members set role = p_role where account_id = v_account and user_id = p_user_id;
  perform private.log(v_account, 'change_member_role',
    format('%s: %s → %s', (select u.email from auth.users u where u.id = p_user_id), v_old, p_role));
end;
$$;
revoke all on function private.team_change_role(uuid, text) from public;
grant execute on function private.team_change_role(uuid, text) to authenticated, service_role;

create or replace function private.team_remove(p_user_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_account uuid := private.require_role(array['owner', 'manager']);
  v_role text;
begin
  select m.role into v_role from public.account_members m
   where m.account_id = v_account and m.user_id = p_user_id for update;
  if not found then
    raise exception 'Member not found' using errcode = 'PT404';
  end if;
  if v_role = 'owner' then
    raise exception 'The owner cannot be removed' using errcode = '42501';
  end if;
  perform private.log(v_account, 'remove_member',
    format('Removed %s (%s)', (select u.email from auth.users u where u.id = p_user_id), v_role));
  delete from public.account_members where account_id = v_account and user_id = p_user_id;
end;
$$;
revoke all on function private.team_remove(uuid) from public;
grant execute on function private.team_remove(uuid) to authenticated, service_role;

-- Transfer ownership: the caller (the owner of their current account) hands the account to
-- another member. Under the account row's lock (taken first, as team_invite does, then the
-- memberships): the target becomes owner and primary owner, the caller a manager (two statements:
-- the one-owner index is checked row by row). If the account was the caller's personal account
-- it stops being personal and the caller gets a new, empty personal account (free plan), so they
-- always have a stockroom of their own; they stay here as a manager and this stays their current
-- account. Billing (the subscription, and the eBay connection) stays with the account, so from
-- now on it is the new owner's to see.
create or replace function private.team_transfer_ownership(p_user_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_account uuid := private.require_role(array['owner']);
  v_caller uuid := auth.uid();
  v_personal boolean;
  v_target_role text;
begin
  if v_account is null then
    raise exception 'Not authenticated' using errcode = '42501';
  end if;
  select a.personal_account into v_personal from public.accounts a where a.id = v_account for update;
  if p_user_id is null or p_user_id = v_caller then
    raise exception 'You own this account already: choose another member to hand it to' using errcode = '22023';
  end if;
  select m.role into v_target_role from public.account_members m
   where m.account_id = v_account and m.user_id = p_user_id for update;
  if not found then
    raise exception 'Member not found: ownership goes to a member of this account' using errcode = 'PT404';
  end if;

  update public.account_members m set role = 'manager'
   where m.account_id = v_account and m.user_id = v_caller;
  update public.account_members m set role = 'owner'
   where m.account_id = v_account and m.user_id = p_user_id;
  update public.accounts a set primary_owner_user_id = p_user_id, personal_account = false
   where a.id = v_account;
  -- the caller keeps acting on this account, also now that they own another one
  insert into private.current_accounts (user_id, account_id) values (v_caller, v_account)
  on conflict (user_id) do update set account_id = excluded.account_id;
  if v_personal then
    perform private.create_personal_account(v_caller);
  end if;

  perform private.log(v_account, 'transfer_ownership',
    format('Transferred ownership from %s to %s',
           (select u.email from auth.users u where u.id = v_caller),
           (select u.email from auth.users u where u.id = p_user_id)));
end;
$$;
revoke all on function private.team_transfer_ownership(uuid) from public;
grant execute on function private.team_transfer_ownership(uuid) to authenticated, service_role;

create or replace function private.team_leave(p_account_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_role text;
begin
  if auth.uid() is null then
    raise exception 'Not authenticated' using errcode = '42501';
  end if;
  select m.role into v_role from public.account_members m
   where m.account_id = p_account_id and m.user_id = auth.uid() for update;
  if not found then
    raise exception 'Account not found' using errcode = 'PT404';
  end if;
  if v_role = 'owner' then
    raise exception 'The owner cannot leave their own account' using errcode = '22023';
  end if;
  -- logged in the account left, as the member still in it
  insert into private.current_accounts (user_id, account_id) values (auth.uid(), p_account_id)
  on conflict (user_id) do update set account_id = excluded.account_id;
  perform private.log(p_account_id, 'leave_account',
    format('%s left', (select u.email from auth.users u where u.id = auth.uid())));
  delete from public.account_members where account_id = p_account_id and user_id = auth.uid();
  delete from private.current_accounts where user_id = auth.uid();
end;
$$;
revoke all on function private.team_leave(uuid) from public;
grant execute on function private.team_leave(uuid) to authenticated, service_role;

create or replace function private.team_switch(p_account_id uuid)
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
begin
  if auth.uid() is null then
    raise exception 'Not authenticated' using errcode = '42501';
  end if;
  if not private.is_member(p_account_id) then
    raise exception 'Account not found' using errcode = 'PT404';
  end if;
  insert into private.current_accounts (user_id, account_id) values (auth.uid(), p_account_id)
  on conflict (user_id) do update set account_id = excluded.account_id;
  update public.account_members m set last_active_at = now()
   where m.account_id = p_account_id and m.user_id = auth.uid();
  return p_account_id;
end;
$$;
revoke all on function private.team_switch(uuid) from public;
grant execute on function private.team_switch(uuid) to authenticated, service_role;

-- The member list of the current account, with e-mails (auth.users is not readable by the API).
-- A member's last activity is read from the log lines they wrote there (storage_logs.user_id),
-- with the membership's own stamp (joined, or switched to the account) as the floor for a
-- member whose lines have been trimmed away.
create or replace function private.team_list()
returns table (user_id uuid, email text, role text, joined_at timestamp with time zone, last_active_at timestamp with time zone, is_you boolean)
language sql
stable
security definer
set search_path = ''
as $$
  select m.user_id, u.email::text, m.role, m.joined_at,
         greatest(m.last_active_at,
                  (select max(l."timestamp") from public.storage_logs l
                    where l.user_id = m.user_id and l.account_id = m.account_id)),
         m.user_id = auth.uid()
    from public.account_members m join auth.users u on u.id = m.user_id
   where m.account_id = private.current_account()
   order by case m.role when 'owner' then 0 when 'manager' then 1 else 2 end, u.email
$$;
revoke all on function private.team_list() from public;
grant execute on function private.team_list() to authenticated, service_role;

-- Team invitations for the invitee (issue #27, app part): an invited user cannot read the
-- account they were invited to (no membership yet), nor the inviter's e-mail (auth.users), so
-- two read-only functions answer for the caller only:
--   my_invitations()  the pending, unexpired invitations to the caller's e-mail address, with
--                     the account's name, the role and who invited them (the dashboard notice
--                     and the /accept-invite page);
--   has_password()    whether the caller has chosen a password yet (an invited user signed in
--                     by the mail's link has none: the accept page asks for one).
-- As with the other team functions, the browser calls a security invoker function in public
-- that calls a security definer worker in private (so the linter's list of definer functions
-- the browser can call stays the reviewed two).
create or replace function private.team_my_invitations()
returns table (id uuid, account_name text, role text, inviter_email text, expires_at timestamp with time zone)
language sql
stable
security definer
set search_path = ''
as $$
  select i.id, a.name, i.role, inv.email::text, i.expires_at
    from public.account_invitations i
    join public.accounts a on a.id = i.account_id
    left join auth.users inv on inv.id = i.invited_by
   where auth.uid() is not null
     and lower(i.email) = (select lower(u.email) from auth.users u where u.id = auth.uid())
     and i.accepted_at is null
     and i.expires_at > now()
     -- already a member (joined by another invitation of the same account): nothing to accept
     and not exists (select 1 from public.account_members m
                      where m.account_id = i.account_id and m.user_id = auth.uid())
   order by i.created_at desc
$$;
revoke all on function private.team_my_invitations() from public;
grant execute on function private.team_my_invitations() to authenticated, service_role;

create or replace function private.team_has_password()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(u.encrypted_password, '') <> '' from auth.users u where u.id = auth.uid()
$$;
revoke all on function private.team_has_password() from public;
grant execute on function private.team_has_password() to authenticated, service_role;

-- ---------------------------------------------------------------------------------------------
-- The API
-- ---------------------------------------------------------------------------------------------
-- The API.
create or replace function public.invite_member(p_email text, p_role text default 'picker'::text)
returns public.account_invitations
language sql
set search_path = ''
as $$ select private.team_invite(p_email, p_role) $$;
comment on function public.invite_member(text, text) is
  'Owner or manager: invite an e-mail address to the current account as manager or picker (takes a seat; inviting again renews it). One mail per address a minute, 3 an hour; 20 per account an hour (429).';
revoke all on function public.invite_member(text, text) from public, anon;

create or replace function public.withdraw_invitation(p_invitation_id uuid)
returns void
language sql
set search_path = ''
as $$ select private.team_withdraw(p_invitation_id) $$;
comment on function public.withdraw_invitation(uuid) is
  'Owner or manager: withdraw a pending invitation (frees its seat).';
revoke all on function public.withdraw_invitation(uuid) from public, anon;

create or replace function public.release_invitation_mail(p_account_id uuid, p_invitation_id uuid)
returns text
language sql
set search_path = ''
as $$ select private.team_release_mail(p_account_id, p_invitation_id) $$;
comment on function public.release_invitation_mail(uuid, uuid) is
  'Service role (team-invite): an invitation mail Auth did not send gives back its mail, and its seat or the renewal it made. Returns withdrawn, restored or none.';
revoke all on function public.release_invitation_mail(uuid, uuid) from public, anon, authenticated;

create or replace function public.accept_invitation(p_invitation_id uuid)
returns uuid
language sql
set search_path = ''
as $$ select private.team_accept(p_invitation_id) $$;
comment on function public.accept_invitation(uuid) is
  'The invited address''s user joins the account with the invited role, when its plan has a free seat; it becomes their current account. Returns its id.';
revoke all on function public.accept_invitation(uuid) from public, anon;

create or replace function public.change_member_role(p_user_id uuid, p_role text)
returns void
language sql
set search_path = ''
as $$ select private.team_change_role(p_user_id, p_role) $$;
comment on function public.change_member_role(uuid, text) is
  'Owner or manager: make a member a manager or a picker.';
revoke all on function public.change_member_role(uuid, text) from public, anon;

create or replace function public.remove_member(p_user_id uuid)
returns void
language sql
set search_path = ''
as $$ select private.team_remove(p_user_id) $$;
comment on function public.remove_member(uuid) is
  'Owner or manager: remove a member (never the owner); refused at their next request.';
revoke all on function public.remove_member(uuid) from public, anon;

create or replace function public.transfer_ownership(p_user_id uuid)
returns void
language sql
set search_path = ''
as $$ select private.team_transfer_ownership(p_user_id) $$;
comment on function public.transfer_ownership(uuid) is
  'Owner only: hand the current account to another member, who becomes its owner; the caller stays as a manager (and gets a new personal account if this was theirs). Logged.';
revoke all on function public.transfer_ownership(uuid) from public, anon;

create or replace function public.leave_account(p_account_id uuid)
returns void
language sql
set search_path = ''
as $$ select private.team_leave(p_account_id) $$;
comment on function public.leave_account(uuid) is 'A member (not the owner) leaves an account.';
revoke all on function public.leave_account(uuid) from public, anon;

create or replace function public.switch_account(p_account_id uuid)
returns uuid
language sql
set search_path = ''
as $$ select private.team_switch(p_account_id) $$;
comment on function public.switch_account(uuid) is
  'Act on another account the caller is a member of (their current account).';
revoke all on function public.switch_account(uuid) from public, anon;

create or replace function public.team_members()
returns table (user_id uuid, email text, role text, joined_at timestamp with time zone, last_active_at timestamp with time zone, is_you boolean)
language sql
stable
set search_path = ''
as $$ select * from private.team_list() $$;
comment on function public.team_members() is
  'The members of the current account with role and last activity (the Team screen).';
revoke all on function public.team_members() from public, anon;

-- The accounts the caller belongs to, for the account switcher, with each account's plan (the
-- one its limits and features follow).
create or replace function public.my_accounts()
returns table (account_id uuid, name text, role text, plan_id text, is_current boolean)
language sql
stable
set search_path = ''
as $$
  select a.id, a.name, m.role, a.plan_id, a.id = (select private.current_account())
    from public.account_members m join public.accounts a on a.id = m.account_id
   where m.user_id = (select auth.uid())
   order by (m.role = 'owner') desc, a.name
$$;
comment on function public.my_accounts() is
  'The accounts the caller is a member of, with their role, their plan and which one is current.';
revoke all on function public.my_accounts() from public, anon;

create or replace function public.my_invitations()
returns table (id uuid, account_name text, role text, inviter_email text, expires_at timestamp with time zone)
language sql
stable
set search_path = ''
as $$ select * from private.team_my_invitations() $$;
comment on function public.my_invitations() is
  'The pending invitations to the caller''s e-mail address: account name, role, inviter, expiry (the invitee cannot read the account).';
revoke all on function public.my_invitations() from public, anon;

create or replace function public.has_password()
returns boolean
language sql
stable
set search_path = ''
as $$ select private.team_has_password() $$;
comment on function public.has_password() is
  'Whether the caller has a password (an invited user signed in by the mail link has none yet).';
revoke all on function public.has_password() from public, anon;
