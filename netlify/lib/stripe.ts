import Stripe from 'stripe';
import { stripeEnv, type StripeEnv } from './env.ts';

/**
 * The Stripe SDK as the functions use it. In production it talks to api.stripe.com; locally the
 * stack points it at the Stripe sandbox with STRIPE_API_HOST/PORT/PROTOCOL. A client is kept per
 * configuration so that a restarted local stack (new port) gets a new one.
 */
let cached: { key: string; client: Stripe } | null = null;

export function stripeClient(env: StripeEnv = stripeEnv()): Stripe {
  const key = [
    env.STRIPE_SECRET_KEY,
    env.STRIPE_API_HOST,
    env.STRIPE_API_PORT,
    env.STRIPE_API_PROTOCOL,
  ].join('|');
  if (cached?.key === key) return cached.client;
  const client = new Stripe(env.STRIPE_SECRET_KEY, {
    ...(env.STRIPE_API_HOST ? { host: env.STRIPE_API_HOST } : {}),
    ...(env.STRIPE_API_PORT ? { port: env.STRIPE_API_PORT } : {}),
    ...(env.STRIPE_API_PROTOCOL ? { protocol: env.STRIPE_API_PROTOCOL } : {}),
    maxNetworkRetries: 2,
    telemetry: false,
    appInfo: { name: 'Stockroom' },
  });
  cached = { key, client };
  return client;
}

/** Whether a Stripe error says the object does not exist (deleted customer, old subscription). */
export function isResourceMissing(error: unknown): boolean {
  return error instanceof Stripe.errors.StripeError && error.code === 'resource_missing';
}

/** A card problem the seller can fix (declined, expired): safe and useful to show them. */
export function cardErrorMessage(error: unknown): string | undefined {
  return error instanceof Stripe.errors.StripeCardError ? error.message : undefined;
}

export { Stripe };

/** For authedFunction: a declined card is the seller's to fix (402 with Stripe's words). */
export function describeStripeError(
  error: unknown,
): { status: number; extra: Record<string, unknown> } | null {
  const card = cardErrorMessage(error);
  return card ? { status: 402, extra: { detail: card } } : null;
}
