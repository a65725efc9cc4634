// The service's configuration: the public AuthConfig the gateway passes in, and the resolved
// form every module uses (defaults applied once, here).
import type pg from 'pg';
import type { Mailbox } from '../mailbox.ts';

export interface RateLimitConfig {
  /** password sign-ins per client IP per window (GoTrue: rate_limit.sign_in_sign_ups, 30 / 5 min) */
  signInPerIpPerWindow?: number;
  /** password sign-ins per e-mail address per window (defaults to the per-IP figure) */
  signInPerEmailPerWindow?: number;
  /** sign-ups per client IP per window */
  signUpPerIpPerWindow?: number;
  /** mails sent by the whole service per hour (GoTrue: rate_limit.email_sent) */
  emailSentPerHour?: number;
  /** minimum seconds between two mails of one kind to one user (GoTrue: smtp max_frequency, 60 s) */
  emailFrequencySeconds?: number;
  /** refresh-token grants per client IP per window (GoTrue: rate_limit.token_refresh, 150 / 5 min) */
  tokenRefreshPerIpPerWindow?: number;
  /** verify / otp / recover / resend requests per client IP per window (GoTrue: 30 / 5 min) */
  verifyPerIpPerWindow?: number;
  /** window length in seconds for the per-IP / per-email limits (GoTrue: 5 min) */
  windowSeconds?: number;
}

export interface AuthConfig {
  pool: pg.Pool;
  jwtSecret: string;
  jwtExpiry: number;
  siteUrl: string;
  apiExternalUrl: string;
  mailbox: Mailbox;
  enableConfirmations: boolean;
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
  refreshTokenReuseInterval: number;
  otpExpirySeconds: number;
  additionalRedirectUrls: string[];
  limits: Required<RateLimitConfig>;
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
  const signInPerIp = rl.signInPerIpPerWindow ?? 30;
  const signUpPerIp = rl.signUpPerIpPerWindow ?? 30;
  return {
    pool: c.pool,
    jwtSecret: c.jwtSecret,
    jwtExpiry: c.jwtExpiry > 0 ? c.jwtExpiry : 3600,
    siteUrl: trim(c.siteUrl),
    apiExternalUrl: trim(c.apiExternalUrl),
    issuer: `${trim(c.apiExternalUrl)}/auth/v1`,
    mailbox: c.mailbox,
    autoconfirm: !c.enableConfirmations,
    refreshTokenReuseInterval: c.refreshTokenReuseInterval ?? 10,
    otpExpirySeconds: c.otpExpirySeconds ?? 3600,
    additionalRedirectUrls: c.additionalRedirectUrls ?? [],
    limits: {
      signInPerIpPerWindow: signInPerIp,
      signInPerEmailPerWindow: rl.signInPerEmailPerWindow ?? signInPerIp,
      signUpPerIpPerWindow: signUpPerIp,
      // Hosted Supabase's built-in SMTP allows only a handful per hour; a local mailbox costs
      // nothing, so the default is generous enough for a day of development and e2e runs.
      emailSentPerHour: rl.emailSentPerHour ?? 100,
      emailFrequencySeconds: rl.emailFrequencySeconds ?? 60,
      // Unless set, these follow the sign-in / sign-up figures upwards: every sign-up is
      // followed by a verification and every session by refreshes, so a stack configured for
      // many sign-ups from one address (a test run) must allow as many of those too.
      tokenRefreshPerIpPerWindow: rl.tokenRefreshPerIpPerWindow ?? Math.max(150, signInPerIp),
      verifyPerIpPerWindow: rl.verifyPerIpPerWindow ?? Math.max(30, signUpPerIp),
      windowSeconds: rl.windowSeconds ?? 300,
    },
    now: c.now ?? (() => new Date()),
    challengeExpirySeconds: 300,
    factorExpirySeconds: 300,
    maxEnrolledFactors: 10,
    minPasswordLength: 6,
  };
}
