import { createHmac, randomBytes } from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { readBody, sendJson } from '../http.ts';
import {
  bool,
  decodeStripeForm,
  list,
  mergeMetadata,
  obj,
  str,
  type FormObject,
} from './stripe-form.ts';
import { checkoutPage, page, portalPage, escapeHtml } from './stripe-pages.ts';

/**
 * A local Stripe: an HTTP server that answers the REST calls our Netlify functions make through
 * the real `stripe` SDK (pointed here with its host/port/protocol options), with Stripe's JSON
 * shapes and error shape, and that sends signed webhook events to the app's stripe-webhook
 * function exactly as Stripe signs them (Stripe-Signature: t=<unix>,v1=HMAC-SHA256(secret,
 * "<t>.<payload>")). State lives in memory for the life of the stack.
 *
 * API (Bearer secret key): customers, checkout sessions, subscriptions (retrieve, update with
 * items/price and proration, cancel_at_period_end, cancel), invoices (retrieve, pay), billing
 * portal sessions, prices, events.
 * Hosted pages: /c/pay/<cs_id> (Checkout, with Pay and Decline buttons) and /p/session/<bps_id>
 * (portal: update card, which pays what is due).
 * Test controls under /_sandbox (no key; local only): complete a checkout, advance a
 * subscription to the end of its period (renewal paid or failed, or the scheduled cancellation),
 * pay an invoice, make a customer's card decline, list events and deliveries, redeliver an event.
 * Controls that trigger events answer after those events have been delivered, so tests can
 * assert on the database straight away.
 */

export interface SandboxPrice {
  id: string;
  /** The product name on the hosted pages, e.g. 'Growing Seller'. */
  productName: string;
  /** In cents; the spec gives no prices, so these are sandbox-only figures. */
  unitAmount: number;
  currency?: string;
  /** Our plan id, kept as the price's lookup_key. */
  lookupKey?: string;
}

export interface StripeSandboxOptions {
  /** Where events are POSTed: the app's `/.netlify/functions/stripe-webhook`. */
  webhookUrl: string;
  secretKey: string;
  webhookSecret: string;
  prices: SandboxPrice[];
  port?: number;
  log?: (line: string) => void;
  /** The webhook endpoint's API version: payloads are shaped by it, as Stripe does. */
  webhookApiVersion?: string;
  /** Smart Retries, as set in the Dashboard's subscription settings. */
  retries?: Partial<RetrySettings>;
}

/**
 * Stripe's "Manage failed payments": Smart Retries try a failed invoice `attempts` times in all
 * over up to `days` days, then the subscription is cancelled, marked unpaid, or left past_due.
 */
export interface RetrySettings {
  attempts: number;
  days: number;
  final: 'cancel' | 'unpaid' | 'past_due';
}

/** The SDK's (and the sandbox's objects') API version. */
export const SANDBOX_API_VERSION = '2026-10-28.endive';
/** The first version with invoice.parent and per-item periods ("basil"). */
const BASIL = '2025-03-31';

export interface StripeSandbox {
  url: string;
  port: number;
  stop(): Promise<void>;
}

type Json = Record<string, unknown>;

interface Customer extends Json {
  id: string;
  email: string | null;
  metadata: Record<string, string>;
  balance: number;
}

interface Price extends Json {
  id: string;
  unit_amount: number;
  currency: string;
  product: string;
  nickname: string;
}

interface SubscriptionItem extends Json {
  id: string;
  price: Price;
  quantity: number;
  current_period_start: number;
  current_period_end: number;
}

interface Subscription extends Json {
  id: string;
  customer: string;
  status: string;
  items: {
    object: 'list';
    data: SubscriptionItem[];
    has_more: false;
    url: string;
  };
  cancel_at: number | null;
  cancel_at_period_end: boolean;
  canceled_at: number | null;
  ended_at: number | null;
  latest_invoice: string | null;
  metadata: Record<string, string>;
}

interface Invoice extends Json {
  id: string;
  customer: string;
  status: 'draft' | 'open' | 'paid' | 'void' | 'uncollectible';
  amount_due: number;
  amount_paid: number;
  amount_remaining: number;
  attempt_count: number;
  currency: string;
  next_payment_attempt: number | null;
}

interface CheckoutSession extends Json {
  id: string;
  status: 'open' | 'complete' | 'expired';
  customer: string | null;
  customer_email: string | null;
  success_url: string | null;
  cancel_url: string | null;
  subscription: string | null;
  metadata: Record<string, string>;
}

interface PortalSession extends Json {
  id: string;
  customer: string;
  return_url: string | null;
}

interface StripeEvent extends Json {
  id: string;
  type: string;
  created: number;
}

interface Delivery {
  eventId: string;
  type: string;
  /** The Stripe-Signature header sent, so tests can replay or tamper with a genuine delivery. */
  signature: string;
  status: number | null;
  body: string;
  at: string;
}

/** A Stripe API error, thrown by handlers and turned into Stripe's `{ error: {...} }` body. */
class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: {
      type: string;
      message: string;
      code?: string;
      param?: string;
      decline_code?: string;
    },
  ) {
    super(body.message);
  }
}

const missing = (what: string, id: string, param = 'id') =>
  new StripeApiError(404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    param,
    message: `No such ${what}: '${id}'`,
  });

const invalid = (message: string, param?: string) =>
  new StripeApiError(400, {
    type: 'invalid_request_error',
    message,
    ...(param ? { param, code: 'parameter_invalid' } : {}),
  });

const declined = () =>
  new StripeApiError(402, {
    type: 'card_error',
    code: 'card_declined',
    decline_code: 'generic_decline',
    message: 'Your card was declined.',
  });

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
function newId(prefix: string, length = 24): string {
  const bytes = randomBytes(length);
  let out = '';
  for (const byte of bytes) out += ALPHABET[byte % ALPHABET.length];
  return `${prefix}${out}`;
}

const nowSec = () => Math.floor(Date.now() / 1000);

/** One calendar month on, as Stripe bills monthly prices. */
function addMonth(seconds: number): number {
  const date = new Date(seconds * 1000);
  date.setUTCMonth(date.getUTCMonth() + 1);
  return Math.floor(date.getTime() / 1000);
}

