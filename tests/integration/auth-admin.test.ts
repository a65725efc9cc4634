// The admin users API: allowed with the service_role key, refused with the anon key or a
// user's token.
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ws from 'ws';
import { followLink, linkIn, waitForMail } from '../helpers/mailbox.ts';
import { stack } from '../helpers/stack.ts';

function client(key: string): SupabaseClient {
  return createClient(stack().apiUrl, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: ws as never },
  });
}

const newEmail = () => `${crypto.randomUUID()}@example.test`;

describe('admin users', () => {
  let admin: SupabaseClient;
  let db: pg.Client;
  beforeAll(async () => {
    admin = client(stack().serviceRoleKey);
    db = new pg.Client({ connectionString: stack().dbUrl });
    await db.connect();
  });
  afterAll(async () => {
    await db.end();
  });

  it('creates a confirmed user who can sign in at once, with a bcrypt-hashed password', async () => {
    const email = newEmail();
    const { data, error } = await admin.auth.admin.createUser({
      email,
      password: 'admin made 123',
      email_confirm: true,
      user_metadata: { name: 'Ada' },
      app_metadata: { team: 'ops' },
    });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({
      email,
      aud: 'authenticated',
      role: 'authenticated',
      user_metadata: { name: 'Ada' },
      app_metadata: { provider: 'email', providers: ['email'], team: 'ops' },
    });
    expect(data.user?.email_confirmed_at).toBeTruthy();

    const row = await db.query<{ encrypted_password: string }>(
      'select encrypted_password from auth.users where id = $1',
      [data.user!.id],
    );
    expect(row.rows[0]?.encrypted_password).toMatch(/^\$2[aby]\$10\$/);
    expect(row.rows[0]?.encrypted_password).not.toContain('admin made 123');

    const signIn = await client(stack().anonKey).auth.signInWithPassword({
      email,
      password: 'admin made 123',
    });
    expect(signIn.error).toBeNull();
    expect(signIn.data.session?.user.app_metadata).toMatchObject({ team: 'ops' });
  });

  it('creates an unconfirmed user by default, who cannot sign in yet', async () => {
    const email = newEmail();
    await admin.auth.admin.createUser({ email, password: 'admin made 123' });
    const signIn = await client(stack().anonKey).auth.signInWithPassword({
      email,
      password: 'admin made 123',
    });
    expect(signIn.error?.code).toBe('email_not_confirmed');
  });

  it('gets, lists, updates and deletes users', async () => {
    const email = newEmail();
    const id = (await admin.auth.admin.createUser({ email, email_confirm: true })).data.user!.id;

    const got = await admin.auth.admin.getUserById(id);
    expect(got.data.user?.email).toBe(email);

    const list = await admin.auth.admin.listUsers({ page: 1, perPage: 1000 });
    expect(list.error).toBeNull();
    expect(list.data.users.some((u) => u.id === id)).toBe(true);
    const paged = await admin.auth.admin.listUsers({ page: 1, perPage: 1 });
    expect(paged.data.users).toHaveLength(1);
    expect((paged.data as { total?: number }).total).toBeGreaterThan(1);

    const updated = await admin.auth.admin.updateUserById(id, {
      password: 'set by admin 1',
      user_metadata: { name: 'Grace' },
      ban_duration: '1h',
    });
    expect(updated.error).toBeNull();
    expect(updated.data.user?.user_metadata).toEqual({ name: 'Grace' });
    const banned = await client(stack().anonKey).auth.signInWithPassword({
      email,
      password: 'set by admin 1',
    });
    expect(banned.error?.code).toBe('user_banned');
    await admin.auth.admin.updateUserById(id, { ban_duration: 'none' });
    const unbanned = await client(stack().anonKey).auth.signInWithPassword({
      email,
      password: 'set by admin 1',
    });
    expect(unbanned.error).toBeNull();

    const deleted = await admin.auth.admin.deleteUser(id);
    expect(deleted.error).toBeNull();
    const gone = await admin.auth.admin.getUserById(id);
    expect(gone.error?.status).toBe(404);
    expect(gone.error?.code).toBe('user_not_found');
    const rows = await db.query('select 1 from auth.users where id = $1', [id]);
    expect(rows.rowCount).toBe(0);
  });

  it('refuses duplicate addresses', async () => {
    const email = newEmail();
    await admin.auth.admin.createUser({ email });
    const again = await admin.auth.admin.createUser({ email: email.toUpperCase() });
    expect(again.error?.code).toBe('email_exists');
    expect(again.error?.status).toBe(422);
  });

  it('is refused with the anon key and with a user token', async () => {
    const anon = client(stack().anonKey);
    const listed = await anon.auth.admin.listUsers();
    expect(listed.error?.code).toBe('not_admin');
    expect(listed.error?.status).toBe(403);
    const created = await anon.auth.admin.createUser({ email: newEmail() });
    expect(created.error?.code).toBe('not_admin');

    const email = newEmail();
    await admin.auth.admin.createUser({ email, password: 'user token 123', email_confirm: true });
    const session = (await anon.auth.signInWithPassword({ email, password: 'user token 123' })).data
      .session!;
    const res = await fetch(`${stack().apiUrl}/auth/v1/admin/users`, {
      headers: { apikey: stack().anonKey, Authorization: `Bearer ${session.access_token}` },
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ error_code: 'not_admin', msg: 'User not allowed' });
  });

  it('invites a user, who accepts from the mail and chooses a password', async () => {
    const email = newEmail();
    const invited = await admin.auth.admin.inviteUserByEmail(email, {
      data: {
        invited_by: 'ops',
        inviter_name: 'owner@example.test',
        account_name: 'Corner Shop',
        role_label: 'a picker',
      },
      redirectTo: `${stack().appUrl}/login`,
    });
    expect(invited.error).toBeNull();
    expect(invited.data.user?.invited_at).toBeTruthy();
    expect(invited.data.user?.email_confirmed_at).toBeUndefined();

    // Rendered from supabase/templates/invite.html as config.toml wires it (issue #39 point 4).
    const mail = await waitForMail(
      stack().mailboxUrl,
      email,
      "You're invited to a stockroom on Stockroom",
    );
    expect(mail.text).toContain(
      'owner@example.test invited you to work in the stockroom Corner Shop as a picker.',
    );
    expect(mail.text).toContain('Join Corner Shop on Stockroom');
    expect(mail.text).toMatch(/Or enter this code: \d{6}/);
    const followed = await followLink(linkIn(mail));
    expect(followed.fragment.get('type')).toBe('invite');
    const invitee = client(stack().anonKey);
    await invitee.auth.setSession({
      access_token: followed.fragment.get('access_token')!,
      refresh_token: followed.fragment.get('refresh_token')!,
    });
    expect((await invitee.auth.updateUser({ password: 'chosen password 8' })).error).toBeNull();
    const signIn = await client(stack().anonKey).auth.signInWithPassword({
      email,
      password: 'chosen password 8',
    });
    expect(signIn.error).toBeNull();
    expect(signIn.data.user?.user_metadata).toMatchObject({ invited_by: 'ops' });

    const again = await admin.auth.admin.inviteUserByEmail(email);
    expect(again.error?.code).toBe('email_exists');
  });

  it('generates a recovery link without sending mail', async () => {
    const email = newEmail();
    await admin.auth.admin.createUser({ email, email_confirm: true });
    const { data, error } = await admin.auth.admin.generateLink({ type: 'recovery', email });
    expect(error).toBeNull();
    expect(data.properties?.action_link).toContain('/auth/v1/verify?token=');
    expect(data.properties?.email_otp).toMatch(/^\d{6}$/);
    const verified = await client(stack().anonKey).auth.verifyOtp({
      token_hash: data.properties!.hashed_token,
      type: 'recovery',
    });
    expect(verified.error).toBeNull();
    expect(verified.data.session?.user.email).toBe(email);
  });
});
