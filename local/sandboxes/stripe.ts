import http from 'node:http';
import { closeServer, listenLocal, sendJson } from '../http.ts';
import { apiOps } from './stripe/api.ts';
import { checkoutOps } from './stripe/checkout.ts';
import { clockOps } from './stripe/clock.ts';
import { controlOps } from './stripe/controls.ts';
import { customerOps } from './stripe/customers.ts';
import { hostedOps } from './stripe/hosted.ts';
import { invoiceOps } from './stripe/invoices.ts';
import { portalOps } from './stripe/portal.ts';
import { createState } from './stripe/state.ts';
import { subscriptionOps } from './stripe/subscriptions.ts';
import type { StripeSandbox, StripeSandboxOptions } from './stripe/types.ts';
import { webhookEvents } from './stripe/webhooks.ts';
import { escapeHtml, page } from './stripe-pages.ts';

/**
 * A local Stripe: an HTTP server that answers the REST calls our Netlify functions make through
 * the real `stripe` SDK (pointed here with its host/port/protocol options), with Stripe's JSON
 * shapes and error shape, and that sends signed webhook events to the app's stripe-webhook
 * function exactly as Stripe signs them (Stripe-Signature: t=<unix>,v1=HMAC-SHA256(secret,
 * "<t>.<payload>")). State lives in memory for the life of the stack.
 *
 * API (Bearer secret key): customers, checkout sessions, subscriptions (retrieve, update with
 * items/price and proration, cancel_at_period_end, cancel), invoices (retrieve, pay), billing
 * portal sessions, prices, events.
 * Hosted pages: /c/pay/<cs_id> (Checkout, with Pay and Decline buttons) and /p/session/<bps_id>
 * (portal: update card, which pays what is due).
 * Test controls under /_sandbox (no key; local only): complete a checkout, advance a
 * subscription to the end of its period (renewal paid or failed, or the scheduled cancellation),
 * move the test clock on (Smart Retries), change the retry settings and the webhook endpoint's
 * API version and events, pay an invoice, make a customer's card decline, list events and
 * deliveries, redeliver an event.
 * Controls that trigger events answer after those events have been delivered, so tests can
 * assert on the database straight away.
 *
 * One module per resource under ./stripe/ (as local/auth/handlers/): state, webhooks (events),
 * customers, invoices, subscriptions, clock, checkout, portal, api (routes, key, idempotency),
 * hosted pages,
 * controls. Each is a factory over the shared state and the modules before it.
 */

export type {
  RetrySettings,
  SandboxPrice,
  StripeSandbox,
  StripeSandboxOptions,
} from './stripe/types.ts';
export { SANDBOX_API_VERSION } from './stripe/types.ts';
export { signStripePayload } from './stripe/util.ts';

export async function startStripeSandbox(opts: StripeSandboxOptions): Promise<StripeSandbox> {
  const state = createState(opts);
  const withEvents = { ...state, ...webhookEvents(state) };
  const withCustomers = { ...withEvents, ...customerOps(withEvents) };
  const withInvoices = { ...withCustomers, ...invoiceOps(withCustomers) };
  const withSubscriptions = { ...withInvoices, ...subscriptionOps(withInvoices) };
  const withCheckout = { ...withSubscriptions, ...checkoutOps(withSubscriptions) };
  const withClock = { ...withCheckout, ...clockOps(withSubscriptions) };
  const sb = {
    ...withClock,
    ...apiOps({ ...withCheckout, ...portalOps(withCheckout) }),
    ...hostedOps(withCheckout),
    ...controlOps(withClock),
  };

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://sandbox');
    try {
      if (url.pathname.startsWith('/v1/')) await sb.handleApi(req, res, url);
      else if (url.pathname.startsWith('/_sandbox/')) await sb.handleControls(req, res, url);
      else if (!(await sb.handlePages(req, res, url))) {
        sb.sendHtml(
          res,
          404,
          page('Not found', `<h1>Not found</h1><p>${escapeHtml(url.pathname)}</p>`),
        );
      }
    } catch (error) {
      sb.log(`stripe sandbox: ${req.method} ${url.pathname} failed: ${(error as Error).message}`);
      if (!res.headersSent)
        sendJson(res, 500, { error: { type: 'api_error', message: 'Sandbox error' } });
      else res.destroy();
    }
  });

  const port = await listenLocal(server, opts.port);
  sb.site.baseUrl = `http://127.0.0.1:${port}`;

  return {
    url: sb.site.baseUrl,
    port,
    async stop() {
      await sb.flush();
      await closeServer(server);
    },
  };
}
