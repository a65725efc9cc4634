import {
  type CheckoutSession,
  type Customer,
  type Delivery,
  type Invoice,
  type PortalSession,
  type Price,
  type RetrySettings,
  SANDBOX_API_VERSION,
  type StripeEvent,
  type StripeSandboxOptions,
  type Subscription,
} from './types.ts';
import { newId, nowSec } from './util.ts';

/** The sandbox's memory: every object by id, the test clock, the retry settings and the webhook endpoint. */
export function createState(opts: StripeSandboxOptions) {
  const log = opts.log ?? (() => undefined);
  // A test clock: tests move Stripe's time forward (retries fall due); signatures keep real time.
  const clock = { offset: 0 };
  const now = () => nowSec() + clock.offset;
  const retries: RetrySettings = { attempts: 8, days: 14, final: 'cancel', ...opts.retries };
  const endpoint = {
    apiVersion: opts.webhookApiVersion ?? SANDBOX_API_VERSION,
    enabledEvents: ['*'] as string[],
  };
  /** When each unpaid invoice's first try failed: Smart Retries are spaced from there. */
  const firstFailure = new Map<string, number>();
  const customers = new Map<string, Customer>();
  const cards = new Map<string, 'ok' | 'decline'>();
  const prices = new Map<string, Price>();
  const subscriptions = new Map<string, Subscription>();
  const invoices = new Map<string, Invoice>();
  const sessions = new Map<string, CheckoutSession>();
  const lineItems = new Map<string, Array<{ price: Price; quantity: number }>>();
  const sessionSubscriptionMetadata = new Map<string, Record<string, string>>();
  const portals = new Map<string, PortalSession>();
  const events: StripeEvent[] = [];
  const deliveries: Delivery[] = [];
  const idempotent = new Map<
    string,
    { path: string; params: string; at: number; status: number; body: unknown }
  >();
  /** Where the sandbox listens, known once it does (hosted page URLs). */
  const site = { baseUrl: '' };

  for (const p of opts.prices) {
    const created = now();
    prices.set(p.id, {
      id: p.id,
      object: 'price',
      active: true,
      billing_scheme: 'per_unit',
      created,
      currency: p.currency ?? 'usd',
      custom_unit_amount: null,
      livemode: false,
      lookup_key: p.lookupKey ?? null,
      metadata: p.lookupKey ? { plan_id: p.lookupKey } : {},
      nickname: p.productName,
      product: newId('prod_', 14),
      recurring: {
        interval: 'month',
        interval_count: 1,
        meter: null,
        trial_period_days: null,
        usage_type: 'licensed',
      },
      tax_behavior: 'unspecified',
      tiers_mode: null,
      transform_quantity: null,
      type: 'recurring',
      unit_amount: p.unitAmount,
      unit_amount_decimal: String(p.unitAmount),
    });
  }

  return {
    opts,
    log,
    now,
    clock,
    retries,
    endpoint,
    firstFailure,
    customers,
    cards,
    prices,
    subscriptions,
    invoices,
    sessions,
    lineItems,
    sessionSubscriptionMetadata,
    portals,
    events,
    deliveries,
    idempotent,
    site,
  };
}

export type State = ReturnType<typeof createState>;
