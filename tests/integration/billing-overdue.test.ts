import { afterAll, describe, expect, it } from 'vitest';
import {
  advanceStripeClock,
  billingState,
  callFunction,
  createSeller,
  flushWebhooks,
  runScheduled,
  sandbox,
  subscribe,
  withSandboxSettings,
  type Seller,
} from '../helpers/billing.ts';
import { closeDb, createStorage, db } from '../helpers/db-users.ts';

afterAll(async () => {
  await flushWebhooks();
  await closeDb();
});

const DAY = 86_400_000;

async function counts(accountId: string) {
  const { rows } = await db().query<{ rooms: number; units: number; items: number }>(
    `select (select count(*)::int from public.storage_rooms where account_id = $1) as rooms,
            (select count(*)::int from public.storage_units where account_id = $1) as units,
            (select count(*)::int from public.storage_items where account_id = $1) as items`,
    [accountId],
  );
  return rows[0]!;
}

/** Time passing, as far as the deadline is concerned. */
async function passDeadline(accountId: string): Promise<void> {
  await db().query(
    `update public.subscriptions set deadline_date = now() - interval '1 minute' where account_id = $1`,
    [accountId],
  );
}

async function failRenewal(subscriptionId: string): Promise<void> {
  await sandbox(`subscriptions/${subscriptionId}/advance`, { outcome: 'failed' });
}

const runDeadlineJob = () =>
  runScheduled<{
    downgraded: Array<{ accountId: string; items_removed: number }>;
    collecting: string[];
    failed: string[];
  }>('enforce-overdue-deadline');

