import { afterAll, describe, expect, it } from 'vitest';
import {
  billingState,
  callFunction,
  createSeller,
  flushWebhooks,
  sandbox,
  subscribe,
  type Seller,
} from '../helpers/billing.ts';
import { closeDb, createStorage, db } from '../helpers/db-users.ts';

afterAll(async () => {
  await flushWebhooks();
  await closeDb();
});

const DAY = 86_400_000;

async function counts(userId: string) {
  const { rows } = await db().query<{ rooms: number; units: number; items: number }>(
    `select (select count(*)::int from public.storage_rooms where user_id = $1) as rooms,
            (select count(*)::int from public.storage_units where user_id = $1) as units,
            (select count(*)::int from public.storage_items where user_id = $1) as items`,
    [userId],
  );
  return rows[0]!;
}

/** Time passing, as far as the deadline is concerned. */
async function passDeadline(userId: string): Promise<void> {
  await db().query(
    `update public.subscriptions set deadline_date = now() - interval '1 minute' where user_id = $1`,
    [userId],
  );
}

async function failRenewal(subscriptionId: string): Promise<void> {
  await sandbox(`subscriptions/${subscriptionId}/advance`, { outcome: 'failed' });
}

const runDeadlineJob = () =>
  callFunction<{ downgraded: Array<{ userId: string; items_removed: number }>; failed: string[] }>(
    'enforce-overdue-deadline',
  );

describe('failed payment -> past_due -> deadline', () => {
  it('a failed renewal makes the subscription past_due with an overdue date and a deadline (banner data)', async () => {
    const seller = await createSeller();
    const { subscriptionId } = await subscribe(seller, 'growing');
    const before = Date.now();
    await failRenewal(subscriptionId);

    const state = await billingState(seller.id);
    expect(state).toMatchObject({
      status: 'past_due',
      plan_id: 'growing',
      profile_plan: 'growing',
    });
    expect(state.overdue_date!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(state.deadline_date!.getTime() - state.overdue_date!.getTime()).toBe(7 * DAY);

    // What the SPA reads for the overdue banner, through RLS.
    const { data } = await seller.client
      .from('subscriptions')
      .select('status, deadline_date')
      .single();
    expect(data!.status).toBe('past_due');
    expect(new Date(data!.deadline_date as string).getTime()).toBe(state.deadline_date!.getTime());

    // Stripe retrying and failing again does not move the deadline.
    const retry = await sandbox<{
      events: Array<{ id: string; data: { object: { customer: string } } }>;
    }>('events?type=invoice.payment_failed');
    const failed = retry.events.at(-1)!;
    await sandbox(`events/${failed.id}/resend`, {});
    expect((await billingState(seller.id)).deadline_date).toEqual(state.deadline_date);

    // Before the deadline the job leaves the account alone.
    const early = await runDeadlineJob();
    expect(early.body.downgraded.map((d) => d.userId)).not.toContain(seller.id);
    expect((await billingState(seller.id)).plan_id).toBe('growing');
  });

  it('payment received before the deadline restores active and nothing is deleted', async () => {
    const seller = await createSeller();
    const { subscriptionId, customerId } = await subscribe(seller, 'growing');
    await createStorage(seller.id, { units: 2, items: 5 });
    await createStorage(seller.id, { roomName: 'Loft', units: 2, items: 5 });
    await failRenewal(subscriptionId);

    // The seller updates their card in the billing portal: the open invoice is paid.
    const portal = await callFunction<{ url: string }>(
      'create-billing-portal-session',
      {},
      seller.token,
    );
    const update = await fetch(`${portal.body.url}/card`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'card=ok',
      redirect: 'manual',
    });
    expect(update.status).toBe(303);
    await flushWebhooks();
    expect(await billingState(seller.id)).toMatchObject({
      status: 'active',
      plan_id: 'growing',
      overdue_date: null,
      deadline_date: null,
    });
    expect(customerId).toMatch(/^cus_/);

    // The failure event arriving late (after the payment) does not bring the overdue state back.
    const { events } = await sandbox<{
      events: Array<{ id: string; data: { object: { customer: string } } }>;
    }>('events?type=invoice.payment_failed');
    const late = events.filter((e) => e.data.object.customer === customerId).at(-1)!;
    await db().query('delete from public.stripe_events where event_id = $1', [late.id]);
    await sandbox(`events/${late.id}/resend`, {});
    expect(await billingState(seller.id)).toMatchObject({ status: 'active', overdue_date: null });

    await runDeadlineJob();
    expect(await counts(seller.id)).toEqual({ rooms: 2, units: 4, items: 10 });
  });

  it('past the deadline: downgraded to Free, Stripe cancelled, exactly the excess deleted (newest first), logged', async () => {
    const seller: Seller = await createSeller();
    const { subscriptionId } = await subscribe(seller, 'growing');
    // Within Growing (2 rooms, 20 units, 500 items), beyond Free (1 room, 3 units, 100 items).
    const first = await createStorage(seller.id, { roomName: 'Garage', units: 3, items: 110 });
    const second = await createStorage(seller.id, { roomName: 'Loft', units: 2, items: 5 });
    expect(await counts(seller.id)).toEqual({ rooms: 2, units: 5, items: 115 });

    await failRenewal(subscriptionId);
    await passDeadline(seller.id);
    const job = await runDeadlineJob();
    expect(job.status).toBe(200);
    const mine = job.body.downgraded.find((d) => d.userId === seller.id);
    expect(mine).toMatchObject({
      previous_plan: 'growing',
      rooms_removed: 1,
      units_removed: 2,
      items_removed: 15,
    });

    await flushWebhooks();
    expect(await billingState(seller.id)).toMatchObject({
      plan_id: 'free',
      profile_plan: 'free',
      status: 'canceled',
      overdue_date: null,
      deadline_date: null,
    });
    const sub = await sandbox<{ status: string }>(`subscriptions/${subscriptionId}`);
    expect(sub.status).toBe('canceled');

    // Kept: the first room, its 3 units, and its 100 oldest items. Gone: the newer room with its
    // units and items, and the 10 newest items of the first room.
    expect(await counts(seller.id)).toEqual({ rooms: 1, units: 3, items: 100 });
    const { rows: items } = await db().query<{ item_id: string }>(
      'select item_id from public.storage_items where user_id = $1',
      [seller.id],
    );
    expect(new Set(items.map((i) => i.item_id))).toEqual(new Set(first.itemIds.slice(0, 100)));
    const { rows: rooms } = await db().query<{ room_id: string }>(
      'select room_id from public.storage_rooms where user_id = $1',
      [seller.id],
    );
    expect(rooms.map((r) => r.room_id)).toEqual([first.roomId]);
    expect(second.roomId).not.toBe(first.roomId);

    const { rows: logs } = await db().query<{ action: string; details: string }>(
      `select action, details from public.storage_logs where user_id = $1 order by action`,
      [seller.id],
    );
    expect(logs.map((l) => l.action)).toEqual(['remove_item', 'remove_room']);

    // Running again changes nothing.
    const again = await runDeadlineJob();
    expect(again.body.downgraded.map((d) => d.userId)).not.toContain(seller.id);
    expect(await counts(seller.id)).toEqual({ rooms: 1, units: 3, items: 100 });
  });
});

