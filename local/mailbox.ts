// The local mailbox: where the auth service's mail goes instead of SMTP, with a small JSON API
// (like Supabase local's Inbucket on :54324) that tests and developers read links from.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

export interface MailMessage {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  created_at: string;
}

export interface Mailbox {
  send(msg: { to: string; subject: string; text: string; html: string }): Promise<void>;
  /** Messages, newest first; only those to `to` (case-insensitive) when given. */
  list(to?: string): MailMessage[];
  clear(to?: string): void;
  /** GET /messages?to=, GET /messages/:id, DELETE /messages?to= */
  handle(req: IncomingMessage, res: ServerResponse): void;
}

/** Old mail is dropped past this many messages so a long-running dev stack stays small. */
const MAX_MESSAGES = 5000;

function json(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': 'application/json',
    'Content-Length': Buffer.byteLength(text),
    // Read from the browser during local development, from any local port.
    'Access-Control-Allow-Origin': '*',
  });
  res.end(text);
}

export function createMailbox(): Mailbox {
  // Oldest first internally; list() reverses.
  let messages: MailMessage[] = [];
  let lastCreated = 0;
  const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

  const mailbox: Mailbox = {
    async send(msg) {
      // Strictly increasing timestamps keep "newest first" stable for mails sent in one ms.
      lastCreated = Math.max(Date.now(), lastCreated + 1);
      messages.push({ id: randomUUID(), ...msg, created_at: new Date(lastCreated).toISOString() });
      if (messages.length > MAX_MESSAGES) messages = messages.slice(-MAX_MESSAGES);
    },
    list(to) {
      const selected = to ? messages.filter((m) => same(m.to, to)) : messages;
      return [...selected].reverse();
    },
    clear(to) {
      messages = to ? messages.filter((m) => !same(m.to, to)) : [];
    },
    handle(req, res) {
      const url = new URL(req.url ?? '/', 'http://mailbox.local');
      const to = url.searchParams.get('to') ?? undefined;
      const parts = url.pathname.split('/').filter(Boolean);
      if (req.method === 'OPTIONS') {
        res.writeHead(204, {
          'Access-Control-Allow-Origin': '*',
          'Access-Control-Allow-Methods': 'GET, DELETE, OPTIONS',
          'Access-Control-Allow-Headers': '*',
        });
        res.end();
        return;
      }
      if (parts[0] !== 'messages' || parts.length > 2) {
        json(res, 404, { error: 'not found' });
        return;
      }
      const id = parts[1];
      if (req.method === 'GET' && id === undefined) {
        json(res, 200, mailbox.list(to));
      } else if (req.method === 'GET') {
        const m = messages.find((x) => x.id === id);
        if (m) json(res, 200, m);
        else json(res, 404, { error: 'not found' });
      } else if (req.method === 'DELETE' && id === undefined) {
        mailbox.clear(to);
        res.writeHead(204, { 'Access-Control-Allow-Origin': '*' });
        res.end();
      } else {
        json(res, 405, { error: 'method not allowed' });
      }
    },
  };
  return mailbox;
}
