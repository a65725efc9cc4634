// Outgoing mail: one-time codes, the verify links they travel in, the templates (worded like
// Supabase's defaults) and the e-mail rate limits.
import { createHash, randomInt } from 'node:crypto';
import type { Ctx } from './context.ts';
import { tooMany } from './errors.ts';

export type MailKind =
  'signup' | 'invite' | 'recovery' | 'magiclink' | 'email_change' | 'reauthentication';

/** Six digits, like GoTrue's default mailer otp_length. */
export function generateOtp(): string {
  return randomInt(0, 1_000_000).toString().padStart(6, '0');
}

/** What GoTrue stores and puts in links: sha224(email + code), hex. Codes are never stored. */
export function tokenHash(emailOrPhone: string, otp: string): string {
  return createHash('sha224')
    .update(emailOrPhone + otp)
    .digest('hex');
}

/** Go's url.QueryEscape: everything but letters, digits and -_.~ escaped, spaces as '+'. */
function queryEscape(s: string): string {
  return encodeURIComponent(s)
    .replace(/[!'()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, '+');
}

/**
 * The link in a mail. Like GoTrue, redirect_to goes in as given unless it holds '&', '=' or '#'
 * (then the caller cannot have encoded it, so it is escaped here).
 */
export function verifyUrl(ctx: Ctx, hash: string, type: string, redirectTo: string): string {
  const redirect = /[&=#]/.test(redirectTo) ? queryEscape(redirectTo) : redirectTo;
  const query = `token=${queryEscape(hash)}&type=${queryEscape(type)}&redirect_to=${redirect}`;
  return `${ctx.svc.cfg.apiExternalUrl}/auth/v1/verify?${query}`;
}

/** GoTrue's per-user max_frequency check on a "sent at" column. */
export function checkSendFrequency(ctx: Ctx, sentAt: Date | null): void {
  const seconds = ctx.svc.cfg.limits.emailFrequencySeconds;
  if (!sentAt || seconds <= 0) return;
  const wait = sentAt.getTime() + seconds * 1000 - ctx.now.getTime();
  if (wait > 0) {
    throw tooMany(
      'over_email_send_rate_limit',
      `For security purposes, you can only request this after ${Math.ceil(wait / 1000)} seconds.`,
    );
  }
}

const esc = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

interface Template {
  subject: string;
  heading: string;
  body: string;
  linkText?: string;
}

function template(
  kind: MailKind,
  vars: { email: string; newEmail?: string; siteUrl: string },
): Template {
  switch (kind) {
    case 'invite':
      return {
        subject: 'You have been invited',
        heading: 'You have been invited',
        body: `You have been invited to create a user on ${vars.siteUrl}. Follow this link to accept the invite:`,
        linkText: 'Accept the invite',
      };
    case 'signup':
      return {
        subject: 'Confirm Your Signup',
        heading: 'Confirm your signup',
        body: 'Follow this link to confirm your user:',
        linkText: 'Confirm your mail',
      };
    case 'recovery':
      return {
        subject: 'Reset Your Password',
        heading: 'Reset Password',
        body: 'Follow this link to reset the password for your user:',
        linkText: 'Reset Password',
      };
    case 'magiclink':
      return {
        subject: 'Your Magic Link',
        heading: 'Magic Link',
        body: 'Follow this link to login:',
        linkText: 'Log In',
      };
    case 'email_change':
      return {
        subject: 'Confirm Email Change',
        heading: 'Confirm Change of Email',
        body: `Follow this link to confirm the update of your email from ${vars.email} to ${vars.newEmail ?? ''}:`,
        linkText: 'Change Email',
      };
    case 'reauthentication':
      return {
        subject: 'Confirm reauthentication',
        heading: 'Confirm reauthentication',
        body: 'Enter the code:',
      };
  }
}

/**
 * Sends one mail through the local mailbox, after the service-wide hourly limit
 * (GoTrue's rate_limit.email_sent, answered with 429 over_email_send_rate_limit).
 */
export async function sendAuthMail(
  ctx: Ctx,
  to: string,
  kind: MailKind,
  opts: { otp: string; link?: string; email: string; newEmail?: string },
): Promise<void> {
  const { limits, mailbox } = ctx.svc.cfg;
  if (!ctx.svc.limiter.hit('email:global', limits.emailSent, 3600)) {
    throw tooMany('over_email_send_rate_limit', 'email rate limit exceeded');
  }
  const t = template(kind, { ...opts, siteUrl: ctx.svc.cfg.siteUrl });
  const textLines = [t.heading, '', t.body];
  const htmlParts = [`<h2>${esc(t.heading)}</h2>`, `<p>${esc(t.body)}</p>`];
  if (opts.link) {
    textLines.push(opts.link, '', `Alternatively, enter the code: ${opts.otp}`);
    htmlParts.push(
      `<p><a href="${esc(opts.link)}">${esc(t.linkText ?? 'Open link')}</a></p>`,
      `<p>Alternatively, enter the code: ${esc(opts.otp)}</p>`,
    );
  } else {
    textLines.push(opts.otp);
    htmlParts.push(`<p>${esc(opts.otp)}</p>`);
  }
  await mailbox.send({
    to,
    subject: t.subject,
    text: textLines.join('\n'),
    html: htmlParts.join('\n'),
  });
}
