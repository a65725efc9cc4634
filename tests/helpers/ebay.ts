/**
 * eBay test helpers: calls to the eBay functions through the app server as the SPA makes them,
 * connecting a seller through the eBay sandbox's real authorize redirect, and the sandbox's
 * per-connection test controls (local/sandboxes/ebay.ts, /_sandbox/...).
 */
import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { callFunction, createSeller, type FunctionResult, type Seller } from './billing.ts';
import { db, setPlan } from './db-users.ts';
import { stack } from './stack.ts';

export function newState(): string {
  return randomBytes(24).toString('base64url');
}

/**
 * GETs /.netlify/functions/<name> with the eBay functions' headers: bearer, country, user id
 * (docs/product.md#ebay).
 */
export async function getFunction<T = Record<string, unknown>>(
  name: string,
  token: string | null,
  headers: Record<string, string> = {},
): Promise<FunctionResult<T> & { headers: Headers }> {
  const response = await fetch(`${stack().appUrl}/.netlify/functions/${name}`, {
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
  });
  const text = await response.text();
  return {
    status: response.status,
    body: (text ? JSON.parse(text) : {}) as T,
    headers: response.headers,
  };
}

/** Follows the authorize URL our function builds to the sandbox and returns its redirect. */
export async function authorize(token: string, state = newState()): Promise<URL> {
  const started = await getFunction<{ url: string }>(
    `ebay-auth-url?state=${encodeURIComponent(state)}`,
    token,
  );
  if (started.status !== 200) throw new Error(`ebay-auth-url: ${started.status}`);
  const consent = await fetch(started.body.url, { redirect: 'manual' });
  if (consent.status !== 302) throw new Error(`authorize: ${consent.status}`);
  return new URL(consent.headers.get('location')!);
}

/** Connects the seller to the sandbox the way the SPA does: authorize, then the callback. */
export async function connectEbay(token: string): Promise<FunctionResult> {
  const back = await authorize(token);
  return callFunction('ebay-auth-callback', { code: back.searchParams.get('code') }, token);
}

export interface StoredTokenRow {
  access_token: string;
  refresh_token: string | null;
  expires_at: string | null;
}

/** The account's stored tokens, read as the server would (superuser; the browser cannot). */
export async function storedTokens(accountId: string): Promise<StoredTokenRow | undefined> {
  const { rows } = await db().query<StoredTokenRow>(
    'select access_token, refresh_token, expires_at from public.ebay_tokens where account_id = $1',
    [accountId],
  );
  return rows[0];
}

/** Lets the next marketplace fetch through at once, as if the minutes had passed. */
export async function clearRateLimits(accountId: string): Promise<void> {
  await db().query('delete from public.api_rate_limits where account_id = $1', [accountId]);
}

export async function ebaySandbox<T = Record<string, unknown>>(
  path: string,
  body?: Record<string, unknown>,
): Promise<T> {
  const response = await fetch(`${stack().ebayUrl}/_sandbox/${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json = (await response.json()) as T;
  if (!response.ok)
    throw new Error(`ebay sandbox ${path}: ${response.status} ${JSON.stringify(json)}`);
  return json;
}

export interface ConnectionStats {
  grants: { authorization_code: number; refresh_token: number };
  calls: { inventory: number; listings: number; orders: number };
  lastMarketplaceId: string | null;
  lastSiteId: string | null;
  /** The offset (eBay's page number) of each inventory request, in order. */
  inventoryOffsets: number[];
  scopes: string[];
}

export async function connectionStats(accountId: string): Promise<ConnectionStats> {
  const tokens = await storedTokens(accountId);
  if (!tokens) throw new Error('not connected');
  return ebaySandbox<ConnectionStats>(
    `stats?token=${encodeURIComponent(tokens.refresh_token ?? tokens.access_token)}`,
  );
}

export interface SellerSettings {
  kind?: 'reseller' | 'website' | 'elite';
  latencyMs?: number;
  truncateListings?: boolean;
}

/** Makes the seller's sandbox connection a kind of seller, slow, or truncating. */
export async function setSandboxSeller(accountId: string, settings: SellerSettings): Promise<void> {
  const tokens = await storedTokens(accountId);
  if (!tokens) throw new Error('not connected');
  await ebaySandbox('seller', { token: tokens.refresh_token ?? tokens.access_token, ...settings });
}

/** Asks the sandbox to answer the seller's next `times` calls to an API with a status. */
export async function failNext(
  accountId: string,
  api: 'inventory' | 'listings' | 'orders' | 'token',
  status: number,
  extra: { times?: number; retryAfter?: number } = {},
): Promise<void> {
  const tokens = await storedTokens(accountId);
  if (!tokens) throw new Error('not connected');
  await ebaySandbox('fail', { token: tokens.refresh_token ?? tokens.access_token, api, status, ...extra });
}

/** A syncing function's progress, as the browser reads it. */
export interface Sync {
  done: boolean;
  fetched: number;
  total: number | null;
}

/** A seller on `plan`, connected to the sandbox, made the kind of seller `settings` says. */
export async function ebaySeller(
  plan: 'free' | 'growing' | 'elite',
  settings?: SellerSettings,
): Promise<Seller> {
  const s = await createSeller('ebay-prod');
  if (plan !== 'free') await setPlan(s.accountId, plan);
  expect((await connectEbay(s.token)).status).toBe(200);
  if (settings) await setSandboxSeller(s.accountId, settings);
  return s;
}

/** Calls a syncing function until done, as the browser does, timing every call. */
export async function syncToEnd<T extends { sync?: Sync }>(name: string, query: string, token: string) {
  const durations: number[] = [];
  const progress: Sync[] = [];
  let path = `${name}${query}`;
  for (let calls = 0; calls < 50; calls += 1) {
    const started = Date.now();
    const res = await getFunction<T>(path, token);
    durations.push(Date.now() - started);
    expect(res.status).toBe(200);
    if (res.body.sync) progress.push(res.body.sync);
    if (!res.body.sync || res.body.sync.done) return { body: res.body, durations, progress };
    path = `${name}?continue=1`;
  }
  throw new Error(`${name} never finished`);
}
