// The service's configuration: the public AuthConfig the gateway passes in, and the resolved
// form every module uses (defaults applied once, here).
import type pg from 'pg';
import type { Mailbox } from '../mailbox.ts';

/**
 * GoTrue's rate-limit settings under their GoTrue names (GOTRUE_RATE_LIMIT_*). The per-client
 * limits are token buckets keyed on the value of `header`; the e-mail limit is service-wide.
 * Every default is hosted Supabase's documented one (supabase.com/docs/guides/auth/rate-limits):
 * per client address, and 2 mails an hour from its built-in mailer. Tests raise what they need.
 */
export interface RateLimitConfig {
  /** request header naming the client (GoTrue: RATE_LIMIT_HEADER); X-Forwarded-For by default,
   *  which the gateway sets to the caller's address as Supabase's does; '' turns them off */
  header?: string;
  /** mails sent by the whole service per hour (hosted Supabase's built-in mailer: 2) */
  emailSent?: number;
  /** /token requests (sign-ins, refreshes) per client per 5 minutes, burst 30
   *  (GoTrue: RATE_LIMIT_TOKEN_REFRESH, 150; hosted: 1800 an hour) */
  tokenRefresh?: number;
  /** /verify requests per client per 5 minutes, burst 30 (GoTrue: RATE_LIMIT_VERIFY, 30;
   *  hosted: 360 an hour) */
  verify?: number;
  /** sign-ups, /otp, /magiclink, /recover, /resend and PUT /user per client per 5 minutes,
   *  burst 30 each (GoTrue: RATE_LIMIT_OTP, 30; hosted: sign-ups and sign-ins, 30 per 5 minutes) */
  otp?: number;
  /** MFA challenges and verifications per client per minute, burst 30
   *  (GoTrue: MFA_RATE_LIMIT_CHALLENGE_AND_VERIFY, 15) */
  mfaChallengeAndVerify?: number;
  /** minimum seconds between two mails of one kind to one user (GoTrue: SMTP_MAX_FREQUENCY, 60) */
  emailFrequencySeconds?: number;
}

/** The client header hosted Supabase keys its per-IP limits on, set by our gateway. */
export const DEFAULT_RATE_LIMIT_HEADER = 'x-forwarded-for';
/** Hosted Supabase's built-in mailer: 2 mails an hour for the whole project. */
export const DEFAULT_EMAIL_SENT_PER_HOUR = 2;

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
      header:
        rl.header === undefined
          ? DEFAULT_RATE_LIMIT_HEADER
          : rl.header.trim()
            ? rl.header.trim().toLowerCase()
            : null,
      emailSent: rl.emailSent ?? DEFAULT_EMAIL_SENT_PER_HOUR,
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
