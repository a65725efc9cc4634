/**
 * Team invitations for the invitee and by mail (issue #27, app part; supabase/schemas/80_team.sql and netlify/functions/team-invite.ts): my_invitations()
 * and has_password() answer for the caller only; the team-invite function makes the invitation
 * with the caller's token (the database decides) and mails the link through Supabase Auth, which
 * the local mailbox receives. Issue #38: the mails are limited per address and per account, a
 * mail Auth does not send gives back what its invitation took, acceptance needs a free seat, and
 * addresses follow Auth's rule.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { validateEmail } from '../../local/auth/validate.ts';
import { texts } from '../../src/lib/messages.ts';
import { callFunction, createSeller } from '../helpers/billing.ts';
import {
  anonDbClient,
  closeDb,
  createDbUser,
  createDbUsers,
  db,
  setPlan,
} from '../helpers/db-users.ts';
import { followLink, linkIn, listMail, waitForMail } from '../helpers/mailbox.ts';
import { stack } from '../helpers/stack.ts';

afterAll(closeDb);

/** As if `seconds` had passed since the account's invitation mails (the limits count by time). */
async function mailsAgo(accountId: string, seconds: number): Promise<void> {
  await db().query(
    `update private.invitation_mails set sent_at = sent_at - make_interval(secs => $2)
      where account_id = $1`,
    [accountId, seconds],
  );
}

describe('my_invitations', () => {
  it("lists the pending invitations to the caller's address, with account, role and inviter", async () => {
    const owner = await createDbUser({ plan: 'power', prefix: 'myinv-owner' });
    const [invitee, other] = await createDbUsers(2, { prefix: 'myinv' });
    const invited = await owner.client.rpc('invite_member', {
      p_email: invitee!.email.toUpperCase(),
      p_role: 'picker',
    });
    expect(invited.error).toBeNull();

    const mine = await invitee!.client.rpc('my_invitations');
    expect(mine.error).toBeNull();
    expect(mine.data).toEqual([
      {
        id: (invited.data as { id: string }).id,
        account_name: owner.email,
        role: 'picker',
        inviter_email: owner.email,
        expires_at: expect.any(String),
      },
    ]);
    // nobody else sees it
    expect((await other!.client.rpc('my_invitations')).data).toEqual([]);
    expect((await owner.client.rpc('my_invitations')).data).toEqual([]);

    // accepted: gone from the list
    const accepted = await invitee!.client.rpc('accept_invitation', {
      p_invitation_id: (invited.data as { id: string }).id,
    });
    expect(accepted.error).toBeNull();
    expect((await invitee!.client.rpc('my_invitations')).data).toEqual([]);
    // and from the owner's pending list, read as the Team page reads it (issue #39, point 3)
    const pending = await owner.client
      .from('account_invitations')
      .select('id')
      .eq('account_id', owner.accountId)
      .is('accepted_at', null);
    expect(pending.error).toBeNull();
    expect(pending.data).toEqual([]);
  });

  it('leaves out expired and withdrawn invitations', async () => {
    const owner = await createDbUser({ plan: 'elite', prefix: 'myinv-exp' });
    const [a, b] = await createDbUsers(2, { prefix: 'myinv-exp' });
    const ia = await owner.client.rpc('invite_member', { p_email: a!.email, p_role: 'manager' });
    const ib = await owner.client.rpc('invite_member', { p_email: b!.email, p_role: 'picker' });
    await db().query(
      `update public.account_invitations set expires_at = now() - interval '1 minute' where id = $1`,
      [(ia.data as { id: string }).id],
    );
    expect((await a!.client.rpc('my_invitations')).data).toEqual([]);
    expect(
      (
        await owner.client.rpc('withdraw_invitation', {
          p_invitation_id: (ib.data as { id: string }).id,
        })
      ).error,
    ).toBeNull();
    expect((await b!.client.rpc('my_invitations')).data).toEqual([]);
  });

  it('is refused to anon', async () => {
    const { anonDbClient } = await import('../helpers/db-users.ts');
    const res = await anonDbClient().rpc('my_invitations');
    expect(res.error).not.toBeNull();
  });
});

describe('has_password', () => {
  it('says whether the caller has chosen a password', async () => {
    const seller = await createSeller('haspw');
    expect((await seller.client.rpc('has_password')).data).toBe(true);
    const minted = await createDbUser({ prefix: 'haspw-none' });
    expect((await minted.client.rpc('has_password')).data).toBe(false);
  });
});

