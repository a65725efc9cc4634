/**
 * Billing test helpers: real signed-in users (the functions check bearer tokens with the auth
 * server, so they need real sessions), calls to the Netlify functions through the app server,
 * and the Stripe sandbox's test controls.
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import ws from 'ws';
import type { PlanId } from '../../src/domain/plans.ts';
import { db } from './db-users.ts';
import { stack } from './stack.ts';

const noSession = { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false };
const realtime = { transport: ws as unknown as typeof WebSocket };

export interface Seller {
  /** The person (auth.users.id). */
  id: string;
  /** Their personal account, made at sign-up (its id is not the user's). */
  accountId: string;
  email: string;
  token: string;
  /** supabase-js signed in as the seller, as the browser has it. */
  client: SupabaseClient;
}

let counter = 0;

export async function createSeller(tag = 'billing'): Promise<Seller> {
  const env = stack();
  counter += 1;
  const email = `${tag}-${Date.now().toString(36)}-${counter}-${Math.random().toString(36).slice(2, 6)}@example.test`;
  const password = 'Billing-Test-2026!';
  const admin = createClient(env.apiUrl, env.serviceRoleKey, { auth: noSession, realtime });
  const { data, error } = await admin.auth.admin.createUser({
    email,
    password,
    email_confirm: true,
  });
  if (error) throw error;
  const client = createClient(env.apiUrl, env.anonKey, { auth: noSession, realtime });
  const signIn = await client.auth.signInWithPassword({ email, password });
  if (signIn.error) throw signIn.error;
  const { rows } = await db().query<{ id: string }>(
    'select id from public.accounts where personal_account and primary_owner_user_id = $1',
    [data.user.id],
  );
  return {
    id: data.user.id,
    accountId: rows[0]!.id,
    email,
    token: signIn.data.session.access_token,
    client,
  };
}

export interface FunctionResult<T = Record<string, unknown>> {
  status: number;
  body: T;
}

/** POSTs JSON to /.netlify/functions/<name> on the app server. */
export async function callFunction<T = Record<string, unknown>>(
  name: string,
  body: unknown = {},
  token?: string | null,
  headers: Record<string, string> = {},
): Promise<FunctionResult<T>> {
  const response = await fetch(`${stack().appUrl}/.netlify/functions/${name}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : {}) as T };
}

/** The Stripe sandbox's test controls (local/sandboxes/stripe.ts, /_sandbox/...). */
export async function sandbox<T = Record<string, unknown>>(
  path: string,
  body?: unknown,
): Promise<T> {
  const response = await fetch(`${stack().stripeUrl}/_sandbox/${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json = (await response.json()) as T;
  if (!response.ok) throw new Error(`sandbox ${path}: ${response.status} ${JSON.stringify(json)}`);
  return json;
}

/** Waits until every webhook the sandbox has queued was delivered and answered. */
export async function flushWebhooks(): Promise<void> {
  await sandbox('flush', {});
}

export interface SubscriptionState {
  plan_id: string;
  status: string;
  stripe_customer_id: string | null;
  stripe_subscription_id: string | null;
  cancel_at: Date | null;
  target_plan_id: string | null;
  overdue_date: Date | null;
  deadline_date: Date | null;
  /** accounts.plan_id: the plan the database enforces */
  account_plan: string;
}

/** The account's subscription row and enforced plan (accounts.plan_id), read as the superuser. */
export async function billingState(accountId: string): Promise<SubscriptionState> {
  const { rows } = await db().query<SubscriptionState>(
    `select s.plan_id, s.status, s.stripe_customer_id, s.stripe_subscription_id, s.cancel_at,
            s.target_plan_id, s.overdue_date, s.deadline_date, a.plan_id as account_plan
       from public.subscriptions s join public.accounts a on a.id = s.account_id
      where s.account_id = $1`,
    [accountId],
  );
  if (!rows[0]) throw new Error(`no subscription row for ${accountId}`);
  return rows[0];
}

/** Runs checkout for a plan to completion through the sandbox; returns the Stripe ids. */
export async function subscribe(
  seller: Seller,
  plan: Exclude<PlanId, 'free'>,
): Promise<{ sessionId: string; subscriptionId: string; customerId: string }> {
  const created = await callFunction<{ sessionUrl: string; sessionId: string }>(
    'create-checkout-session',
    { planId: plan },
    seller.token,
    { origin: stack().appUrl },
  );
  if (created.status !== 200) throw new Error(`checkout: ${JSON.stringify(created.body)}`);
  const done = await sandbox<{ subscription: { id: string; customer: string } }>(
    `checkout/${created.body.sessionId}/complete`,
    { outcome: 'paid' },
  );
  return {
    sessionId: created.body.sessionId,
    subscriptionId: done.subscription.id,
    customerId: done.subscription.customer,
  };
}

/** Runs a scheduled function as Netlify's scheduler does (the app server's local stand-in). */
export async function runScheduled<T = Record<string, unknown>>(
  name: string,
): Promise<FunctionResult<T>> {
  const response = await fetch(`${stack().appUrl}/_scheduler/${name}`, { method: 'POST' });
  return { status: response.status, body: (await response.json()) as T };
}

export interface SandboxSettings {
  retries?: { attempts?: number; days?: number; final?: 'cancel' | 'unpaid' | 'past_due' };
  webhookApiVersion?: string;
  enabledEvents?: string[];
}

/** Changes the sandbox's Stripe settings for one test, and puts them back afterwards. */
export async function withSandboxSettings<T>(
  settings: SandboxSettings,
  run: () => Promise<T>,
): Promise<T> {
  const before = await sandbox<{
    retries: SandboxSettings['retries'];
    endpoint: { apiVersion: string; enabledEvents: string[] };
  }>('settings');
  await sandbox('settings', settings);
  try {
    return await run();
  } finally {
    await flushWebhooks();
    await sandbox('settings', {
      retries: before.retries,
      webhookApiVersion: before.endpoint.apiVersion,
      enabledEvents: before.endpoint.enabledEvents,
    });
  }
}

/** Moves Stripe's clock on (a test clock): retries that fall due run, their webhooks delivered. */
export async function advanceStripeClock(days: number): Promise<{ retried: string[] }> {
  return sandbox('clock/advance', { days });
}

/** Pays (or declines) on the sandbox's hosted Checkout page, as the seller's browser posts it. */
export function payOnHostedCheckout(
  sessionUrl: string,
  outcome: 'paid' | 'declined' = 'paid',
): Promise<Response> {
  return fetch(`${sessionUrl}/complete`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `outcome=${outcome}`,
    redirect: 'manual',
  });
}
