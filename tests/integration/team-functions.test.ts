/**
 * Team (issue #27) and the Netlify functions: they act on the caller's current account with
 * the caller's role, like the database. A picker reads the account's eBay orders through the
 * owner's connection; connecting eBay and billing stay the owner's; a removed member no longer
 * reaches the account's marketplace data.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { SANDBOX_ORDERS } from '../../local/sandboxes/ebay-catalogue.ts';
import { callFunction, createSeller, type Seller } from '../helpers/billing.ts';
import { closeDb, setPlan } from '../helpers/db-users.ts';
import { clearRateLimits, connectEbay, getFunction, newState } from '../helpers/ebay.ts';

afterAll(closeDb);

async function join(owner: Seller, member: Seller, role: 'manager' | 'picker'): Promise<void> {
  const invited = await owner.client.rpc('invite_member', { p_email: member.email, p_role: role });
  expect(invited.error).toBeNull();
  const accepted = await member.client.rpc('accept_invitation', {
    p_invitation_id: (invited.data as { id: string }).id,
  });
  expect(accepted.error).toBeNull();
}

describe('functions act on the current account with the caller role', () => {
  it('a picker reads the account orders; connecting eBay and billing are refused', async () => {
    const owner = await createSeller('team-fn');
    await setPlan(owner.accountId, 'elite');
    const manager = await createSeller('team-fn');
    const picker = await createSeller('team-fn');
    expect((await connectEbay(owner.token)).status).toBe(200);
    await join(owner, manager, 'manager');
    await join(owner, picker, 'picker');

    const orders = await getFunction<{ fetched: boolean }>('ebay-get-orders', picker.token, {
      country: 'GB',
      'user-id': picker.id,
    });
    expect(orders.status).toBe(200);
    expect(orders.body.fetched).toBe(true);
    const stored = await picker.client.from('ebay_orders').select('order_id');
    expect(stored.data!.map((o) => o.order_id).sort()).toEqual(
      SANDBOX_ORDERS.map((o) => o.orderId).sort(),
    );

    // Another person's id in the header is still refused.
    await clearRateLimits(owner.accountId);
    const claimed = await getFunction('ebay-get-orders', picker.token, { 'user-id': owner.id });
    expect(claimed.status).toBe(403);

    const connect = await getFunction('ebay-auth-url?state=' + newState(), picker.token);
    expect(connect.status).toBe(403);
    expect(connect.body).toMatchObject({ code: 'role_refused' });
    const disconnect = await callFunction('ebay-disconnect', {}, manager.token);
    expect(disconnect.status).toBe(403);
    const portal = await callFunction('create-billing-portal-session', {}, manager.token);
    expect(portal.status).toBe(403);
    expect(portal.body).toMatchObject({ error: 'Only the account owner can do this.' });
    const cancel = await callFunction('cancel-subscription', {}, picker.token);
    expect(cancel.status).toBe(403);

    // Removed: the picker's requests act on their own account again, never on the owner's.
    const removed = await owner.client.rpc('remove_member', { p_user_id: picker.id });
    expect(removed.error).toBeNull();
    await clearRateLimits(owner.accountId);
    const after = await getFunction('ebay-get-orders', picker.token);
    expect(after.status).not.toBe(200);
    const gone = await picker.client.from('ebay_orders').select('order_id');
    expect(gone.data).toEqual([]);
  });

  it('an owner acting in another account is not the owner there', async () => {
    const ann = await createSeller('team-fn2');
    const bob = await createSeller('team-fn2');
    await setPlan(ann.accountId, 'power');
    await join(ann, bob, 'manager');
    // Bob now acts in Ann's account (accepting made it current): his own billing is out of reach
    // until he switches back.
    const inAnns = await callFunction('create-billing-portal-session', {}, bob.token);
    expect(inAnns.status).toBe(403);
    const back = await bob.client.rpc('switch_account', { p_account_id: bob.accountId });
    expect(back.error).toBeNull();
    const own = await callFunction('create-billing-portal-session', {}, bob.token);
    expect(own.status).not.toBe(403);
  });
});
