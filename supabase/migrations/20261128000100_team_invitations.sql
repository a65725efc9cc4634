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
returns table (id uuid, account_name text, role text, inviter_email text, expires_at timestamptz)
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

create or replace function private.team_has_password()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(u.encrypted_password, '') <> '' from auth.users u where u.id = auth.uid()
$$;

revoke all on function private.team_my_invitations() from public, anon;
grant execute on function private.team_my_invitations() to authenticated, service_role;
revoke all on function private.team_has_password() from public, anon;
grant execute on function private.team_has_password() to authenticated, service_role;

create or replace function public.my_invitations()
returns table (id uuid, account_name text, role text, inviter_email text, expires_at timestamptz)
language sql
stable
set search_path = ''
as $$ select * from private.team_my_invitations() $$;
comment on function public.my_invitations() is
  'The pending invitations to the caller''s e-mail address: account name, role, inviter, expiry (the invitee cannot read the account).';

create or replace function public.has_password()
returns boolean
language sql
stable
set search_path = ''
as $$ select private.team_has_password() $$;
comment on function public.has_password() is
  'Whether the caller has a password (an invited user signed in by the mail link has none yet).';

revoke all on function public.my_invitations() from public, anon;
grant execute on function public.my_invitations() to authenticated, service_role;
revoke all on function public.has_password() from public, anon;
grant execute on function public.has_password() to authenticated, service_role;
