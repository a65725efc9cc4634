import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendJson } from '../../http.ts';
import { invalid, missing, StripeApiError } from './errors.ts';
import { readJson } from './util.ts';
import { snapshot } from './webhooks.ts';
import type { State } from './state.ts';
import type { Events } from './webhooks.ts';
import type { Customers } from './customers.ts';
import type { Invoices } from './invoices.ts';
import type { Subscriptions } from './subscriptions.ts';
import type { Clock } from './clock.ts';
import type { Checkout } from './checkout.ts';

/** Test controls under /_sandbox (no key, local only). Controls that trigger events answer once those events were delivered. */
export function controlOps(
  sb: State & Events & Customers & Invoices & Subscriptions & Clock & Checkout,
) {
  // Boilerplate: each part of the sandbox names the pieces of state it uses, so its dependencies stay visible.
  const {
    now,
    retries,
    endpoint,
    cards,
    subscriptions,
    invoices,
    sessions,
    events,
    deliveries,
    flush,
    enqueue,
    emit,
    getCustomer,
    payInvoice,
    getSubscription,
    advance,
    cancelAtPeriodEnd,
    advanceClock,
    completeCheckout,
  } = sb;

  async function handleControls(
    req: IncomingMessage,
    res: ServerResponse,
    url: URL,
  ): Promise<void> {
    const method = req.method ?? 'GET';
    const parts = url.pathname.split('/').filter(Boolean).slice(1); // after '_sandbox'
    const [resource, id, action] = parts;
    try {
      if (method === 'GET' && resource === 'events' && !id) {
        const type = url.searchParams.get('type');
        sendJson(res, 200, {
          events: events.filter((e) => !type || e.type === type),
          deliveries: deliveries.filter((d) => !type || d.type === type),
        });
        return;
      }
      if (method === 'POST' && resource === 'events' && id && action === 'resend') {
        const event = events.find((e) => e.id === id);
        if (!event) throw missing('event', id);
        await enqueue(event);
        sendJson(res, 200, { delivery: deliveries.at(-1) });
        return;
      }
      if (method === 'POST' && resource === 'clock' && id === 'advance') {
        const body = await readJson(req);
        const seconds = Number(body.seconds ?? 0) + Number(body.days ?? 0) * 86_400;
        if (!Number.isFinite(seconds) || seconds < 0) throw invalid('Give seconds or days >= 0.');
        sendJson(res, 200, await advanceClock(seconds));
        return;
      }
      if (resource === 'settings') {
        if (method === 'POST') {
          const body = await readJson(req);
          if (body.retries) Object.assign(retries, body.retries);
          if (typeof body.webhookApiVersion === 'string')
            endpoint.apiVersion = body.webhookApiVersion;
          if (Array.isArray(body.enabledEvents))
            endpoint.enabledEvents = body.enabledEvents.map(String);
        }
        sendJson(res, 200, { retries, endpoint, now: now() });
        return;
      }
      if (method === 'POST' && resource === 'flush') {
        await flush();
        sendJson(res, 200, { delivered: deliveries.length });
        return;
      }
      if (method === 'POST' && resource === 'checkout' && id && action === 'complete') {
        const session = sessions.get(id);
        if (!session) throw missing('checkout.session', id);
        const body = await readJson(req);
        const sub = await completeCheckout(
          session,
          body.outcome === 'declined' ? 'declined' : 'paid',
        );
        sendJson(res, 200, { session, subscription: sub });
        return;
      }
      if (resource === 'subscriptions' && id) {
        const sub = getSubscription(id);
        if (method === 'GET' && !action) {
          sendJson(res, 200, sub);
          return;
        }
        if (method === 'POST' && action === 'advance') {
          const body = await readJson(req);
          const outcome =
            body.outcome === 'failed' ? 'failed' : body.outcome === 'paid' ? 'paid' : undefined;
          sendJson(res, 200, await advance(sub, outcome));
          return;
        }
        if (method === 'POST' && action === 'forget') {
          // Stripe no longer returns it (as after test data is deleted in the Dashboard), but
          // its deletion event was sent.
          const before = snapshot(sub);
          sub.status = 'canceled';
          sub.ended_at = now();
          const sent = emit('customer.subscription.deleted', { ...before, status: 'canceled' });
          subscriptions.delete(id);
          await sent;
          sendJson(res, 200, { forgotten: id });
          return;
        }
        if (method === 'POST' && action === 'cancel-at-period-end') {
          await cancelAtPeriodEnd(sub, true);
          await flush();
          sendJson(res, 200, sub);
          return;
        }
      }
      if (method === 'POST' && resource === 'invoices' && id && action === 'pay') {
        const invoice = invoices.get(id);
        if (!invoice) throw missing('invoice', id);
        sendJson(res, 200, await payInvoice(invoice));
        return;
      }
      if (method === 'POST' && resource === 'customers' && id && action === 'card') {
        getCustomer(id);
        const body = await readJson(req);
        cards.set(id, body.behaviour === 'decline' ? 'decline' : 'ok');
        sendJson(res, 200, { customer: id, card: cards.get(id) });
        return;
      }
      if (method === 'GET' && resource === 'customers' && id) {
        sendJson(res, 200, { customer: getCustomer(id), card: cards.get(id) });
        return;
      }
      sendJson(res, 404, {
        error: {
          type: 'invalid_request_error',
          message: `Unknown sandbox control ${method} ${url.pathname}`,
        },
      });
    } catch (error) {
      if (!(error instanceof StripeApiError)) throw error;
      sendJson(res, error.status, { error: error.body });
    }
  }

  return { handleControls };
}

export type Controls = ReturnType<typeof controlOps>;
