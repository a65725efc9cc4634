import { createHmac, randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { readBody } from '../../http.ts';
import { decodeStripeForm } from '../stripe-form.ts';
import { type Json } from './types.ts';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
export function newId(prefix: string, length = 24): string {
  const bytes = randomBytes(length);
  let out = '';
  for (const byte of bytes) out += ALPHABET[byte % ALPHABET.length];
  return `${prefix}${out}`;
}

export const nowSec = () => Math.floor(Date.now() / 1000);

/** One calendar month on, as Stripe bills monthly prices. */
export function addMonth(seconds: number): number {
  const date = new Date(seconds * 1000);
  date.setUTCMonth(date.getUTCMonth() + 1);
  return Math.floor(date.getTime() / 1000);
}

/** The v1 signature Stripe puts in Stripe-Signature, from the exact payload bytes. */
export function signStripePayload(payload: string, secret: string, timestamp = nowSec()): string {
  const signature = createHmac('sha256', secret)
    .update(`${timestamp}.${payload}`, 'utf8')
    .digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

/** A control's or hosted form's body: JSON, or form-encoded as the hosted pages post it. */
export async function readJson(req: IncomingMessage): Promise<Json> {
  const text = (await readBody(req)).toString('utf8');
  if (!text.trim()) return {};
  const type = req.headers['content-type'] ?? '';
  if (type.includes('application/x-www-form-urlencoded')) return decodeStripeForm(text);
  return JSON.parse(text) as Json;
}
