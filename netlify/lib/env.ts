import * as z from 'zod';

/**
 * The billing functions' configuration, read from the environment (as Netlify provides it) and
 * validated on first use, so a missing variable fails with its name instead of as a confusing
 * Stripe error. Values are never logged; only the names of what is missing or wrong.
 */

const nonEmpty = (name: string) =>
  z
    .string({ error: `${name} is missing` })
    .trim()
    .min(1, `${name} is missing`);

const stripeEnvSchema = z.object({
  STRIPE_SECRET_KEY: nonEmpty('STRIPE_SECRET_KEY'),
  STRIPE_WEBHOOK_SECRET: nonEmpty('STRIPE_WEBHOOK_SECRET'),
  STRIPE_PRICE_GROWING: nonEmpty('STRIPE_PRICE_GROWING'),
  STRIPE_PRICE_POWER: nonEmpty('STRIPE_PRICE_POWER'),
  STRIPE_PRICE_ELITE: nonEmpty('STRIPE_PRICE_ELITE'),
  // Only set when the SDK must talk to something other than api.stripe.com (the local sandbox).
  STRIPE_API_HOST: z.string().trim().min(1).optional(),
  STRIPE_API_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  STRIPE_API_PROTOCOL: z.enum(['http', 'https']).optional(),
  // The deadline the overdue banner shows, in days after the first failed payment: Stripe's
  // Smart Retries window ("retry for up to", 2 weeks by default). Only a date to show: the data
  // goes when Stripe gives up (netlify/lib/overdue.ts), never while it can still collect.
  OVERDUE_GRACE_DAYS: z.coerce.number().int().min(1).max(60).default(14),
});

export type StripeEnv = z.infer<typeof stripeEnvSchema>;

export class ConfigError extends Error {
  constructor(problems: string[]) {
    super(`Billing is not configured: ${problems.join('; ')}`);
    this.name = 'ConfigError';
  }
}

/** Blank values count as unset, as on Netlify's UI where a cleared field is ''. */
function fromProcessEnv(names: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of names) {
    const value = process.env[name];
    if (value !== undefined && value.trim() !== '') out[name] = value;
  }
  return out;
}

/**
 * Read per call, not cached: the local stack sets the sandbox's address after the functions'
 * modules may already have been loaded, and tests restart stacks in one process.
 */
export function stripeEnv(): StripeEnv {
  const parsed = stripeEnvSchema.safeParse(fromProcessEnv(Object.keys(stripeEnvSchema.shape)));
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) =>
        issue.message.includes(String(issue.path[0] ?? ''))
          ? issue.message
          : `${String(issue.path[0] ?? 'environment')}: ${issue.message}`,
      ),
    );
  }
  return parsed.data;
}
