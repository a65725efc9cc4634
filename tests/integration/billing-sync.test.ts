import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StripeEnv } from '../../netlify/lib/env.ts';
import { syncSubscription } from '../../netlify/lib/subscriptions.ts';
import {
  billingState,
  createSeller,
  flushWebhooks,
  sandbox,
  subscribe,
} from '../helpers/billing.ts';
import { closeDb } from '../helpers/db-users.ts';
import { stack } from '../helpers/stack.ts';
import { accountIdOf } from '../../src/domain/ids.ts';

/** A seller made here acts on their own account, whose id is theirs. */
const ownAccount = (user: { accountId: string }) => accountIdOf(user.accountId);

// The sync module as the functions use it, run in this worker against the test stack.
beforeAll(() => {
  process.env.SUPABASE_URL = stack().apiUrl;
  process.env.SUPABASE_SERVICE_ROLE_KEY = stack().serviceRoleKey;
});
afterAll(async () => {
  await flushWebhooks();
  await closeDb();
});

const env = {
  STRIPE_PRICE_GROWING: 'price_local_growing',
  STRIPE_PRICE_POWER: 'price_local_power',
  STRIPE_PRICE_ELITE: 'price_local_elite',
  OVERDUE_GRACE_DAYS: 7,
} as StripeEnv;

describe('syncSubscription ordering', () => {
  it('a write based on an older read of Stripe never overwrites a newer one', async () => {
    const seller = await createSeller();
    const { subscriptionId } = await subscribe(seller, 'growing');
    await flushWebhooks();
    const current = await sandbox<Stripe.Subscription>(`subscriptions/${subscriptionId}`);
    const periodEnd = current.items.data[0]!.current_period_end;
    const cancelling = { ...current, cancel_at_period_end: true, cancel_at: periodEnd };
    const upgraded = {
      ...current,
      items: {
        ...current.items,
        data: [
          {
            ...current.items.data[0]!,
            price: { ...current.items.data[0]!.price, id: 'price_local_elite' },
          },
        ],
      },
    } as Stripe.Subscription;

    const t0 = Date.now() + 60_000; // later than anything the webhooks above recorded
    // The newer read (an upgrade) is written first...
    await syncSubscription(env, ownAccount(seller), upgraded, { readAt: new Date(t0 + 2000) });
    // ...then a webhook that had read Stripe before it finishes: skipped.
    const stale = await syncSubscription(env, ownAccount(seller), cancelling, {
      readAt: new Date(t0 + 1000),
    });
    expect(stale).toMatchObject({ plan_id: 'elite', cancel_at: null });
    expect(await billingState(seller.accountId)).toMatchObject({
      plan_id: 'elite',
      account_plan: 'elite',
      cancel_at: null,
    });

    // A read made later still applies.
    await syncSubscription(
      env,
      ownAccount(seller),
      { ...cancelling, items: upgraded.items },
      { readAt: new Date(t0 + 3000) },
    );
    const state = await billingState(seller.accountId);
    expect(state.plan_id).toBe('elite');
    expect(state.cancel_at?.getTime()).toBe(periodEnd * 1000);
  });
});
