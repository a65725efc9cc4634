/** The sandbox's objects, in the shapes the `stripe` SDK reads, and its options. */

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
export const BASIL = '2025-03-31';

export interface StripeSandbox {
  url: string;
  port: number;
  stop(): Promise<void>;
}

export type Json = Record<string, unknown>;

export interface Customer extends Json {
  id: string;
  email: string | null;
  metadata: Record<string, string>;
  balance: number;
}

export interface Price extends Json {
  id: string;
  unit_amount: number;
  currency: string;
  product: string;
  nickname: string;
}

export interface SubscriptionItem extends Json {
  id: string;
  price: Price;
  quantity: number;
  current_period_start: number;
  current_period_end: number;
}

export interface Subscription extends Json {
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

export interface Invoice extends Json {
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

export interface CheckoutSession extends Json {
  id: string;
  status: 'open' | 'complete' | 'expired';
  customer: string | null;
  customer_email: string | null;
  success_url: string | null;
  cancel_url: string | null;
  subscription: string | null;
  metadata: Record<string, string>;
}

export interface PortalSession extends Json {
  id: string;
  customer: string;
  return_url: string | null;
}

export interface StripeEvent extends Json {
  id: string;
  type: string;
  created: number;
}

export interface Delivery {
  eventId: string;
  type: string;
  /** The Stripe-Signature header sent, so tests can replay or tamper with a genuine delivery. */
  signature: string;
  status: number | null;
  body: string;
  at: string;
}
