import { randomBytes } from 'node:crypto';
import type { SandboxPrice } from './stripe.ts';

/** Keys the local stack makes up start with these, so they are never mistaken for real ones. */
export const LOCAL_SECRET_KEY_PREFIX = 'sk_test_local_';
export const LOCAL_WEBHOOK_SECRET_PREFIX = 'whsec_local_';

/** Sandbox-only monthly amounts (cents): prices are configuration (docs/product.md#plans). */
const PLANS = [
  {
    plan: 'growing',
    variable: 'STRIPE_PRICE_GROWING',
    productName: 'Growing Seller',
    unitAmount: 900,
  },
  { plan: 'power', variable: 'STRIPE_PRICE_POWER', productName: 'Power Seller', unitAmount: 1900 },
  { plan: 'elite', variable: 'STRIPE_PRICE_ELITE', productName: 'Elite Seller', unitAmount: 4900 },
] as const;

export interface StripeSandboxSettings {
  secretKey: string;
  webhookSecret: string;
  prices: SandboxPrice[];
  /** The functions' environment once the sandbox listens at `url`. */
  functionEnv(url: string): Record<string, string>;
}

/**
 * How the stack should provide Stripe: null when the environment already names a real Stripe
 * key (then the functions talk to Stripe itself and no sandbox runs); otherwise the sandbox's
 * settings, keeping any value the environment sets (price ids, webhook secret) and making up
 * the rest. A key left in process.env by an earlier local stack is local too, so it is reused.
 */
export function stripeSandboxSettings(env: NodeJS.ProcessEnv): StripeSandboxSettings | null {
  const given = env.STRIPE_SECRET_KEY?.trim();
  if (given && !given.startsWith(LOCAL_SECRET_KEY_PREFIX)) return null;
  const secretKey = given || `${LOCAL_SECRET_KEY_PREFIX}${randomBytes(12).toString('hex')}`;
  const webhookSecret =
    env.STRIPE_WEBHOOK_SECRET?.trim() ||
    `${LOCAL_WEBHOOK_SECRET_PREFIX}${randomBytes(16).toString('hex')}`;
  const prices = PLANS.map((p) => ({
    id: env[p.variable]?.trim() || `price_local_${p.plan}`,
    productName: p.productName,
    unitAmount: p.unitAmount,
    lookupKey: p.plan,
  }));
  return {
    secretKey,
    webhookSecret,
    prices,
    functionEnv(url) {
      const { hostname, port, protocol } = new URL(url);
      return {
        STRIPE_SECRET_KEY: secretKey,
        STRIPE_WEBHOOK_SECRET: webhookSecret,
        STRIPE_API_HOST: hostname,
        STRIPE_API_PORT: port,
        STRIPE_API_PROTOCOL: protocol.replace(':', ''),
        ...Object.fromEntries(PLANS.map((p, i) => [p.variable, prices[i]!.id])),
      };
    },
  };
}
