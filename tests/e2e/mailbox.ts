import { expect } from '@playwright/test';
import { e2eEnv } from './env';

export interface Mail {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  created_at: string;
}

async function listMail(to: string): Promise<Mail[]> {
  const response = await fetch(`${e2eEnv.mailboxUrl}/messages?to=${encodeURIComponent(to)}`);
  if (!response.ok) throw new Error(`mailbox answered ${response.status}`);
  return (await response.json()) as Mail[];
}

/** Waits for the newest mail to `to`, as a person would wait for it in their inbox. */
export async function waitForMail(to: string): Promise<Mail> {
  let newest: Mail | undefined;
  await expect
    .poll(
      async () => {
        newest = (await listMail(to))[0];
        return newest !== undefined;
      },
      { message: `a mail to ${to}`, timeout: 10_000 },
    )
    .toBe(true);
  if (!newest) throw new Error(`no mail to ${to}`);
  return newest;
}

/** The confirmation (verify) link in a mail's text. */
export function verifyLinkIn(mail: Mail): string {
  const match = /https?:\/\/\S+\/verify\?\S+/.exec(mail.text);
  if (!match) throw new Error(`no verify link in mail "${mail.subject}"`);
  return match[0];
}
