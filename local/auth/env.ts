// The auth settings a stack reads from its environment: GoTrue's own knobs under AUTH_ names
// (GOTRUE_DISABLE_SIGNUP -> AUTH_DISABLE_SIGNUP, GOTRUE_RATE_LIMIT_OTP -> AUTH_RATE_LIMIT_OTP, ...).
import type { AuthConfig, RateLimitConfig } from './config.ts';

type Env = Record<string, string | undefined>;

function number(env: Env, name: string): number | undefined {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === '') return undefined;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0) {
    throw new Error(`${name} must be a number of 0 or more, got '${raw}'`);
  }
  return value;
}

function flag(env: Env, name: string): boolean | undefined {
  const raw = env[name]?.trim().toLowerCase();
  if (raw === undefined || raw === '') return undefined;
  if (raw === 'true' || raw === '1') return true;
  if (raw === 'false' || raw === '0') return false;
  throw new Error(`${name} must be true or false, got '${env[name]}'`);
}

/** Settings present in `env`; absent ones are left out so the service's defaults apply. */
export function authSettingsFromEnv(env: Env): Pick<
  AuthConfig,
  'disableSignup' | 'refreshTokenReuseInterval'
> & {
  rateLimits: RateLimitConfig;
} {
  const entries: Array<[keyof RateLimitConfig, string | number | undefined]> = [
    // Set but empty turns the per-client limits off; unset keeps the default (the caller's address).
    ['header', env.AUTH_RATE_LIMIT_HEADER?.trim()],
    ['emailSent', number(env, 'AUTH_RATE_LIMIT_EMAIL_SENT')],
    ['tokenRefresh', number(env, 'AUTH_RATE_LIMIT_TOKEN_REFRESH')],
    ['verify', number(env, 'AUTH_RATE_LIMIT_VERIFY')],
    ['otp', number(env, 'AUTH_RATE_LIMIT_OTP')],
    ['mfaChallengeAndVerify', number(env, 'AUTH_MFA_RATE_LIMIT_CHALLENGE_AND_VERIFY')],
  ];
  const rateLimits = Object.fromEntries(entries.filter(([, v]) => v !== undefined));
  const disableSignup = flag(env, 'AUTH_DISABLE_SIGNUP');
  const reuse = number(env, 'AUTH_REFRESH_TOKEN_REUSE_INTERVAL');
  return {
    rateLimits,
    ...(disableSignup !== undefined ? { disableSignup } : {}),
    ...(reuse !== undefined ? { refreshTokenReuseInterval: reuse } : {}),
  };
}
