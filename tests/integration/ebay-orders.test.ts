/**
 * The account's eBay orders in the database (issue 39): the server fetches them for the account
 * and stores them; every member reads them from there, nobody else does, and no browser writes
 * them. A second refresh within the rate limit reads the stored orders without asking eBay.
 * Members learn the account's connection but never a token column.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { SANDBOX_ORDERS } from '../../local/sandboxes/ebay-catalogue.ts';
import { createSeller, type Seller } from '../helpers/billing.ts';
import { closeDb, db, setPlan } from '../helpers/db-users.ts';
import { serviceClient } from '../helpers/stack.ts';
import { connectEbay, connectionStats, ebaySandbox, getFunction } from '../helpers/ebay.ts';

afterAll(closeDb);

async function join(owner: Seller, member: Seller, role: 'manager' | 'picker'): Promise<void> {
  const invited = await owner.client.rpc('invite_member', { p_email: member.email, p_role: role });
  expect(invited.error).toBeNull();
  const accepted = await member.client.rpc('accept_invitation', {
    p_invitation_id: (invited.data as { id: string }).id,
  });
  expect(accepted.error).toBeNull();
}

async function eliteOwnerWithPicker() {
  const owner = await createSeller('ebay-orders');
  await setPlan(owner.accountId, 'elite');
  expect((await connectEbay(owner.token)).status).toBe(200);
  const picker = await createSeller('ebay-orders');
  await join(owner, picker, 'picker');
  return { owner, picker };
}

interface Fetch {
  fetched: boolean;
  fetchedAt: string | null;
  total: number;
  retryAfterSeconds: number | null;
}

describe('eBay orders stored for the account', () => {
  it('a fetch stores them for every member; a second refresh within the limit asks eBay nothing', async () => {
    const { owner, picker } = await eliteOwnerWithPicker();
    const first = await getFunction<Fetch>('ebay-get-orders', owner.token, { country: 'GB' });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ fetched: true, total: SANDBOX_ORDERS.length });
    expect(first.body.fetchedAt).not.toBeNull();
    const calls = (await connectionStats(owner.accountId)).calls.orders;
    expect(calls).toBe(1);

    // The picker reads the same orders from the database, lines and eBay's status included.
    const { data, error } = await picker.client
      .from('ebay_orders')
      .select('order_id, buyer, status, ebay_order_lines(line_item_id, sku, title, quantity)');
    expect(error).toBeNull();
    expect(data!.map((o) => o.order_id).sort()).toEqual(
      SANDBOX_ORDERS.map((o) => o.orderId).sort(),
    );
    const sample = SANDBOX_ORDERS[0]!;
    const stored = data!.find((o) => o.order_id === sample.orderId)!;
    expect(stored).toMatchObject({ buyer: sample.buyer, status: sample.status });
    expect(stored.ebay_order_lines.map((l) => l.sku)).toEqual(sample.lineItems.map((l) => l.sku));

    // The picker's refresh within the window: no eBay call, the stored fetch is the answer.
    const second = await getFunction<Fetch>('ebay-get-orders', picker.token, { country: 'GB' });
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({ fetched: false, fetchedAt: first.body.fetchedAt });
    expect(second.body.retryAfterSeconds).toBeGreaterThan(0);
    expect((await connectionStats(owner.accountId)).calls.orders).toBe(calls);
    const fetches = await picker.client.from('ebay_order_fetches').select('fetched_at, total');
    expect(fetches.data).toEqual([
      { fetched_at: first.body.fetchedAt, total: SANDBOX_ORDERS.length },
    ]);
  });

  it('members cannot write orders; another account cannot see them', async () => {
    const { owner, picker } = await eliteOwnerWithPicker();
    expect((await getFunction('ebay-get-orders', owner.token)).status).toBe(200);
    const order = SANDBOX_ORDERS[0]!.orderId;

    for (const client of [owner.client, picker.client]) {
      const inserted = await client.from('ebay_orders').insert({
        account_id: owner.accountId,
        order_id: 'forged-1',
        status: 'NOT_STARTED',
        created_on_ebay: new Date().toISOString(),
      });
      expect(inserted.error?.code).toBe('42501');
      const updated = await client
        .from('ebay_orders')
        .update({ status: 'FULFILLED' })
        .eq('order_id', order)
        .select();
      expect(updated.error?.code).toBe('42501');
      const lines = await client.from('ebay_order_lines').delete().eq('order_id', order).select();
      expect(lines.error?.code).toBe('42501');
      const fetched = await client.rpc('store_ebay_orders', {
        p_account_id: owner.accountId,
        p_orders: [],
        p_total: 0,
        p_more: false,
      });
      expect(fetched.error).not.toBeNull();
    }
    const { rows } = await db().query(
      `select status from public.ebay_orders where account_id = $1 and order_id = $2`,
      [owner.accountId, order],
    );
    expect(rows[0].status).toBe(SANDBOX_ORDERS[0]!.status);

    const stranger = await createSeller('ebay-orders');
    await setPlan(stranger.accountId, 'elite');
    for (const table of ['ebay_orders', 'ebay_order_lines', 'ebay_order_fetches'] as const) {
      const seen = await stranger.client.from(table).select('account_id');
      expect(seen.error).toBeNull();
      expect(seen.data).toEqual([]);
    }
  });

  it('keeps a cancelled order with eBay status and drops lines eBay no longer lists', async () => {
    const { owner } = await eliteOwnerWithPicker();
    const orders = [
      {
        orderId: 'o-1',
        creationDate: new Date().toISOString(),
        buyer: 'jo',
        status: 'NOT_STARTED',
        total: { value: '12.50', currency: 'GBP' },
        lineItems: [
          { lineItemId: 'l-1', legacyItemId: '1', sku: 'A', title: 'A', quantity: 1 },
          { lineItemId: 'l-2', legacyItemId: '2', sku: 'B', title: 'B', quantity: 2 },
        ],
      },
    ];
    const admin = serviceClient();
    const store = (page: unknown) =>
      admin.rpc('store_ebay_orders', {
        p_account_id: owner.accountId,
        p_orders: page,
        p_total: 1,
        p_more: false,
      });
    expect((await store(orders)).data).toBe(1);
    // The same page again changes nothing (no live-sync churn for unchanged rows).
    expect((await store(orders)).data).toBe(0);
    const cancelled = [
      { ...orders[0]!, status: 'CANCELLED', lineItems: [orders[0]!.lineItems[0]] },
    ];
    expect((await store(cancelled)).data).toBe(1);
    const { data } = await owner.client
      .from('ebay_orders')
      .select('status, total_value, ebay_order_lines(line_item_id)')
      .eq('order_id', 'o-1')
      .single();
    expect(data).toEqual({
      status: 'CANCELLED',
      total_value: '12.50',
      ebay_order_lines: [{ line_item_id: 'l-1' }],
    });
  });
});

describe('the account connection as members see it', () => {
  it('a picker reads connected, the eBay user and since when, but no token column', async () => {
    const { owner, picker } = await eliteOwnerWithPicker();
    const stats = await ebaySandbox<{ userId: string }>(
      `stats?token=${encodeURIComponent(
        (
          await db().query('select refresh_token from public.ebay_tokens where account_id = $1', [
            owner.accountId,
          ])
        ).rows[0].refresh_token,
      )}`,
    );
    const seen = await picker.client.rpc('get_ebay_connection');
    expect(seen.error).toBeNull();
    expect(seen.data).toEqual([
      { connected: true, ebay_user: stats.userId, connected_at: expect.any(String) },
    ]);
    expect(JSON.stringify(seen.data)).not.toContain('v^1.1');

    const tokens = await picker.client.from('ebay_tokens').select('access_token');
    expect(tokens.error?.code).toBe('42501');
    const rows = await picker.client.from('ebay_tokens').select('account_id, ebay_user');
    expect(rows.data).toEqual([]);

    const stranger = await createSeller('ebay-orders');
    const none = await stranger.client.rpc('get_ebay_connection');
    expect(none.data).toEqual([{ connected: false, ebay_user: null, connected_at: null }]);
  });
});
