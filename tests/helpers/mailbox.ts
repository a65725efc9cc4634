// Reading the local mailbox (MAILBOX_URL) the way a person reads their inbox: wait for the
// mail, take the link or the code out of it.
import { expect } from 'vitest';

export interface Mail {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  created_at: string;
}

export async function listMail(mailboxUrl: string, to: string): Promise<Mail[]> {
  const res = await fetch(`${mailboxUrl}/messages?to=${encodeURIComponent(to)}`);
  if (!res.ok) throw new Error(`mailbox answered ${res.status}`);
  return (await res.json()) as Mail[];
}

/** Waits (briefly) for a mail to `to` whose subject matches, newest first. */
export async function waitForMail(
  mailboxUrl: string,
  to: string,
  subject: string | RegExp,
): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(
      async () => {
        const mails = await listMail(mailboxUrl, to);
        found = mails.find((m) =>
          typeof subject === 'string' ? m.subject === subject : subject.test(m.subject),
        );
        return found !== undefined;
      },
      { timeout: 5000, interval: 50 },
    )
    .toBe(true);
  return found!;
}

/** The verify link in a mail (the first http link in its text). */
export function linkIn(mail: Mail): string {
  const m = /https?:\/\/\S+\/auth\/v1\/verify\?\S+/.exec(mail.text);
  if (!m) throw new Error(`no verify link in mail "${mail.subject}"`);
  return m[0];
}

/** The six-digit code in a mail. */
export function codeIn(mail: Mail): string {
  const m = /\b(\d{6})\b/.exec(mail.text);
  if (!m?.[1]) throw new Error(`no code in mail "${mail.subject}"`);
  return m[1];
}

/**
 * Follows a verify link like a browser would, without running the app: returns the redirect
 * target and the parameters GoTrue put in its fragment (session tokens or an error).
 */
export async function followLink(
  link: string,
): Promise<{ status: number; location: string; fragment: URLSearchParams }> {
  const res = await fetch(link, { redirect: 'manual' });
  const location = res.headers.get('location') ?? '';
  const hash = location.includes('#') ? location.slice(location.indexOf('#') + 1) : '';
  return { status: res.status, location, fragment: new URLSearchParams(hash) };
}