describe('team-invite function', () => {
  const site = () => stack().appUrl;

  it("invites a new address: the invitation is made and Auth's invite mail links to /accept-invite", async () => {
    const owner = await createSeller('tinv-owner');
    await setPlan(owner.accountId, 'power');
    const email = `tinv-new-${Date.now().toString(36)}@example.test`;
    const res = await callFunction<{
      invitation: { id: string; email: string; role: string };
      mail: string;
    }>('team-invite', { email, role: 'picker' }, owner.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ invitation: { email, role: 'picker' }, mail: 'invite' });

    const mail = await waitForMail(stack().mailboxUrl, email, /invited/i);
    const followed = await followLink(linkIn(mail));
    expect(
      followed.location.startsWith(`${site()}/accept-invite?invitation=${res.body.invitation.id}`),
    ).toBe(true);
    const access = followed.fragment.get('access_token');
    expect(access).toBeTruthy();

    // the invitee, signed in by the link, sees the invitation and has no password yet
    const { clientWithToken } = await import('../helpers/db-users.ts');
    const invitee = clientWithToken(access!);
    expect((await invitee.rpc('has_password')).data).toBe(false);
    const mine = await invitee.rpc('my_invitations');
    expect(mine.data).toMatchObject([
      { id: res.body.invitation.id, role: 'picker', inviter_email: owner.email },
    ]);
  });

  it('sends a magic link to an address that already has an account, and Resend mails again', async () => {
    const owner = await createSeller('tinv-owner2');
    await setPlan(owner.accountId, 'growing');
    const member = await createSeller('tinv-existing');
    const first = await callFunction<{ invitation: { id: string }; mail: string }>(
      'team-invite',
      { email: member.email, role: 'manager' },
      owner.token,
    );
    expect(first.status).toBe(200);
    expect(first.body.mail).toBe('magiclink');
    const mail = await waitForMail(stack().mailboxUrl, member.email, /sign-in link/i);
    const followed = await followLink(linkIn(mail));
    expect(
      followed.location.startsWith(
        `${site()}/accept-invite?invitation=${first.body.invitation.id}`,
      ),
    ).toBe(true);

    const before = (await listMail(stack().mailboxUrl, member.email)).length;
    await mailsAgo(owner.accountId, 61);
    const again = await callFunction<{ invitation: { id: string } }>(
      'team-invite',
      { email: member.email, role: 'picker' },
      owner.token,
    );
    expect(again.status).toBe(200);
    // the same invitation, renewed (the seat is not taken twice)
    expect(again.body.invitation.id).toBe(first.body.invitation.id);
    await expect
      .poll(async () => (await listMail(stack().mailboxUrl, member.email)).length)
      .toBeGreaterThan(before);
  });

  it("passes the database's refusals on: a picker, a full plan, a bad address, no token", async () => {
    const owner = await createSeller('tinv-refuse');
    await setPlan(owner.accountId, 'growing');
    const picker = await createSeller('tinv-picker');
    const invited = await owner.client.rpc('invite_member', {
      p_email: picker.email,
      p_role: 'picker',
    });
    expect(invited.error).toBeNull();
    expect(
      (
        await picker.client.rpc('accept_invitation', {
          p_invitation_id: (invited.data as { id: string }).id,
        })
      ).error,
    ).toBeNull();

    // an address of this test's own, so no other test's mail to it can show up
    const someone = `tinv-someone-${crypto.randomUUID().slice(0, 8)}@example.test`;
    const byPicker = await callFunction<{ error: string }>(
      'team-invite',
      { email: someone, role: 'picker' },
      picker.token,
    );
    expect(byPicker.status).toBe(403);
    expect(await listMail(stack().mailboxUrl, someone)).toEqual([]);

    // Growing: 2 seats, owner + picker in use
    const full = await callFunction<{ error: string; code: string }>(
      'team-invite',
      { email: `tinv-full-${Date.now().toString(36)}@example.test`, role: 'picker' },
      owner.token,
    );
    expect(full.status).toBe(409);
    expect(full.body.error).toMatch(/^PLAN_LIMIT_REACHED: Your growing plan allows 2 team members/);

    const bad = await callFunction<{ error: string }>(
      'team-invite',
      { email: 'not-an-address', role: 'picker' },
      owner.token,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('Enter an e-mail address like name@example.com');

    const anon = await callFunction('team-invite', { email: 'x@example.test' }, null);
    expect(anon.status).toBe(401);
  });
});

