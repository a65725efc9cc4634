// Outgoing mail: one-time codes, the verify links they travel in, the templates (worded like
// Supabase's defaults) and the e-mail rate limits.
import { createHash, randomInt } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
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

/** config.toml's template section for each kind of mail, as the Supabase CLI names them. */
const TEMPLATE_SECTION: Partial<Record<MailKind, string>> = {
  invite: 'invite',
  signup: 'confirmation',
  recovery: 'recovery',
  magiclink: 'magic_link',
};

const PROJECT_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/**
 * The project's own templates, read from supabase/config.toml ([auth.email.template.<kind>]
 * subject and content_path) the way the Supabase CLI reads them, so the same files serve hosted.
 */
function configuredTemplates(): Map<string, { subject: string; content: string }> {
  const found = new Map<string, { subject: string; content: string }>();
  const configPath = `${PROJECT_ROOT}supabase/config.toml`;
  if (!existsSync(configPath)) return found;
  let section: Record<string, string> | null = null;
  const fields: Record<string, Record<string, string>> = {};
  for (const raw of readFileSync(configPath, 'utf8').split('\n')) {
    const line = raw.trim();
    const header = /^\[auth\.email\.template\.([a-z_]+)\]$/.exec(line);
    if (header) {
      section = {};
      fields[header[1] ?? ''] = section;
      continue;
    }
    if (line.startsWith('[')) section = null;
    const pair = /^(subject|content_path)\s*=\s*"((?:[^"\\]|\\.)*)"/.exec(line);
    if (section && pair) section[pair[1] ?? ''] = (pair[2] ?? '').replace(/\\(.)/g, '$1');
  }
  for (const [name, f] of Object.entries(fields)) {
    if (!f.subject || !f.content_path) continue;
    // content_path is relative to the project root (the folder holding supabase/), as in the CLI.
    const file = `${PROJECT_ROOT}${f.content_path.replace(/^\.\//, '')}`;
    found.set(name, { subject: f.subject, content: readFileSync(file, 'utf8') });
  }
  return found;
}

let templates: Map<string, { subject: string; content: string }> | undefined;

/**
 * Go's html/template for the subset the templates use: `{{ .Name }}` and `{{ .Data.key }}`,
 * each value HTML-escaped; an unknown name renders empty, as a missing map key does in Go.
 */
export function renderGoTemplate(text: string, vars: Record<string, unknown>): string {
  return text.replace(/\{\{\s*\.([A-Za-z_][\w.]*)\s*\}\}/g, (_, path: string) => {
    let value: unknown = vars;
    for (const key of path.split('.')) {
      value =
        value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
    }
    return value === undefined || value === null ? '' : esc(String(value));
  });
}

/** HTML to the plain-text part: tags out, paragraphs as lines, entities back. */
function textOf(html: string): string {
  return html
    .replace(/<a [^>]*href="([^"]*)"[^>]*>([^<]*)<\/a>/g, '$2: $1')
    .replace(/<[^>]+>/g, '')
    .replace(/&#(\d+);/g, (_, n: string) => String.fromCharCode(Number(n)))
    .replace(/&amp;/g, '&')
    .trim();
}

/**
 * Sends one mail through the local mailbox, after the service-wide hourly limit
 * (GoTrue's rate_limit.email_sent, answered with 429 over_email_send_rate_limit).
 */
export async function sendAuthMail(
  ctx: Ctx,
  to: string,
  kind: MailKind,
  opts: {
    otp: string;
    link?: string;
    email: string;
    newEmail?: string;
    data?: Record<string, unknown> | null;
    redirectTo?: string;
  },
): Promise<void> {
  const { limits, mailbox } = ctx.svc.cfg;
  if (!ctx.svc.limiter.hit('email:global', limits.emailSent, 3600)) {
    throw tooMany('over_email_send_rate_limit', 'email rate limit exceeded');
  }
  const section = TEMPLATE_SECTION[kind];
  templates ??= configuredTemplates();
  const own = section ? templates.get(section) : undefined;
  if (own) {
    const vars = {
      ConfirmationURL: opts.link ?? '',
      Token: opts.otp,
      SiteURL: ctx.svc.cfg.siteUrl,
      Email: opts.email,
      Data: opts.data ?? {},
      RedirectTo: opts.redirectTo ?? '',
    };
    const html = renderGoTemplate(own.content, vars);
    // GoTrue renders the subject as a template too (it may name .Data fields).
    const subject = textOf(renderGoTemplate(own.subject, vars));
    await mailbox.send({ to, subject, text: textOf(html), html });
    return;
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