describe('archive-excess-storage', () => {
  it('after moving to a smaller plan, keeps a backup and removes what is over the new limits', async () => {
    const seller = await createSeller();
    await subscribe(seller, 'power');
    const rooms = [];
    for (const name of ['A', 'B', 'C'])
      rooms.push(await createStorage(seller.id, { roomName: name, units: 1, items: 2 }));

    const nothing = await callFunction('archive-excess-storage', {}, seller.token);
    expect(nothing.body).toMatchObject({ archived: false, planId: 'power' });

    const change = await callFunction(
      'change-subscription-plan',
      { newPlanId: 'growing' },
      seller.token,
    );
    expect(change.status).toBe(200);
    const archived = await callFunction<{
      archived: boolean;
      backupId: string;
      removed: Record<string, number>;
    }>('archive-excess-storage', {}, seller.token);
    expect(archived.status).toBe(200);
    expect(archived.body).toMatchObject({
      archived: true,
      planId: 'growing',
      removed: { rooms: 1, units: 1, items: 2 },
    });
    expect(await counts(seller.id)).toEqual({ rooms: 2, units: 2, items: 4 });

    const { data: backup } = await seller.client
      .from('backups')
      .select('item_count')
      .eq('backup_id', archived.body.backupId)
      .single();
    expect(backup).toEqual({ item_count: 6 });
    expect(rooms[2]!.roomId).toBeDefined();
  });

  it('refuses callers without a valid bearer', async () => {
    const result = await callFunction('archive-excess-storage', {});
    expect(result).toEqual({ status: 401, body: { error: 'Not authenticated' } });
  });
});