describe('invitation mails (issue #38)', () => {
  it('mails an address once a minute and 3 times an hour, an account 20 times an hour', async () => {
    const owner = await createSeller('tinv-loop');
    await setPlan(owner.accountId, 'power');
    const email = `tinv-loop-${crypto.randomUUID().slice(0, 8)}@example.test`;
    const invite = (address = email) =>
      callFunction<{ error?: string; code?: string }>(
        'team-invite',
        { email: address, role: 'picker' },
        owner.token,
      );

    // The attack (99 calls in 16 s), 20 calls at once here: one mail goes, every other
    // call is told when to retry.
    const calls = await Promise.all(Array.from({ length: 20 }, () => invite()));
    expect(calls.filter((c) => c.status === 200)).toHaveLength(1);
    const refused = calls.filter((c) => c.status !== 200);
    expect(new Set(refused.map((c) => c.status))).toEqual(new Set([429]));
    expect(refused[0]!.body).toMatchObject({ code: 'PT429' });
    expect(refused[0]!.body.error).toMatch(
      /^An invitation was sent to tinv-loop-\w+@example\.test less than a minute ago\. You can send it again in \d+ seconds?$/,
    );
    expect(await listMail(stack().mailboxUrl, email)).toHaveLength(1);

    // A minute later each, a second and a third mail; then the address's hour is full.
    for (let mail = 2; mail <= 3; mail += 1) {
      await mailsAgo(owner.accountId, 61);
      expect((await invite()).status).toBe(200);
    }
    await mailsAgo(owner.accountId, 61);
    const fourth = await invite();
    expect(fourth.status).toBe(429);
    expect(fourth.body.error).toMatch(
      /^tinv-loop-\w+@example\.test has been sent 3 invitation e-mails in the last hour\. You can send another in \d+ minutes$/,
    );
    expect(await listMail(stack().mailboxUrl, email)).toHaveLength(3);

    // The account's hour: 20 invitation mails to any addresses, then none.
    await db().query(
      `insert into private.invitation_mails (account_id, email, sent_at)
       select $1, 'filler-' || n || '@example.test', now() - interval '10 minutes'
         from generate_series(1, 17) n`,
      [owner.accountId],
    );
    const other = `tinv-loop-other-${crypto.randomUUID().slice(0, 8)}@example.test`;
    const full = await invite(other);
    expect(full.status).toBe(429);
    expect(full.body.error).toMatch(
      /^This account has sent 20 invitation e-mails in the last hour\. You can send more in \d+ minutes$/,
    );
    expect(await listMail(stack().mailboxUrl, other)).toEqual([]);
    const { rows } = await db().query(
      `select 1 from public.account_invitations where account_id = $1 and email = $2`,
      [owner.accountId, other],
    );
    expect(rows).toEqual([]);
  });

  it('gives back what an invitation took when Auth does not send its mail, and says so', async () => {
    const owner = await createSeller('tinv-release');
    await setPlan(owner.accountId, 'growing'); // the owner and one more
    const member = await createSeller('tinv-release-member');
    const pending = async () =>
      (
        await db().query<{ role: string; expires_at: Date }>(
          `select role, expires_at from public.account_invitations
            where account_id = $1 and accepted_at is null`,
          [owner.accountId],
        )
      ).rows;
    const mails = async () =>
      (
        await db().query<{ n: number }>(
          'select count(*)::int as n from private.invitation_mails where account_id = $1',
          [owner.accountId],
        )
      ).rows[0]!.n;

    // A pending invitation, mailed over a minute ago.
    const first = await owner.client.rpc('invite_member', {
      p_email: member.email,
      p_role: 'picker',
    });
    expect(first.error).toBeNull();
    await mailsAgo(owner.accountId, 61);
    const before = await pending();

    // The member has just asked for a new password: Auth mails them no magic link for a minute.
    expect((await anonDbClient().auth.resetPasswordForEmail(member.email)).error).toBeNull();
    const resend = await callFunction<{ error: string; code: string }>(
      'team-invite',
      { email: member.email, role: 'manager' },
      owner.token,
    );
    expect(resend.status).toBe(429);
    expect(resend.body).toMatchObject({
      error: texts.invitationNotResent,
      code: 'invitation_not_sent',
    });
    expect(await pending()).toEqual(before); // its role and expiry back
    expect(await mails()).toBe(1);

    // Withdrawn, then invited anew while Auth still refuses: nothing is kept, the seat is free.
    const withdrawn = await owner.client.rpc('withdraw_invitation', {
      p_invitation_id: (first.data as { id: string }).id,
    });
    expect(withdrawn.error).toBeNull();
    const anew = await callFunction<{ error: string; code: string }>(
      'team-invite',
      { email: member.email, role: 'picker' },
      owner.token,
    );
    expect(anew.status).toBe(429);
    expect(anew.body).toMatchObject({
      error: texts.invitationNotSent,
      code: 'invitation_not_sent',
    });
    expect(await pending()).toEqual([]);
    expect(await mails()).toBe(1);
    const seat = await owner.client.rpc('invite_member', {
      p_email: `tinv-release-seat-${crypto.randomUUID().slice(0, 8)}@example.test`,
      p_role: 'picker',
    });
    expect(seat.error).toBeNull();
  });
});