describe('failed payment -> past_due -> deadline', () => {
  it('a failed renewal makes the subscription past_due with an overdue date and a deadline (banner data)', async () => {
    const seller = await createSeller();
    const { subscriptionId, customerId } = await subscribe(seller, 'growing');
    const before = Date.now();
    await failRenewal(subscriptionId);

    const state = await billingState(seller.accountId);
    expect(state).toMatchObject({
      status: 'past_due',
      plan_id: 'growing',
      account_plan: 'growing',
    });
    expect(state.overdue_date!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    // Stripe's Smart Retries window (2 weeks by default): the date the banner shows.
    expect(state.deadline_date!.getTime() - state.overdue_date!.getTime()).toBe(14 * DAY);

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
    const failed = retry.events.filter((e) => e.data.object.customer === customerId).at(-1)!;
    await sandbox(`events/${failed.id}/resend`, {});
    expect((await billingState(seller.accountId)).deadline_date).toEqual(state.deadline_date);

    // Before the deadline the job leaves the account alone.
    const early = await runDeadlineJob();
    expect(early.body.downgraded.map((d) => d.accountId)).not.toContain(seller.accountId);
    expect((await billingState(seller.accountId)).plan_id).toBe('growing');
  });

  it('payment received before the deadline restores active and nothing is deleted', async () => {
    const seller = await createSeller();
    const { subscriptionId, customerId } = await subscribe(seller, 'growing');
    await createStorage(seller.accountId, { units: 2, items: 5 });
    await createStorage(seller.accountId, { roomName: 'Loft', units: 2, items: 5 });
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
    expect(await billingState(seller.accountId)).toMatchObject({
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
    expect(await billingState(seller.accountId)).toMatchObject({
      status: 'active',
      overdue_date: null,
    });

    await runDeadlineJob();
    expect(await counts(seller.accountId)).toEqual({ rooms: 2, units: 4, items: 10 });
  });
});

/** Within Growing (2 rooms, 20 units, 500 items), beyond Free (1 room, 3 units, 100 items). */
async function sellerOverFreeLimits(): Promise<{
  seller: Seller;
  subscriptionId: string;
  firstRoom: { roomId: string; itemIds: string[] };
}> {
  const seller: Seller = await createSeller();
  const { subscriptionId } = await subscribe(seller, 'growing');
  const first = await createStorage(seller.accountId, { roomName: 'Garage', units: 3, items: 110 });
  await createStorage(seller.accountId, { roomName: 'Loft', units: 2, items: 5 });
  expect(await counts(seller.accountId)).toEqual({ rooms: 2, units: 5, items: 115 });
  return { seller, subscriptionId, firstRoom: first };
}

/**
 * The overdue downgrade (docs/product.md#overdue-payments): Free, and exactly the excess deleted,
 * newest first, and logged.
 */
async function expectDowngradedToFree(
  seller: Seller,
  firstRoom: { roomId: string; itemIds: string[] },
): Promise<void> {
  await flushWebhooks();
  expect(await billingState(seller.accountId)).toMatchObject({
    plan_id: 'free',
    account_plan: 'free',
    status: 'canceled',
    overdue_date: null,
    deadline_date: null,
  });
  // Kept: the first room, its 3 units, and its 100 oldest items. Gone: the newer room with its
  // units and items, and the 10 newest items of the first room.
  expect(await counts(seller.accountId)).toEqual({ rooms: 1, units: 3, items: 100 });
  const { rows: items } = await db().query<{ item_id: string }>(
    'select item_id from public.storage_items where account_id = $1',
    [seller.accountId],
  );
  expect(new Set(items.map((i) => i.item_id))).toEqual(new Set(firstRoom.itemIds.slice(0, 100)));
  const { rows: rooms } = await db().query<{ room_id: string }>(
    'select room_id from public.storage_rooms where account_id = $1',
    [seller.accountId],
  );
  expect(rooms.map((r) => r.room_id)).toEqual([firstRoom.roomId]);
  const { rows: logs } = await db().query<{ action: string }>(
    `select action from public.storage_logs where account_id = $1 order by action`,
    [seller.accountId],
  );
  expect(logs.map((l) => l.action)).toEqual(['remove_item', 'remove_room']);
}

// After the tests that read deadlines: the clock moves Stripe's time on for the rest of the run.
describe('Smart Retries: nothing is deleted while Stripe can still collect', () => {
  it('retries over two weeks keep plan and data, even past the date shown; Stripe cancelling deletes the excess', async () => {
    await withSandboxSettings({ retries: { attempts: 8, days: 14, final: 'cancel' } }, async () => {
      const { seller, subscriptionId, firstRoom } = await sellerOverFreeLimits();
      await failRenewal(subscriptionId);
      // Our own date passes (the old 7-day grace, or a short OVERDUE_GRACE_DAYS) while Stripe is
      // still retrying: the job must leave the account alone.
      await passDeadline(seller.accountId);

      const failures = async () =>
        (
          await sandbox<{
            events: Array<{
              data: { object: { customer: string; next_payment_attempt: number | null } };
            }>;
          }>('events?type=invoice.payment_failed')
        ).events;
      for (let day = 1; day <= 13; day += 1) {
        await advanceStripeClock(1);
        const job = await runDeadlineJob();
        expect(job.status).toBe(200);
        expect(job.body.downgraded.map((d) => d.accountId)).not.toContain(seller.accountId);
        expect(job.body.collecting).toContain(seller.accountId);
        expect(await counts(seller.accountId)).toEqual({ rooms: 2, units: 5, items: 115 });
        expect(await billingState(seller.accountId)).toMatchObject({
          plan_id: 'growing',
          status: 'past_due',
        });
      }
      const sub = await sandbox<{ status: string; customer: string }>(
        `subscriptions/${subscriptionId}`,
      );
      expect(sub.status).toBe('past_due');
      const mine = (await failures()).filter((e) => e.data.object.customer === sub.customer);
      // The renewal's try and six retries so far, each announcing the next.
      expect(mine).toHaveLength(7);
      expect(mine.every((e) => e.data.object.next_payment_attempt !== null)).toBe(true);

      // Day 14: the eighth and last try fails; Stripe cancels the subscription.
      await advanceStripeClock(1);
      const last = (await failures()).filter((e) => e.data.object.customer === sub.customer);
      expect(last).toHaveLength(8);
      expect(last.at(-1)!.data.object.next_payment_attempt).toBeNull();
      expect((await sandbox<{ status: string }>(`subscriptions/${subscriptionId}`)).status).toBe(
        'canceled',
      );
      await expectDowngradedToFree(seller, firstRoom);

      // Running the job again changes nothing.
      const again = await runDeadlineJob();
      expect(again.body.downgraded.map((d) => d.accountId)).not.toContain(seller.accountId);
      expect(await counts(seller.accountId)).toEqual({ rooms: 1, units: 3, items: 100 });
    });
  });

  it('with "mark the subscription unpaid" as the final step, the downgrade comes then and Stripe is cancelled', async () => {
    await withSandboxSettings({ retries: { attempts: 4, days: 7, final: 'unpaid' } }, async () => {
      const { seller, subscriptionId, firstRoom } = await sellerOverFreeLimits();
      await failRenewal(subscriptionId);
      await advanceStripeClock(6);
      expect(await counts(seller.accountId)).toEqual({ rooms: 2, units: 5, items: 115 });
      expect((await billingState(seller.accountId)).plan_id).toBe('growing');
      await advanceStripeClock(1);
      await expectDowngradedToFree(seller, firstRoom);
      // Cancelled by us, so an old invoice cannot be paid after the data is gone.
      expect((await sandbox<{ status: string }>(`subscriptions/${subscriptionId}`)).status).toBe(
        'canceled',
      );
    });
  });

  it('paying during the retries keeps everything', async () => {
    const { seller, subscriptionId, firstRoom } = await sellerOverFreeLimits();
    await failRenewal(subscriptionId);
    await advanceStripeClock(3);
    const sub = await sandbox<{ customer: string }>(`subscriptions/${subscriptionId}`);
    await sandbox(`customers/${sub.customer}/card`, { behaviour: 'ok' });
    await advanceStripeClock(2); // the next retry succeeds
    await flushWebhooks();
    expect(await billingState(seller.accountId)).toMatchObject({
      plan_id: 'growing',
      status: 'active',
      overdue_date: null,
    });
    await advanceStripeClock(14);
    expect(await runDeadlineJob()).toMatchObject({ status: 200 });
    expect(await counts(seller.accountId)).toEqual({ rooms: 2, units: 5, items: 115 });
    expect(firstRoom.roomId).toBeDefined();
  });
});

describe('archive-excess-storage', () => {
  it('after moving to a smaller plan, keeps a backup and removes what is over the new limits', async () => {
    const seller = await createSeller();
    await subscribe(seller, 'power');
    const rooms = [];
    for (const name of ['A', 'B', 'C'])
      rooms.push(await createStorage(seller.accountId, { roomName: name, units: 1, items: 2 }));

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
    expect(await counts(seller.accountId)).toEqual({ rooms: 2, units: 2, items: 4 });

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