/** The v1 signature Stripe puts in Stripe-Signature, from the exact payload bytes. */
export function signStripePayload(payload: string, secret: string, timestamp = nowSec()): string {
  const signature = createHmac('sha256', secret)
    .update(`${timestamp}.${payload}`, 'utf8')
    .digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

export async function startStripeSandbox(opts: StripeSandboxOptions): Promise<StripeSandbox> {
  const log = opts.log ?? (() => undefined);
  // A test clock: tests move Stripe's time forward (retries fall due); signatures keep real time.
  let clockOffset = 0;
  const now = () => nowSec() + clockOffset;
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
  let baseUrl = '';

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

  // ------------------------------------------------------------------------------------------
  // Webhooks: one queue, delivered in the order the events happened, as Stripe mostly does.
  // ------------------------------------------------------------------------------------------
  let queue: Promise<void> = Promise.resolve();

  /**
   * The event as an endpoint on `version` receives it. Before 2025-03-31 ("basil") an invoice
   * named its subscription at the top (invoice.subscription, no parent) and a subscription
   * carried its period itself; the sandbox keeps objects in the SDK's version and converts.
   */
  function forVersion(event: StripeEvent, version: string): StripeEvent {
    const out = structuredClone(event);
    out.api_version = version;
    if (version >= BASIL) return out;
    const object = (out.data as { object: Json }).object;
    if (object.object === 'invoice') {
      const details = (object.parent as Json | null)?.subscription_details as Json | undefined;
      object.subscription = details?.subscription ?? null;
      delete object.parent;
    }
    if (object.object === 'subscription') {
      const item = (object.items as { data: Json[] }).data[0];
      object.current_period_start = item?.current_period_start ?? null;
      object.current_period_end = item?.current_period_end ?? null;
    }
    return out;
  }

  async function deliver(stored: StripeEvent): Promise<void> {
    if (!endpoint.enabledEvents.includes('*') && !endpoint.enabledEvents.includes(stored.type))
      return;
    const event = forVersion(stored, endpoint.apiVersion);
    // Stripe sends pretty-printed JSON; the signature covers these exact bytes.
    const payload = JSON.stringify(event, null, 2);
    const signature = signStripePayload(payload, opts.webhookSecret);
    const delivery: Delivery = {
      eventId: event.id,
      type: event.type,
      signature,
      status: null,
      body: '',
      at: new Date().toISOString(),
    };
    deliveries.push(delivery);
    try {
      const response = await fetch(opts.webhookUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
          'stripe-signature': signature,
        },
        body: payload,
        signal: AbortSignal.timeout(15_000),
      });
      delivery.status = response.status;
      delivery.body = (await response.text()).slice(0, 500);
    } catch (error) {
      delivery.body = (error as Error).message;
    }
    if (delivery.status !== 200)
      log(
        `stripe sandbox: ${event.type} ${event.id} -> ${delivery.status ?? 'error'} ${delivery.body}`,
      );
  }

  function enqueue(event: StripeEvent): Promise<void> {
    const done = queue.then(() => deliver(event));
    queue = done.catch(() => undefined);
    return done;
  }

  /** Records an event and queues its delivery; the promise settles once it was delivered. */
  function emit(type: string, object: Json, previous?: Json): Promise<void> {
    const event: StripeEvent = {
      id: newId('evt_'),
      object: 'event',
      api_version: SANDBOX_API_VERSION,
      created: now(),
      data: {
        object: structuredClone(object),
        ...(previous ? { previous_attributes: previous } : {}),
      },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    };
    events.push(event);
    return enqueue(event);
  }

  // ------------------------------------------------------------------------------------------
  // Objects
  // ------------------------------------------------------------------------------------------
  function getPrice(id: string, param: string): Price {
    const price = prices.get(id);
    if (!price)
      throw new StripeApiError(400, {
        type: 'invalid_request_error',
        code: 'resource_missing',
        param,
        message: `No such price: '${id}'`,
      });
    return price;
  }

  function getCustomer(id: string, param = 'id'): Customer {
    const customer = customers.get(id);
    if (!customer) throw missing('customer', id, param);
    return customer;
  }

  function getSubscription(id: string): Subscription {
    const sub = subscriptions.get(id);
    if (!sub) throw missing('subscription', id);
    return sub;
  }

  function createCustomer(params: FormObject): Customer {
    const customer: Customer = {
      id: newId('cus_', 14),
      object: 'customer',
      address: null,
      balance: 0,
      created: now(),
      currency: null,
      default_source: null,
      delinquent: false,
      description: str(params, 'description') ?? null,
      discount: null,
      email: str(params, 'email') ?? null,
      invoice_prefix: randomBytes(4).toString('hex').toUpperCase(),
      invoice_settings: {
        custom_fields: null,
        default_payment_method: null,
        footer: null,
        rendering_options: null,
      },
      livemode: false,
      metadata: mergeMetadata({}, obj(params, 'metadata')),
      name: str(params, 'name') ?? null,
      phone: null,
      preferred_locales: [],
      shipping: null,
      tax_exempt: 'none',
      test_clock: null,
    };
    customers.set(customer.id, customer);
    cards.set(customer.id, 'ok');
    return customer;
  }

  function subscriptionAmount(sub: Subscription): number {
    return sub.items.data.reduce((sum, item) => sum + item.price.unit_amount * item.quantity, 0);
  }

  function createInvoice(sub: Subscription, amount: number, reason: string): Invoice {
    const item = sub.items.data[0]!;
    const invoice: Invoice = {
      id: newId('in_'),
      object: 'invoice',
      account_country: 'US',
      account_name: 'Stockroom (sandbox)',
      amount_due: amount,
      amount_paid: 0,
      amount_remaining: amount,
      attempt_count: 0,
      attempted: false,
      auto_advance: true,
      billing_reason: reason,
      collection_method: 'charge_automatically',
      created: now(),
      currency: item.price.currency,
      customer: sub.customer,
      customer_email: customers.get(sub.customer)?.email ?? null,
      hosted_invoice_url: null,
      lines: {
        object: 'list',
        data: [
          {
            id: newId('il_'),
            object: 'line_item',
            amount,
            currency: item.price.currency,
            description: `1 × ${item.price.nickname} (at ${item.price.unit_amount / 100} / month)`,
            period: { start: item.current_period_start, end: item.current_period_end },
            pricing: {
              type: 'price_details',
              price_details: { price: item.price.id, product: item.price.product },
            },
            quantity: item.quantity,
          },
        ],
        has_more: false,
        url: '/v1/invoices/lines',
      },
      livemode: false,
      metadata: {},
      next_payment_attempt: null,
      number: null,
      parent: {
        type: 'subscription_details',
        quote_details: null,
        subscription_details: { metadata: { ...sub.metadata }, subscription: sub.id },
      },
      period_end: item.current_period_end,
      period_start: item.current_period_start,
      status: 'open',
      status_transitions: {
        finalized_at: now(),
        marked_uncollectible_at: null,
        paid_at: null,
        voided_at: null,
      },
      subtotal: amount,
      total: amount,
    };
    invoices.set(invoice.id, invoice);
    sub.latest_invoice = invoice.id;
    return invoice;
  }

  /** Tries the customer's card: paid, or left open with a failed attempt. */
  function attemptPayment(invoice: Invoice): boolean {
    invoice.attempted = true;
    invoice.attempt_count += 1;
    if (cards.get(invoice.customer) === 'decline') {
      // Smart Retries: the remaining tries spread evenly over the window from the first failure.
      const first = firstFailure.get(invoice.id) ?? now();
      firstFailure.set(invoice.id, first);
      const tries = invoice.attempt_count;
      const step = (retries.days * 86_400) / Math.max(1, retries.attempts - 1);
      invoice.next_payment_attempt =
        tries < retries.attempts ? first + Math.round(step * tries) : null;
      return false;
    }
    invoice.status = 'paid';
    invoice.amount_paid = invoice.amount_due;
    invoice.amount_remaining = 0;
    invoice.next_payment_attempt = null;
    (invoice.status_transitions as Json).paid_at = now();
    return true;
  }

  function newSubscription(
    customer: string,
    items: Array<{ price: Price; quantity: number }>,
    metadata: Record<string, string>,
  ): Subscription {
    const start = now();
    const id = newId('sub_');
    const sub: Subscription = {
      id,
      object: 'subscription',
      application: null,
      application_fee_percent: null,
      automatic_tax: { disabled_reason: null, enabled: false, liability: null },
      billing_cycle_anchor: start,
      billing_cycle_anchor_config: null,
      billing_mode: { type: 'flexible' },
      cancel_at: null,
      cancel_at_period_end: false,
      canceled_at: null,
      cancellation_details: { comment: null, feedback: null, reason: null },
      collection_method: 'charge_automatically',
      created: start,
      currency: items[0]!.price.currency,
      customer,
      days_until_due: null,
      default_payment_method: null,
      default_source: null,
      description: null,
      discounts: [],
      ended_at: null,
      invoice_settings: { account_tax_ids: null, issuer: { type: 'self' } },
      items: {
        object: 'list',
        data: items.map((i) => ({
          id: newId('si_', 14),
          object: 'subscription_item',
          created: start,
          current_period_start: start,
          current_period_end: addMonth(start),
          discounts: [],
          metadata: {},
          price: i.price,
          quantity: i.quantity,
          subscription: id,
          tax_rates: [],
        })),
        has_more: false,
        url: `/v1/subscription_items?subscription=${id}`,
      },
      latest_invoice: null,
      livemode: false,
      metadata,
      pause_collection: null,
      pending_update: null,
      schedule: null,
      start_date: start,
      status: 'incomplete',
      test_clock: null,
      trial_end: null,
      trial_start: null,
    };
    subscriptions.set(id, sub);
    return sub;
  }

  function snapshot(sub: Subscription): Json {
    return structuredClone(sub);
  }

  /** What changed between two snapshots, as Stripe's previous_attributes. */
  function previousAttributes(before: Json, after: Json): Json {
    const previous: Json = {};
    for (const key of Object.keys(after)) {
      if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) previous[key] = before[key];
    }
    return previous;
  }

  // ------------------------------------------------------------------------------------------
  // Business operations shared by the API, the hosted pages and the test controls
  // ------------------------------------------------------------------------------------------
  async function completeCheckout(
    session: CheckoutSession,
    outcome: 'paid' | 'declined',
  ): Promise<Subscription> {
    if (session.status !== 'open')
      throw invalid(`This Checkout Session is no longer active (${session.status}).`);
    if (outcome === 'declined') throw declined();
    let customerId = session.customer;
    if (!customerId) {
      customerId = createCustomer({ email: session.customer_email ?? '' }).id;
      session.customer = customerId;
    }
    if (cards.get(customerId) === 'decline') throw declined();
    const items = lineItems.get(session.id) ?? [];
    // As Checkout does: the subscription starts incomplete, its first invoice is created and
    // finalized, and paying it makes the subscription active.
    const sub = newSubscription(
      customerId,
      items,
      sessionSubscriptionMetadata.get(session.id) ?? {},
    );
    const pending = [emit('customer.subscription.created', sub)];
    const invoice = createInvoice(sub, subscriptionAmount(sub), 'subscription_create');
    pending.push(...invoiceOpened(invoice));
    attemptPayment(invoice);
    const before = snapshot(sub);
    sub.status = 'active';
    pending.push(
      ...invoicePaid(invoice),
      emit('customer.subscription.updated', sub, previousAttributes(before, sub)),
    );
    Object.assign(session, {
      status: 'complete',
      payment_status: 'paid',
      subscription: sub.id,
      invoice: invoice.id,
      customer_details: { email: customers.get(customerId)?.email ?? null, name: null },
    });
    pending.push(emit('checkout.session.completed', session));
    await Promise.all(pending);
    return sub;
  }

  /** Pays an open invoice with the customer's card; a past_due subscription becomes active. */
  async function payInvoice(invoice: Invoice): Promise<Invoice> {
    if (invoice.status === 'paid') return invoice;
    if (invoice.status !== 'open')
      throw invalid(`Invoice ${invoice.id} is ${invoice.status} and cannot be paid.`);
    const subId = ((invoice.parent as Json | null)?.subscription_details as Json | undefined)
      ?.subscription as string | undefined;
    const sub = subId ? subscriptions.get(subId) : undefined;
    if (!attemptPayment(invoice)) {
      await emit('invoice.payment_failed', invoice);
      throw declined();
    }
    await Promise.all(settlePaid(invoice, sub));
    return invoice;
  }

  /** invoice.created and invoice.finalized, which every subscription invoice goes through. */
  function invoiceOpened(invoice: Invoice): Array<Promise<void>> {
    return [emit('invoice.created', invoice), emit('invoice.finalized', invoice)];
  }

  function invoicePaid(invoice: Invoice): Array<Promise<void>> {
    return [emit('invoice.paid', invoice), emit('invoice.payment_succeeded', invoice)];
  }

  function subscriptionOf(invoice: Invoice): Subscription | undefined {
    const id = ((invoice.parent as Json | null)?.subscription_details as Json | undefined)
      ?.subscription as string | undefined;
    return id ? subscriptions.get(id) : undefined;
  }

  /** A paid invoice's events; a past_due or unpaid subscription with nothing open is active. */
  function settlePaid(invoice: Invoice, sub: Subscription | undefined): Array<Promise<void>> {
    const pending = invoicePaid(invoice);
    if (sub && (sub.status === 'past_due' || sub.status === 'unpaid')) {
      const stillOpen = [...invoices.values()].some(
        (i) =>
          i.status === 'open' &&
          ((i.parent as Json).subscription_details as Json).subscription === sub.id,
      );
      if (!stillOpen) {
        const before = snapshot(sub);
        sub.status = 'active';
        pending.push(emit('customer.subscription.updated', sub, previousAttributes(before, sub)));
      }
    }
    return pending;
  }

  /**
   * After the last retry fails, what the retry settings say: cancel the subscription (and
   * customer.subscription.deleted), mark it unpaid (customer.subscription.updated), or leave it.
   */
  function giveUp(sub: Subscription): Array<Promise<void>> {
    if (retries.final === 'past_due') return [];
    const before = snapshot(sub);
    if (retries.final === 'unpaid') {
      sub.status = 'unpaid';
      return [emit('customer.subscription.updated', sub, previousAttributes(before, sub))];
    }
    sub.status = 'canceled';
    sub.ended_at = now();
    sub.canceled_at = now();
    sub.cancellation_details = { comment: null, feedback: null, reason: 'payment_failed' };
    return [emit('customer.subscription.deleted', sub)];
  }

  /** One Smart Retry of an open invoice that has fallen due on the clock. */
  async function retry(invoice: Invoice): Promise<void> {
    const sub = subscriptionOf(invoice);
    if (attemptPayment(invoice)) {
      await Promise.all(settlePaid(invoice, sub));
      return;
    }
    const pending = [emit('invoice.payment_failed', invoice)];
    if (invoice.next_payment_attempt === null && sub) pending.push(...giveUp(sub));
    await Promise.all(pending);
  }

  /** Moves the clock on, running every retry that falls due, in time order. */
  async function advanceClock(seconds: number): Promise<{ now: number; retried: string[] }> {
    clockOffset += seconds;
    const retried: string[] = [];
    for (;;) {
      const due = [...invoices.values()]
        .filter(
          (i) => i.status === 'open' && i.next_payment_attempt !== null && i.next_payment_attempt <= now(),
        )
        .sort((a, b) => (a.next_payment_attempt as number) - (b.next_payment_attempt as number))[0];
      if (!due) break;
      retried.push(due.id);
      await retry(due);
    }
    return { now: now(), retried };
  }

  /**
   * The end of the current period, as a test clock would reach it: a scheduled cancellation
   * takes effect, or the subscription renews and the renewal invoice is paid or fails.
   */
  async function advance(
    sub: Subscription,
    outcome: 'paid' | 'failed' | undefined,
  ): Promise<{ subscription: Subscription; invoice: Invoice | null }> {
    if (sub.status === 'canceled') throw invalid('A canceled subscription cannot renew.');
    const before = snapshot(sub);
    if (
      sub.cancel_at_period_end ||
      (sub.cancel_at !== null && sub.cancel_at <= sub.items.data[0]!.current_period_end)
    ) {
      sub.status = 'canceled';
      sub.ended_at = now();
      sub.canceled_at ??= now();
      await emit('customer.subscription.deleted', sub);
      return { subscription: sub, invoice: null };
    }
    for (const item of sub.items.data) {
      item.current_period_start = item.current_period_end;
      item.current_period_end = addMonth(item.current_period_end);
    }
    const invoice = createInvoice(sub, subscriptionAmount(sub), 'subscription_cycle');
    const pending = invoiceOpened(invoice);
    if (outcome === 'failed') cards.set(sub.customer, 'decline');
    if (outcome === 'paid') cards.set(sub.customer, 'ok');
    const paid = attemptPayment(invoice);
    if (!paid) sub.status = 'past_due';
    pending.push(
      ...(paid ? invoicePaid(invoice) : [emit('invoice.payment_failed', invoice)]),
      emit('customer.subscription.updated', sub, previousAttributes(before, sub)),
    );
    await Promise.all(pending);
    return { subscription: sub, invoice };
  }

  async function cancelAtPeriodEnd(sub: Subscription, value: boolean): Promise<void> {
    const before = snapshot(sub);
    sub.cancel_at_period_end = value;
    sub.cancel_at = value ? sub.items.data[0]!.current_period_end : null;
    sub.canceled_at = value ? now() : null;
    sub.cancellation_details = {
      comment: null,
      feedback: null,
      reason: value ? 'cancellation_requested' : null,
    };
    void emit('customer.subscription.updated', sub, previousAttributes(before, sub));
  }

  // ------------------------------------------------------------------------------------------
  // REST API
  // ------------------------------------------------------------------------------------------
  function updateSubscription(sub: Subscription, params: FormObject): Subscription {
    if (sub.status === 'canceled' || sub.status === 'incomplete_expired') {
      throw invalid(
        'A canceled subscription can only update its cancellation_details and metadata.',
      );
    }
    const before = snapshot(sub);
    const pending: Array<() => void> = [];

    const cancelAtPeriodEnd = bool(params, 'cancel_at_period_end');
    const cancelAt = str(params, 'cancel_at');
    if (cancelAtPeriodEnd !== undefined && cancelAt !== undefined) {
      throw invalid(
        'You may only specify one of these parameters: cancel_at, cancel_at_period_end.',
        'cancel_at',
      );
    }
    const pause = params.pause_collection;
    const items = list(params, 'items');
    const metadata = obj(params, 'metadata');

    let upgradeInvoice: Invoice | null = null;
    if (items.length > 0) {
      const oldAmount = subscriptionAmount(sub);
      const nextItems = sub.items.data.map((item) => ({ ...item }));
      items.forEach((raw, index) => {
        const change = raw as FormObject;
        const id = str(change, 'id');
        const priceId = str(change, 'price');
        const target = id ? nextItems.find((i) => i.id === id) : undefined;
        if (id && !target)
          throw invalid(`No such subscription item: '${id}'`, `items[${index}][id]`);
        if (!priceId) return;
        const price = getPrice(priceId, `items[${index}][price]`);
        if (target) target.price = price;
        else {
          const first = nextItems[0]!;
          nextItems.push({ ...first, id: newId('si_', 14), price, quantity: 1 });
        }
      });
      const newAmount = nextItems.reduce(
        (sum, item) => sum + item.price.unit_amount * item.quantity,
        0,
      );
      const proration = str(params, 'proration_behavior') ?? 'create_prorations';
      const paymentBehavior = str(params, 'payment_behavior') ?? 'allow_incomplete';
      if (newAmount > oldAmount && proration === 'always_invoice') {
        // The difference for the rest of the period, simplified to the full difference.
        const draft = { ...sub, items: { ...sub.items, data: nextItems } } as Subscription;
        const invoice = createInvoice(draft, newAmount - oldAmount, 'subscription_update');
        sub.latest_invoice = invoice.id;
        if (!attemptPayment(invoice)) {
          if (paymentBehavior === 'error_if_incomplete') {
            invoice.status = 'void';
            throw declined();
          }
          pending.push(() => void emit('invoice.payment_failed', invoice));
          sub.status = 'past_due';
        } else {
          upgradeInvoice = invoice;
        }
      } else if (newAmount < oldAmount && proration !== 'none') {
        // Unused time on the dearer plan comes back as credit on the customer's balance.
        const customer = customers.get(sub.customer);
        if (customer) customer.balance -= oldAmount - newAmount;
      }
      sub.items.data = nextItems;
    }
    if (cancelAtPeriodEnd !== undefined) {
      sub.cancel_at_period_end = cancelAtPeriodEnd;
      sub.cancel_at = cancelAtPeriodEnd ? sub.items.data[0]!.current_period_end : null;
      sub.canceled_at = cancelAtPeriodEnd ? now() : null;
      sub.cancellation_details = {
        comment: null,
        feedback: null,
        reason: cancelAtPeriodEnd ? 'cancellation_requested' : null,
      };
    }
    if (cancelAt !== undefined) {
      if (cancelAt === '') {
        if (!cancelAtPeriodEnd) {
          sub.cancel_at = null;
          sub.cancel_at_period_end = false;
          sub.canceled_at = null;
        }
      } else if (/^\d+$/.test(cancelAt)) {
        sub.cancel_at = Number(cancelAt);
        sub.canceled_at = now();
      } else throw invalid(`Invalid cancel_at: '${cancelAt}'`, 'cancel_at');
    }
    if (metadata) sub.metadata = mergeMetadata(sub.metadata, metadata);
    if (pause === '') sub.pause_collection = null;
    else if (pause !== undefined) {
      const behavior = str(pause as FormObject, 'behavior');
      if (!behavior || !['keep_as_draft', 'mark_uncollectible', 'void'].includes(behavior))
        throw invalid('Invalid pause_collection[behavior]', 'pause_collection[behavior]');
      const resumes = str(pause as FormObject, 'resumes_at');
      sub.pause_collection = { behavior, resumes_at: resumes ? Number(resumes) : null };
    }

    if (upgradeInvoice) void Promise.all([...invoiceOpened(upgradeInvoice), ...invoicePaid(upgradeInvoice)]);
    for (const run of pending) run();
    const previous = previousAttributes(before, sub);
    if (Object.keys(previous).length > 0) void emit('customer.subscription.updated', sub, previous);
    return sub;
  }

  function createCheckoutSession(params: FormObject): CheckoutSession {
    const mode = str(params, 'mode');
    if (!mode) throw invalid('Missing required param: mode.', 'mode');
    if (mode !== 'subscription')
      throw invalid('This sandbox supports mode=subscription only.', 'mode');
    const successUrl = str(params, 'success_url');
    if (!successUrl) throw invalid('Missing required param: success_url.', 'success_url');
    const customerId = str(params, 'customer');
    if (customerId) getCustomer(customerId, 'customer');
    const rawItems = list(params, 'line_items');
    if (rawItems.length === 0) throw invalid('Missing required param: line_items.', 'line_items');
    const items = rawItems.map((raw, index) => {
      const item = raw as FormObject;
      const priceId = str(item, 'price');
      if (!priceId)
        throw invalid(
          `Missing required param: line_items[${index}][price].`,
          `line_items[${index}][price]`,
        );
      return {
        price: getPrice(priceId, `line_items[${index}][price]`),
        quantity: Number(str(item, 'quantity') ?? '1'),
      };
    });
    const id = newId('cs_test_', 58);
    const amount = items.reduce((sum, i) => sum + i.price.unit_amount * i.quantity, 0);
    const session: CheckoutSession = {
      id,
      object: 'checkout.session',
      after_expiration: null,
      allow_promotion_codes: null,
      amount_subtotal: amount,
      amount_total: amount,
      automatic_tax: { enabled: false, liability: null, provider: null, status: null },
      billing_address_collection: null,
      cancel_url: str(params, 'cancel_url') ?? null,
      client_reference_id: str(params, 'client_reference_id') ?? null,
      client_secret: null,
      created: now(),
      currency: items[0]!.price.currency,
      custom_fields: [],
      custom_text: {
        after_submit: null,
        shipping_address: null,
        submit: null,
        terms_of_service_acceptance: null,
      },
      customer: customerId ?? null,
      customer_creation: customerId ? null : 'always',
      customer_details: null,
      customer_email:
        str(params, 'customer_email') ?? (customerId ? customers.get(customerId)!.email : null),
      expires_at: now() + 24 * 3600,
      invoice: null,
      livemode: false,
      locale: null,
      metadata: mergeMetadata({}, obj(params, 'metadata')),
      mode,
      payment_intent: null,
      payment_link: null,
      payment_method_collection: 'always',
      payment_method_types: ['card'],
      payment_status: 'unpaid',
      status: 'open',
      submit_type: null,
      subscription: null,
      success_url: successUrl,
      total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
      ui_mode: 'hosted',
      url: `${baseUrl}/c/pay/${id}`,
    };
    sessions.set(id, session);
    lineItems.set(id, items);
    sessionSubscriptionMetadata.set(
      id,
      mergeMetadata({}, obj(obj(params, 'subscription_data') ?? {}, 'metadata')),
    );
    return session;
  }

  async function api(
    method: string,
    path: string,
    params: FormObject,
  ): Promise<{ status: number; body: unknown }> {
    let parts = path.split('/').filter(Boolean).slice(1); // without 'v1'
    // Two-word resources: /v1/checkout/sessions, /v1/billing_portal/sessions
    if (parts[0] === 'checkout' || parts[0] === 'billing_portal') {
      parts = [`${parts[0]}/${parts[1] ?? ''}`, ...parts.slice(2)];
    }
    const [resource, id, action] = parts;
    const route = `${method} ${resource}${id ? '/:id' : ''}${action ? `/${action}` : ''}`;

    switch (route) {
      case 'POST customers':
        return { status: 200, body: createCustomer(params) };
      case 'GET customers/:id':
        return { status: 200, body: getCustomer(id!) };
      case 'POST customers/:id': {
        const customer = getCustomer(id!);
        if (str(params, 'email') !== undefined) customer.email = str(params, 'email') || null;
        if (str(params, 'name') !== undefined) customer.name = str(params, 'name') || null;
        customer.metadata = mergeMetadata(customer.metadata, obj(params, 'metadata'));
        return { status: 200, body: customer };
      }
      case 'GET prices':
        return {
          status: 200,
          body: { object: 'list', data: [...prices.values()], has_more: false, url: '/v1/prices' },
        };
      case 'GET prices/:id': {
        const price = prices.get(id!);
        if (!price) throw missing('price', id!);
        return { status: 200, body: price };
      }
      case 'POST checkout/sessions':
        return { status: 200, body: createCheckoutSession(params) };
      case 'GET checkout/sessions/:id':
      case 'POST checkout/sessions/:id/expire': {
        const session = sessions.get(id!);
        if (!session) throw missing('checkout.session', id!);
        if (action === 'expire' && session.status === 'open') session.status = 'expired';
        return { status: 200, body: session };
      }
      case 'GET subscriptions': {
        const customer = str(params, 'customer');
        const data = [...subscriptions.values()].filter(
          (s) => !customer || s.customer === customer,
        );
        return {
          status: 200,
          body: { object: 'list', data, has_more: false, url: '/v1/subscriptions' },
        };
      }
      case 'GET subscriptions/:id': {
        // Embedded lists carry total_count only when it is asked for with expand[].
        const sub = getSubscription(id!);
        if (!list(params, 'expand').includes('items.total_count')) return { status: 200, body: sub };
        return {
          status: 200,
          body: { ...sub, items: { ...sub.items, total_count: sub.items.data.length } },
        };
      }
      case 'POST subscriptions/:id':
        return { status: 200, body: updateSubscription(getSubscription(id!), params) };
      case 'DELETE subscriptions/:id': {
        const sub = getSubscription(id!);
        if (sub.status !== 'canceled') {
          sub.status = 'canceled';
          sub.ended_at = now();
          sub.canceled_at = now();
          const details = obj(params, 'cancellation_details');
          sub.cancellation_details = {
            comment: details ? (str(details, 'comment') ?? null) : null,
            feedback: null,
            reason: 'cancellation_requested',
          };
          void emit('customer.subscription.deleted', sub);
        }
        return { status: 200, body: sub };
      }
      case 'GET invoices/:id': {
        const invoice = invoices.get(id!);
        if (!invoice) throw missing('invoice', id!);
        return { status: 200, body: invoice };
      }
      case 'POST invoices/:id/pay': {
        const invoice = invoices.get(id!);
        if (!invoice) throw missing('invoice', id!);
        return { status: 200, body: await payInvoice(invoice) };
      }
      case 'POST billing_portal/sessions': {
        const customer = str(params, 'customer');
        if (!customer) throw invalid('Missing required param: customer.', 'customer');
        getCustomer(customer, 'customer');
        const sid = newId('bps_');
        const session: PortalSession = {
          id: sid,
          object: 'billing_portal.session',
          configuration: 'bpc_sandbox',
          created: now(),
          customer,
          customer_account: null,
          flow: null,
          livemode: false,
          locale: null,
          on_behalf_of: null,
          return_url: str(params, 'return_url') ?? null,
          url: `${baseUrl}/p/session/${sid}`,
        };
        portals.set(sid, session);
        return { status: 200, body: session };
      }
      case 'GET events/:id': {
        const event = events.find((e) => e.id === id);
        if (!event) throw missing('event', id!);
        return { status: 200, body: event };
      }
    }
    throw new StripeApiError(404, {
      type: 'invalid_request_error',
      message: `Unrecognized request URL (${method}: ${path}). This Stripe sandbox answers only the calls Stockroom makes.`,
    });
  }

  function authorised(req: IncomingMessage): boolean {
    const header = req.headers.authorization ?? '';
    if (header === `Bearer ${opts.secretKey}`) return true;
    // The SDK can also send the key as HTTP Basic user name.
    if (header.startsWith('Basic ')) {
      const user = Buffer.from(header.slice(6), 'base64').toString('utf8').split(':')[0];
      return user === opts.secretKey;
    }
    return false;
  }

  async function handleApi(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const requestId = newId('req_', 14);
    const headers = { 'request-id': requestId, 'stripe-version': SANDBOX_API_VERSION };
    if (!authorised(req)) {
      const key = (req.headers.authorization ?? '').replace(/^Bearer\s+/, '');
      sendJson(
        res,
        401,
        {
          error: {
            type: 'invalid_request_error',
            message: key
              ? `Invalid API Key provided: ${key.slice(0, 8)}${'*'.repeat(Math.max(0, key.length - 12))}${key.slice(-4)}`
              : 'You did not provide an API key.',
          },
        },
        headers,
      );
      return;
    }
    const method = req.method ?? 'GET';
    // The SDK sends GET and DELETE parameters in the query string, POST ones in the body.
    const raw =
      method === 'GET' || method === 'DELETE'
        ? url.search.slice(1)
        : (await readBody(req)).toString('utf8');
    const params = decodeStripeForm(raw);

    const key = req.headers['idempotency-key'];
    const idemKey = typeof key === 'string' && method === 'POST' ? key : null;
    if (idemKey) {
      let earlier = idempotent.get(idemKey);
      // Stripe keeps a key for 24 hours.
      if (earlier && now() - earlier.at >= 86_400) {
        idempotent.delete(idemKey);
        earlier = undefined;
      }
      if (earlier && earlier.params !== raw) {
        sendJson(
          res,
          400,
          {
            error: {
              type: 'idempotency_error',
              message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idemKey}' if you meant to execute a different request.`,
            },
          },
          headers,
        );
        return;
      }
      if (earlier) {
        if (earlier.path !== url.pathname) {
          sendJson(
            res,
            400,
            {
              error: {
                type: 'idempotency_error',
                message:
                  'Keys for idempotent requests can only be used for the same endpoint they were first used for.',
              },
            },
            headers,
          );
          return;
        }
        sendJson(res, earlier.status, earlier.body, { ...headers, 'idempotent-replayed': 'true' });
        return;
      }
    }

    let status: number;
    let body: unknown;
    try {
      ({ status, body } = await api(method, url.pathname, params));
    } catch (error) {
      if (!(error instanceof StripeApiError)) throw error;
      status = error.status;
      body = { error: { ...error.body, request_log_url: null, doc_url: null } };
    }
    if (idemKey && status < 500)
      idempotent.set(idemKey, { path: url.pathname, params: raw, at: now(), status, body });
    sendJson(res, status, body, headers);
  }

  // ------------------------------------------------------------------------------------------
  // Hosted pages and test controls
  // ------------------------------------------------------------------------------------------
  function sendHtml(res: ServerResponse, status: number, html: string): void {
    res.writeHead(status, {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
    });
    res.end(html);
  }

  function redirect(res: ServerResponse, location: string): void {
    res.writeHead(303, { location });
    res.end();
  }

  function checkoutView(session: CheckoutSession, error?: string) {
    const item = lineItems.get(session.id)?.[0];
    return checkoutPage({
      id: session.id,
      productName: item?.price.nickname ?? 'Subscription',
      amount: (session.amount_total as number) ?? 0,
      currency: (session.currency as string) ?? 'usd',
      email: session.customer_email,
      status: session.status,
      cancelUrl: session.cancel_url,
      ...(error ? { error } : {}),
    });
  }

  function portalView(session: PortalSession, notice?: string) {
    const sub = [...subscriptions.values()].filter((s) => s.customer === session.customer).at(-1);
    const item = sub?.items.data[0];
    return portalPage({
      id: session.id,
      email: customers.get(session.customer)?.email ?? null,
      plan: item?.price.nickname ?? null,
      status: sub?.status ?? null,
      periodEnd: item?.current_period_end ?? null,
      cancelAtPeriodEnd: sub?.cancel_at_period_end ?? false,
      openInvoices: [...invoices.values()]
        .filter((i) => i.customer === session.customer && i.status === 'open')
        .map((i) => ({ id: i.id, amount: i.amount_remaining, currency: i.currency })),
      card: cards.get(session.customer) ?? 'ok',
      returnUrl: session.return_url,
      ...(notice ? { notice } : {}),
    });
  }

  async function readJson(req: IncomingMessage): Promise<Json> {
    const text = (await readBody(req)).toString('utf8');
    if (!text.trim()) return {};
    const type = req.headers['content-type'] ?? '';
    if (type.includes('application/x-www-form-urlencoded')) return decodeStripeForm(text);
    return JSON.parse(text) as Json;
  }

  async function handlePages(
    req: IncomingMessage,
    res: ServerResponse,
    url: URL,
  ): Promise<boolean> {
    const method = req.method ?? 'GET';
    let m = /^\/c\/pay\/(cs_[A-Za-z0-9_]+)(\/complete)?$/.exec(url.pathname);
    if (m) {
      const session = sessions.get(m[1]!);
      if (!session) {
        sendHtml(res, 404, page('Not found', '<h1>This checkout session does not exist.</h1>'));
        return true;
      }
      if (method === 'GET' && !m[2]) {
        sendHtml(res, 200, checkoutView(session));
        return true;
      }
      if (method === 'POST' && m[2]) {
        const form = await readJson(req);
        try {
          await completeCheckout(session, form.outcome === 'declined' ? 'declined' : 'paid');
        } catch (error) {
          if (!(error instanceof StripeApiError)) throw error;
          sendHtml(res, error.status, checkoutView(session, error.message));
          return true;
        }
        redirect(res, (session.success_url ?? '/').replaceAll('{CHECKOUT_SESSION_ID}', session.id));
        return true;
      }
    }
    m = /^\/p\/session\/(bps_[A-Za-z0-9]+)(\/card)?$/.exec(url.pathname);
    if (m) {
      const session = portals.get(m[1]!);
      if (!session) {
        sendHtml(res, 404, page('Not found', '<h1>This billing session does not exist.</h1>'));
        return true;
      }
      if (method === 'GET' && !m[2]) {
        sendHtml(res, 200, portalView(session, url.searchParams.get('notice') ?? undefined));
        return true;
      }
      if (method === 'POST' && m[2]) {
        const form = await readJson(req);
        const card = form.card === 'decline' ? 'decline' : 'ok';
        cards.set(session.customer, card);
        let notice = card === 'ok' ? 'Card updated.' : 'Card switched to one that declines.';
        if (card === 'ok') {
          for (const invoice of [...invoices.values()].filter(
            (i) => i.customer === session.customer && i.status === 'open',
          )) {
            await payInvoice(invoice);
            notice = 'Card updated and the overdue invoice was paid.';
          }
        }
        redirect(res, `/p/session/${session.id}?notice=${encodeURIComponent(notice)}`);
        return true;
      }
    }
    return false;
  }

  async function handleControls(
    req: IncomingMessage,
    res: ServerResponse,
    url: URL,
  ): Promise<void> {
    const method = req.method ?? 'GET';
    const parts = url.pathname.split('/').filter(Boolean).slice(1); // after '_sandbox'
    const [resource, id, action] = parts;
    try {
      if (method === 'GET' && resource === 'events' && !id) {
        const type = url.searchParams.get('type');
        sendJson(res, 200, {
          events: events.filter((e) => !type || e.type === type),
          deliveries: deliveries.filter((d) => !type || d.type === type),
        });
        return;
      }
      if (method === 'POST' && resource === 'events' && id && action === 'resend') {
        const event = events.find((e) => e.id === id);
        if (!event) throw missing('event', id);
        await enqueue(event);
        sendJson(res, 200, { delivery: deliveries.at(-1) });
        return;
      }
      if (method === 'POST' && resource === 'clock' && id === 'advance') {
        const body = await readJson(req);
        const seconds = Number(body.seconds ?? 0) + Number(body.days ?? 0) * 86_400;
        if (!Number.isFinite(seconds) || seconds < 0) throw invalid('Give seconds or days >= 0.');
        sendJson(res, 200, await advanceClock(seconds));
        return;
      }
      if (resource === 'settings') {
        if (method === 'POST') {
          const body = await readJson(req);
          if (body.retries) Object.assign(retries, body.retries);
          if (typeof body.webhookApiVersion === 'string')
            endpoint.apiVersion = body.webhookApiVersion;
          if (Array.isArray(body.enabledEvents))
            endpoint.enabledEvents = body.enabledEvents.map(String);
        }
        sendJson(res, 200, { retries, endpoint, now: now() });
        return;
      }
      if (method === 'POST' && resource === 'flush') {
        await queue;
        sendJson(res, 200, { delivered: deliveries.length });
        return;
      }
      if (method === 'POST' && resource === 'checkout' && id && action === 'complete') {
        const session = sessions.get(id);
        if (!session) throw missing('checkout.session', id);
        const body = await readJson(req);
        const sub = await completeCheckout(
          session,
          body.outcome === 'declined' ? 'declined' : 'paid',
        );
        sendJson(res, 200, { session, subscription: sub });
        return;
      }
      if (resource === 'subscriptions' && id) {
        const sub = getSubscription(id);
        if (method === 'GET' && !action) {
          sendJson(res, 200, sub);
          return;
        }
        if (method === 'POST' && action === 'advance') {
          const body = await readJson(req);
          const outcome =
            body.outcome === 'failed' ? 'failed' : body.outcome === 'paid' ? 'paid' : undefined;
          sendJson(res, 200, await advance(sub, outcome));
          return;
        }
        if (method === 'POST' && action === 'forget') {
          // Stripe no longer returns it (as after test data is deleted in the Dashboard), but
          // its deletion event was sent.
          const before = snapshot(sub);
          sub.status = 'canceled';
          sub.ended_at = now();
          const sent = emit('customer.subscription.deleted', { ...before, status: 'canceled' });
          subscriptions.delete(id);
          await sent;
          sendJson(res, 200, { forgotten: id });
          return;
        }
        if (method === 'POST' && action === 'cancel-at-period-end') {
          await cancelAtPeriodEnd(sub, true);
          await queue;
          sendJson(res, 200, sub);
          return;
        }
      }
      if (method === 'POST' && resource === 'invoices' && id && action === 'pay') {
        const invoice = invoices.get(id);
        if (!invoice) throw missing('invoice', id);
        sendJson(res, 200, await payInvoice(invoice));
        return;
      }
      if (method === 'POST' && resource === 'customers' && id && action === 'card') {
        getCustomer(id);
        const body = await readJson(req);
        cards.set(id, body.behaviour === 'decline' ? 'decline' : 'ok');
        sendJson(res, 200, { customer: id, card: cards.get(id) });
        return;
      }
      if (method === 'GET' && resource === 'customers' && id) {
        sendJson(res, 200, { customer: getCustomer(id), card: cards.get(id) });
        return;
      }
      sendJson(res, 404, {
        error: {
          type: 'invalid_request_error',
          message: `Unknown sandbox control ${method} ${url.pathname}`,
        },
      });
    } catch (error) {
      if (!(error instanceof StripeApiError)) throw error;
      sendJson(res, error.status, { error: error.body });
    }
  }

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://sandbox');
    try {
      if (url.pathname.startsWith('/v1/')) await handleApi(req, res, url);
      else if (url.pathname.startsWith('/_sandbox/')) await handleControls(req, res, url);
      else if (!(await handlePages(req, res, url))) {
        sendHtml(
          res,
          404,
          page('Not found', `<h1>Not found</h1><p>${escapeHtml(url.pathname)}</p>`),
        );
      }
    } catch (error) {
      log(`stripe sandbox: ${req.method} ${url.pathname} failed: ${(error as Error).message}`);
      if (!res.headersSent)
        sendJson(res, 500, { error: { type: 'api_error', message: 'Sandbox error' } });
      else res.destroy();
    }
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  baseUrl = `http://127.0.0.1:${port}`;

  return {
    url: baseUrl,
    port,
    async stop() {
      await queue;
      await new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      });
    },
  };
}