describe('accepting an invitation (issue #38)', () => {
  it('needs a free seat on the plan the account has when accepting', async () => {
    const owner = await createDbUser({ plan: 'power', prefix: 'acc-seat' });
    const invitees = await createDbUsers(4, { prefix: 'acc-seat' });
    const ids: string[] = [];
    for (const invitee of invitees) {
      const invited = await owner.client.rpc('invite_member', {
        p_email: invitee.email,
        p_role: 'picker',
      });
      expect(invited.error).toBeNull();
      ids.push((invited.data as { id: string }).id);
    }
    const acceptAll = () =>
      Promise.all(
        invitees.map((invitee, i) =>
          invitee.client.rpc('accept_invitation', { p_invitation_id: ids[i] }),
        ),
      );
    const members = async () => (await owner.client.rpc('team_members')).data as unknown[];

    // Invited on Power, the plan is now Free: nobody joins.
    await setPlan(owner.accountId, 'free');
    for (const refused of await acceptAll()) {
      expect(refused.error?.code).toBe('P0001');
      expect(refused.error?.message).toBe(
        `PLAN_LIMIT_REACHED: ${owner.email} is on the free plan, which is for the owner only. Ask its owner to upgrade, then accept again`,
      );
    }
    expect(await members()).toHaveLength(1);

    // Growing has one seat beside the owner: one of four acceptances at once gets it.
    await setPlan(owner.accountId, 'growing');
    const accepted = await acceptAll();
    expect(accepted.filter((r) => r.error === null)).toHaveLength(1);
    for (const refused of accepted.filter((r) => r.error !== null)) {
      expect(refused.error?.message).toBe(
        `PLAN_LIMIT_REACHED: ${owner.email} has no free seat: its growing plan allows 2 team members (owner included). Ask its owner to upgrade or free a seat, then accept again`,
      );
    }
    expect(await members()).toHaveLength(2);
    // the other invitations wait for a seat
    const { rows } = await db().query(
      `select 1 from public.account_invitations where account_id = $1 and accepted_at is null`,
      [owner.accountId],
    );
    expect(rows).toHaveLength(3);
  });
});

describe('invitation addresses (issue #38)', () => {
  it('are the addresses Auth accepts; the database refuses any other', async () => {
    const owner = await createDbUser({ plan: 'power', prefix: 'inv-addr' });
    for (const address of ['<script>@x.test', 'gpj.exe\u202E@x.test']) {
      const refused = await owner.client.rpc('invite_member', {
        p_email: address,
        p_role: 'picker',
      });
      expect(refused.error?.code).toBe('22023');
      expect(refused.error?.message).toBe('Enter an e-mail address like name@example.com');
    }

    // Address by address, the database's rule is Auth's (local/auth/validate.ts, GoTrue's).
    const addresses = [
      'name@example.com',
      "o'brien+tag@mail.example.co.uk",
      'x@localhost',
      'A.B-C_D@Sub-Domain.Example.test',
      "!#$%&'*+/=?^_`{|}~-@x.test",
      `a@${'b'.repeat(63)}.test`,
      `${'a'.repeat(242)}@example.test`, // 255 characters
      `${'a'.repeat(243)}@example.test`, // 256
      `a@${'b'.repeat(64)}.test`,
      '<script>@x.test',
      'gpj.exe\u202E@x.test',
      'jos\u00e9@x.test',
      'a@ex\u00e4mple.test',
      '\u212A@x.test',
      'a b@x.test',
      'a"b@x.test',
      'a@x_y.test',
      '@x.test',
      'a@',
      'a@@x.test',
      'a@-x.test',
      'a@x-.test',
      'a@x..test',
      'a@x.test.',
      'a@x.test\n',
      'a@[127.0.0.1]',
      '',
    ];
    const byAuth = addresses.map((address) => {
      try {
        validateEmail(address);
        return true;
      } catch {
        return false;
      }
    });
    const { rows } = await db().query<{ ok: boolean }>(
      `select private.is_valid_email(a) as ok from unnest($1::text[]) with ordinality t(a, n) order by n`,
      [addresses],
    );
    expect(rows.map((r) => r.ok)).toEqual(byAuth);
    expect(byAuth.filter(Boolean)).toHaveLength(7);
  });
});
