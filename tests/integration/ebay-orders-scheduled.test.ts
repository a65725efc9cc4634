/**
 * The scheduled fetch of eBay orders (issue 39): every connected Elite account not fetched for
 * a round gets its orders stored without anyone pressing Refresh; only Netlify's scheduler may
 * run it. Alone (vitest.config.ts): the run acts on every connected Elite account.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { SANDBOX_ORDERS } from '../../local/sandboxes/ebay-catalogue.ts';
import { createSeller } from '../helpers/billing.ts';
import { closeDb, db, setPlan } from '../helpers/db-users.ts';
import { stack } from '../helpers/stack.ts';
import { clearRateLimits, connectEbay, connectionStats } from '../helpers/ebay.ts';

afterAll(closeDb);

const runSchedule = () =>
  fetch(`${stack().appUrl}/_scheduler/ebay-orders-scheduled`, { method: 'POST' });

describe('ebay-orders-scheduled', () => {
  it('fetches connected Elite accounts that are due, and answers only the scheduler', async () => {
    const owner = await createSeller('ebay-orders-schedule');
    await setPlan(owner.accountId, 'elite');
    expect((await connectEbay(owner.token)).status).toBe(200);
    // The other sellers left in the shared database count as fetched just now, so this run's
    // budget goes to the account under test.
    await db().query(
      `insert into public.ebay_order_fetches (account_id, fetched_at)
       select account_id, now() from public.ebay_tokens where account_id <> $1
       on conflict (account_id) do update set fetched_at = now()`,
      [owner.accountId],
    );

    const byUrl = await fetch(`${stack().appUrl}/.netlify/functions/ebay-orders-scheduled`, {
      method: 'POST',
    });
    expect(byUrl.status).toBe(403);

    const run = await runSchedule();
    expect(run.status).toBe(200);
    expect(await run.json()).toMatchObject({ fetched: 1, failed: [] });
    const { rows } = await db().query(
      'select count(*)::int as n from public.ebay_orders where account_id = $1',
      [owner.accountId],
    );
    expect(rows[0].n).toBe(SANDBOX_ORDERS.length);

    // Just fetched: the next run leaves it alone even once the rate limit has passed.
    await clearRateLimits(owner.accountId);
    const calls = (await connectionStats(owner.accountId)).calls.orders;
    expect((await runSchedule()).status).toBe(200);
    expect((await connectionStats(owner.accountId)).calls.orders).toBe(calls);
  });
});
