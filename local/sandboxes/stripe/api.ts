import type { IncomingMessage, ServerResponse } from 'node:http';
import { readBody, sendJson } from '../../http.ts';
import {
  decodeStripeForm,
  type FormObject,
  list,
  mergeMetadata,
  obj,
  str,
} from '../stripe-form.ts';
import { SANDBOX_API_VERSION } from './types.ts';
import { missing, StripeApiError } from './errors.ts';
import { newId } from './util.ts';
import type { State } from './state.ts';
import type { Events } from './webhooks.ts';
import type { Customers } from './customers.ts';
import type { Invoices } from './invoices.ts';
import type { Subscriptions } from './subscriptions.ts';
import type { Checkout } from './checkout.ts';
import type { Portal } from './portal.ts';

/** The REST API the SDK calls: key check, idempotency keys (same parameters only, kept 24 hours), routes. */
export function apiOps(
  sb: State & Events & Customers & Invoices & Subscriptions & Checkout & Portal,
) {
  const {
    opts,
    now,
    prices,
    subscriptions,
    invoices,
    sessions,
    events,
    idempotent,
    emit,
    getCustomer,
    createCustomer,
    payInvoice,
    getSubscription,
    updateSubscription,
    createCheckoutSession,
    createPortalSession,
  } = sb;

  async function api(
    method: string,
    path: string,
    params: FormObject,
  ): Promise<{ status: number; body: unknown }> {
    let parts = path.split('/').filter(Boolean).slice(1); // without 'v1'
    // Two-word resources: /v1/checkout/sessions, /v1/billing_portal/sessions
    if (parts[0] === 'checkout' || parts[0] === 'billing_portal') {
      parts = [`${parts[0]}/${parts[1] ?? ''}`, ...parts.slice(2)];
    }
    const [resource, id, action] = parts;
    const route = `${method} ${resource}${id ? '/:id' : ''}${action ? `/${action}` : ''}`;

    switch (route) {
      case 'POST customers':
        return { status: 200, body: createCustomer(params) };
      case 'GET customers/:id':
        return { status: 200, body: getCustomer(id!) };
      case 'POST customers/:id': {
        const customer = getCustomer(id!);
        if (str(params, 'email') !== undefined) customer.email = str(params, 'email') || null;
        if (str(params, 'name') !== undefined) customer.name = str(params, 'name') || null;
        customer.metadata = mergeMetadata(customer.metadata, obj(params, 'metadata'));
        return { status: 200, body: customer };
      }
      case 'GET prices':
        return {
          status: 200,
          body: { object: 'list', data: [...prices.values()], has_more: false, url: '/v1/prices' },
        };
      case 'GET prices/:id': {
        const price = prices.get(id!);
        if (!price) throw missing('price', id!);
        return { status: 200, body: price };
      }
      case 'POST checkout/sessions':
        return { status: 200, body: createCheckoutSession(params) };
      case 'GET checkout/sessions/:id':
      case 'POST checkout/sessions/:id/expire': {
        const session = sessions.get(id!);
        if (!session) throw missing('checkout.session', id!);
        if (action === 'expire' && session.status === 'open') session.status = 'expired';
        return { status: 200, body: session };
      }
      case 'GET subscriptions': {
        const customer = str(params, 'customer');
        const data = [...subscriptions.values()].filter(
          (s) => !customer || s.customer === customer,
        );
        return {
          status: 200,
          body: { object: 'list', data, has_more: false, url: '/v1/subscriptions' },
        };
      }
      case 'GET subscriptions/:id': {
        // Embedded lists carry total_count only when it is asked for with expand[].
        const sub = getSubscription(id!);
        if (!list(params, 'expand').includes('items.total_count'))
          return { status: 200, body: sub };
        return {
          status: 200,
          body: { ...sub, items: { ...sub.items, total_count: sub.items.data.length } },
        };
      }
      case 'POST subscriptions/:id':
        return { status: 200, body: updateSubscription(getSubscription(id!), params) };
      case 'DELETE subscriptions/:id': {
        const sub = getSubscription(id!);
        if (sub.status !== 'canceled') {
          sub.status = 'canceled';
          sub.ended_at = now();
          sub.canceled_at = now();
          const details = obj(params, 'cancellation_details');
          sub.cancellation_details = {
            comment: details ? (str(details, 'comment') ?? null) : null,
            feedback: null,
            reason: 'cancellation_requested',
          };
          void emit('customer.subscription.deleted', sub);
        }
        return { status: 200, body: sub };
      }
      case 'GET invoices/:id': {
        const invoice = invoices.get(id!);
        if (!invoice) throw missing('invoice', id!);
        return { status: 200, body: invoice };
      }
      case 'POST invoices/:id/pay': {
        const invoice = invoices.get(id!);
        if (!invoice) throw missing('invoice', id!);
        return { status: 200, body: await payInvoice(invoice) };
      }
      case 'POST billing_portal/sessions':
        return { status: 200, body: createPortalSession(params) };
      case 'GET events/:id': {
        const event = events.find((e) => e.id === id);
        if (!event) throw missing('event', id!);
        return { status: 200, body: event };
      }
    }
    throw new StripeApiError(404, {
      type: 'invalid_request_error',
      message: `Unrecognized request URL (${method}: ${path}). This Stripe sandbox answers only the calls Stockroom makes.`,
    });
  }

  function authorised(req: IncomingMessage): boolean {
    const header = req.headers.authorization ?? '';
    if (header === `Bearer ${opts.secretKey}`) return true;
    // The SDK can also send the key as HTTP Basic user name.
    if (header.startsWith('Basic ')) {
      const user = Buffer.from(header.slice(6), 'base64').toString('utf8').split(':')[0];
      return user === opts.secretKey;
    }
    return false;
  }

  async function handleApi(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const requestId = newId('req_', 14);
    const headers = { 'request-id': requestId, 'stripe-version': SANDBOX_API_VERSION };
    if (!authorised(req)) {
      const key = (req.headers.authorization ?? '').replace(/^Bearer\s+/, '');
      sendJson(
        res,
        401,
        {
          error: {
            type: 'invalid_request_error',
            message: key
              ? `Invalid API Key provided: ${key.slice(0, 8)}${'*'.repeat(Math.max(0, key.length - 12))}${key.slice(-4)}`
              : 'You did not provide an API key.',
          },
        },
        headers,
      );
      return;
    }
    const method = req.method ?? 'GET';
    // The SDK sends GET and DELETE parameters in the query string, POST ones in the body.
    const raw =
      method === 'GET' || method === 'DELETE'
        ? url.search.slice(1)
        : (await readBody(req)).toString('utf8');
    const params = decodeStripeForm(raw);

    const key = req.headers['idempotency-key'];
    const idemKey = typeof key === 'string' && method === 'POST' ? key : null;
    if (idemKey) {
      let earlier = idempotent.get(idemKey);
      // Stripe keeps a key for 24 hours.
      if (earlier && now() - earlier.at >= 86_400) {
        idempotent.delete(idemKey);
        earlier = undefined;
      }
      if (earlier && earlier.params !== raw) {
        sendJson(
          res,
          400,
          {
            error: {
              type: 'idempotency_error',
              message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idemKey}' if you meant to execute a different request.`,
            },
          },
          headers,
        );
        return;
      }
      if (earlier) {
        if (earlier.path !== url.pathname) {
          sendJson(
            res,
            400,
            {
              error: {
                type: 'idempotency_error',
                message:
                  'Keys for idempotent requests can only be used for the same endpoint they were first used for.',
              },
            },
            headers,
          );
          return;
        }
        sendJson(res, earlier.status, earlier.body, { ...headers, 'idempotent-replayed': 'true' });
        return;
      }
    }

    let status: number;
    let body: unknown;
    try {
      ({ status, body } = await api(method, url.pathname, params));
    } catch (error) {
      if (!(error instanceof StripeApiError)) throw error;
      status = error.status;
      body = { error: { ...error.body, request_log_url: null, doc_url: null } };
    }
    if (idemKey && status < 500)
      idempotent.set(idemKey, { path: url.pathname, params: raw, at: now(), status, body });
    sendJson(res, status, body, headers);
  }

  return { api, authorised, handleApi };
}

export type Api = ReturnType<typeof apiOps>;
