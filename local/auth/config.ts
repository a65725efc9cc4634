// The service's configuration: the public AuthConfig the gateway passes in, and the resolved
// form every module uses (defaults applied once, here).
import type pg from 'pg';
import type { Mailbox } from '../mailbox.ts';

/**
 * GoTrue's rate-limit settings under their GoTrue names (GOTRUE_RATE_LIMIT_*). The per-client
 * limits are token buckets keyed on the value of `header`, and apply only when `header` is set,
 * as in GoTrue; the e-mail limit is service-wide and always on.
 */
export interface RateLimitConfig {
  /** request header naming the client (GoTrue: RATE_LIMIT_HEADER); unset turns per-client limits off */
  header?: string;
  /** mails sent by the whole service per hour (GoTrue: RATE_LIMIT_EMAIL_SENT, 30) */
  emailSent?: number;
  /** /token requests per client per 5 minutes, burst 30 (GoTrue: RATE_LIMIT_TOKEN_REFRESH, 150) */
  tokenRefresh?: number;
  /** /verify requests per client per 5 minutes, burst 30 (GoTrue: RATE_LIMIT_VERIFY, 30) */
  verify?: number;
  /** sign-ups, /otp, /magiclink, /recover, /resend and PUT /user per client per 5 minutes,
   *  burst 30 each (GoTrue: RATE_LIMIT_OTP, 30) */
  otp?: number;
  /** MFA challenges and verifications per client per minute, burst 30
   *  (GoTrue: MFA_RATE_LIMIT_CHALLENGE_AND_VERIFY, 15) */
  mfaChallengeAndVerify?: number;
  /** minimum seconds between two mails of one kind to one user (GoTrue: SMTP_MAX_FREQUENCY, 60) */
  emailFrequencySeconds?: number;
}

export interface AuthConfig {
  pool: pg.Pool;
  jwtSecret: string;
  jwtExpiry: number;
  siteUrl: string;
  apiExternalUrl: string;
  mailbox: Mailbox;
  enableConfirmations: boolean;
  /** Refuse new accounts from sign-up and passwordless sign-in (GoTrue: DISABLE_SIGNUP). */
  disableSignup?: boolean;
  /** Seconds a rotated refresh token may still be exchanged (GoTrue:
   *  SECURITY_REFRESH_TOKEN_REUSE_INTERVAL; the Supabase CLI's 10 by default here). */
  refreshTokenReuseInterval?: number;
  rateLimits?: RateLimitConfig;
  now?: () => Date;
  /** Extra redirect targets allowed besides the site URL and loopback hosts (GoTrue: uri_allow_list). */
  additionalRedirectUrls?: string[];
  /** Lifetime of e-mailed links and codes in seconds (GoTrue: mailer otp_exp, 3600). */
  otpExpirySeconds?: number;
}

export interface ResolvedConfig {
  pool: pg.Pool;
  jwtSecret: string;
  jwtExpiry: number;
  siteUrl: string;
  apiExternalUrl: string;
  issuer: string;
  mailbox: Mailbox;
  autoconfirm: boolean;
  disableSignup: boolean;
  refreshTokenReuseInterval: number;
  otpExpirySeconds: number;
  additionalRedirectUrls: string[];
  limits: Required<Omit<RateLimitConfig, 'header'>> & { header: string | null };
  now: () => Date;
  /** MFA challenge lifetime (GoTrue: mfa challenge_expiry_duration, 300 s). */
  challengeExpirySeconds: number;
  /** Unverified factors older than this are dropped (GoTrue: mfa factor_expiry_duration, 300 s). */
  factorExpirySeconds: number;
  maxEnrolledFactors: number;
  minPasswordLength: number;
}

export function resolveConfig(c: AuthConfig): ResolvedConfig {
  const trim = (u: string) => u.replace(/\/+$/, '');
  const rl = c.rateLimits ?? {};
  return {
    pool: c.pool,
    jwtSecret: c.jwtSecret,
    jwtExpiry: c.jwtExpiry > 0 ? c.jwtExpiry : 3600,
    siteUrl: trim(c.siteUrl),
    apiExternalUrl: trim(c.apiExternalUrl),
    issuer: `${trim(c.apiExternalUrl)}/auth/v1`,
    mailbox: c.mailbox,
    autoconfirm: !c.enableConfirmations,
    disableSignup: c.disableSignup ?? false,
    refreshTokenReuseInterval: c.refreshTokenReuseInterval ?? 10,
    otpExpirySeconds: c.otpExpirySeconds ?? 3600,
    additionalRedirectUrls: c.additionalRedirectUrls ?? [],
    limits: {
      header: rl.header?.trim() ? rl.header.trim().toLowerCase() : null,
      // Hosted Supabase's built-in SMTP allows only a handful per hour; a local mailbox costs
      // nothing, so the default is generous enough for a day of development and e2e runs.
      emailSent: rl.emailSent ?? 100,
      tokenRefresh: rl.tokenRefresh ?? 150,
      verify: rl.verify ?? 30,
      otp: rl.otp ?? 30,
      mfaChallengeAndVerify: rl.mfaChallengeAndVerify ?? 15,
      emailFrequencySeconds: rl.emailFrequencySeconds ?? 60,
    },
    now: c.now ?? (() => new Date()),
    challengeExpirySeconds: 300,
    factorExpirySeconds: 300,
    maxEnrolledFactors: 10,
    minPasswordLength: 6,
  };
}
