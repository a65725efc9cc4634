// zod/mini: the same validation as zod in a fraction of the bytes of the landing bundle.
import * as z from 'zod/mini';

/**
 * The SPA's configuration, read once and validated here so that a missing variable fails loudly
 * with its name instead of as a confusing network error later. A server may give it at run time
 * (the local app server puts `window.__STOCKROOM_ENV__` in the page, so one build serves any
 * stack); otherwise, as on Netlify, it is the `VITE_` variables built into the bundle.
 */

const planPricesSchema = z.record(z.string(), z.string().check(z.minLength(1)));

const envSchema = z.object({
  VITE_SUPABASE_URL: z.url({ error: 'VITE_SUPABASE_URL must be the URL of the Supabase API' }),
  VITE_SUPABASE_ANON_KEY: z
    .string({ error: 'VITE_SUPABASE_ANON_KEY is required' })
    .check(z.minLength(1, 'VITE_SUPABASE_ANON_KEY is required')),
  // Prices are not part of the product specification, so they are configuration: a JSON
  // object from plan id to the label shown on the pricing page, e.g. {"growing":"$9 / month"}.
  VITE_PLAN_PRICES: z.optional(z.string()),
  VITE_SUPPORT_EMAIL: z.optional(
    z.email({ error: 'VITE_SUPPORT_EMAIL must be an e-mail address' }),
  ),
});

export interface AppEnv {
  supabaseUrl: string;
  supabaseAnonKey: string;
  /** Price label per plan id; plans without one show no price rather than an invented one. */
  planPrices: Readonly<Record<string, string>>;
  supportEmail: string;
}

export class EnvError extends Error {
  readonly missing: readonly string[];
  constructor(problems: readonly string[], missing: readonly string[]) {
    super(`Stockroom is not configured correctly:\n- ${problems.join('\n- ')}`);
    this.name = 'EnvError';
    this.missing = missing;
  }
}

export const DEFAULT_SUPPORT_EMAIL = 'support@stockroom.app';

type RawEnv = Record<string, unknown>;

/** Blank strings count as missing: Vite turns an empty `.env` line into ''. */
function withoutBlanks(raw: RawEnv): RawEnv {
  const out: RawEnv = {};
  for (const [key, value] of Object.entries(raw)) {
    if (typeof value === 'string' && value.trim() === '') continue;
    out[key] = typeof value === 'string' ? value.trim() : value;
  }
  return out;
}

function parsePlanPrices(json: string | undefined): Record<string, string> {
  if (json === undefined) return {};
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    throw new EnvError(
      ['VITE_PLAN_PRICES must be a JSON object, e.g. {"growing":"$9 / month"}'],
      [],
    );
  }
  const parsed = planPricesSchema.safeParse(value);
  if (!parsed.success) {
    throw new EnvError(['VITE_PLAN_PRICES must map plan ids to non-empty price labels'], []);
  }
  return parsed.data;
}

/** Validates raw environment values; throws an {@link EnvError} naming every problem. */
export function parseEnv(raw: RawEnv): AppEnv {
  const result = envSchema.safeParse(withoutBlanks(raw));
  if (!result.success) {
    const problems: string[] = [];
    const missing: string[] = [];
    for (const issue of result.error.issues) {
      const key = String(issue.path[0] ?? 'environment');
      const isMissing = !(key in withoutBlanks(raw));
      if (isMissing) missing.push(key);
      problems.push(isMissing ? `${key} is missing` : issue.message);
    }
    throw new EnvError(problems, missing);
  }
  const data = result.data;
  return {
    supabaseUrl: data.VITE_SUPABASE_URL,
    supabaseAnonKey: data.VITE_SUPABASE_ANON_KEY,
    planPrices: parsePlanPrices(data.VITE_PLAN_PRICES),
    supportEmail: data.VITE_SUPPORT_EMAIL ?? DEFAULT_SUPPORT_EMAIL,
  };
}

let cached: AppEnv | undefined;

/** The same variable names, given by the server that served the page. */
const RUNTIME_ENV_GLOBAL = '__STOCKROOM_ENV__';

function runtimeEnv(): RawEnv {
  const given: unknown = (globalThis as Record<string, unknown>)[RUNTIME_ENV_GLOBAL];
  return given !== null && typeof given === 'object' ? (given as RawEnv) : {};
}

/** The validated environment of this page, parsed on first use and then reused. */
export function getEnv(): AppEnv {
  cached ??= parseEnv({ ...(import.meta.env as RawEnv), ...runtimeEnv() });
  return cached;
}
