import type { IncomingMessage, ServerResponse } from 'node:http';
import { checkoutPage, page, portalPage } from '../stripe-pages.ts';
import { type CheckoutSession, type PortalSession } from './types.ts';
import { StripeApiError } from './errors.ts';
import { readJson } from './util.ts';
import type { State } from './state.ts';
import type { Events } from './webhooks.ts';
import type { Customers } from './customers.ts';
import type { Invoices } from './invoices.ts';
import type { Subscriptions } from './subscriptions.ts';
import type { Checkout } from './checkout.ts';

/** The hosted pages: Checkout (/c/pay/<id>) and the customer portal (/p/session/<id>). */
export function hostedOps(sb: State & Events & Customers & Invoices & Subscriptions & Checkout) {
  const {
    customers,
    cards,
    subscriptions,
    invoices,
    sessions,
    lineItems,
    portals,
    payInvoice,
    completeCheckout,
  } = sb;

  // ------------------------------------------------------------------------------------------
  // Hosted pages and test controls
  // ------------------------------------------------------------------------------------------
  function sendHtml(res: ServerResponse, status: number, html: string): void {
    res.writeHead(status, {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
    });
    res.end(html);
  }

  function redirect(res: ServerResponse, location: string): void {
    res.writeHead(303, { location });
    res.end();
  }

  function checkoutView(session: CheckoutSession, error?: string) {
    const item = lineItems.get(session.id)?.[0];
    return checkoutPage({
      id: session.id,
      productName: item?.price.nickname ?? 'Subscription',
      amount: (session.amount_total as number) ?? 0,
      currency: (session.currency as string) ?? 'usd',
      email: session.customer_email,
      status: session.status,
      cancelUrl: session.cancel_url,
      ...(error ? { error } : {}),
    });
  }

  function portalView(session: PortalSession, notice?: string) {
    const sub = [...subscriptions.values()].filter((s) => s.customer === session.customer).at(-1);
    const item = sub?.items.data[0];
    return portalPage({
      id: session.id,
      email: customers.get(session.customer)?.email ?? null,
      plan: item?.price.nickname ?? null,
      status: sub?.status ?? null,
      periodEnd: item?.current_period_end ?? null,
      cancelAtPeriodEnd: sub?.cancel_at_period_end ?? false,
      openInvoices: [...invoices.values()]
        .filter((i) => i.customer === session.customer && i.status === 'open')
        .map((i) => ({ id: i.id, amount: i.amount_remaining, currency: i.currency })),
      card: cards.get(session.customer) ?? 'ok',
      returnUrl: session.return_url,
      ...(notice ? { notice } : {}),
    });
  }

  async function handlePages(
    req: IncomingMessage,
    res: ServerResponse,
    url: URL,
  ): Promise<boolean> {
    const method = req.method ?? 'GET';
    let m = /^\/c\/pay\/(cs_[A-Za-z0-9_]+)(\/complete)?$/.exec(url.pathname);
    if (m) {
      const session = sessions.get(m[1]!);
      if (!session) {
        sendHtml(res, 404, page('Not found', '<h1>This checkout session does not exist.</h1>'));
        return true;
      }
      if (method === 'GET' && !m[2]) {
        sendHtml(res, 200, checkoutView(session));
        return true;
      }
      if (method === 'POST' && m[2]) {
        const form = await readJson(req);
        try {
          await completeCheckout(session, form.outcome === 'declined' ? 'declined' : 'paid');
        } catch (error) {
          if (!(error instanceof StripeApiError)) throw error;
          sendHtml(res, error.status, checkoutView(session, error.message));
          return true;
        }
        redirect(res, (session.success_url ?? '/').replaceAll('{CHECKOUT_SESSION_ID}', session.id));
        return true;
      }
    }
    m = /^\/p\/session\/(bps_[A-Za-z0-9]+)(\/card)?$/.exec(url.pathname);
    if (m) {
      const session = portals.get(m[1]!);
      if (!session) {
        sendHtml(res, 404, page('Not found', '<h1>This billing session does not exist.</h1>'));
        return true;
      }
      if (method === 'GET' && !m[2]) {
        sendHtml(res, 200, portalView(session, url.searchParams.get('notice') ?? undefined));
        return true;
      }
      if (method === 'POST' && m[2]) {
        const form = await readJson(req);
        const card = form.card === 'decline' ? 'decline' : 'ok';
        cards.set(session.customer, card);
        let notice = card === 'ok' ? 'Card updated.' : 'Card switched to one that declines.';
        if (card === 'ok') {
          for (const invoice of [...invoices.values()].filter(
            (i) => i.customer === session.customer && i.status === 'open',
          )) {
            await payInvoice(invoice);
            notice = 'Card updated and the overdue invoice was paid.';
          }
        }
        redirect(res, `/p/session/${session.id}?notice=${encodeURIComponent(notice)}`);
        return true;
      }
    }
    return false;
  }

  return { sendHtml, redirect, checkoutView, portalView, handlePages };
}

export type Hosted = ReturnType<typeof hostedOps>;
