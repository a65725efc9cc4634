import { type Invoice, type Json, type Subscription } from './types.ts';
import { declined, invalid } from './errors.ts';
import { newId } from './util.ts';
import { previousAttributes, snapshot } from './webhooks.ts';
import type { State } from './state.ts';
import type { Events } from './webhooks.ts';
import type { Customers } from './customers.ts';

/** Invoices: created and finalized, tried against the customer's card, paid, and what paying does to a past_due subscription. */
export function invoiceOps(sb: State & Events & Customers) {
  const { now, retries, firstFailure, customers, cards, subscriptions, invoices, emit } = sb;

  function subscriptionAmount(sub: Subscription): number {
    return sub.items.data.reduce((sum, item) => sum + item.price.unit_amount * item.quantity, 0);
  }

  function createInvoice(sub: Subscription, amount: number, reason: string): Invoice {
    const item = sub.items.data[0]!;
    const invoice: Invoice = {
      id: newId('in_'),
      object: 'invoice',
      account_country: 'US',
      account_name: 'Stockroom (sandbox)',
      amount_due: amount,
      amount_paid: 0,
      amount_remaining: amount,
      attempt_count: 0,
      attempted: false,
      auto_advance: true,
      billing_reason: reason,
      collection_method: 'charge_automatically',
      created: now(),
      currency: item.price.currency,
      customer: sub.customer,
      customer_email: customers.get(sub.customer)?.email ?? null,
      hosted_invoice_url: null,
      lines: {
        object: 'list',
        data: [
          {
            id: newId('il_'),
            object: 'line_item',
            amount,
            currency: item.price.currency,
            description: `1 × ${item.price.nickname} (at ${item.price.unit_amount / 100} / month)`,
            period: { start: item.current_period_start, end: item.current_period_end },
            pricing: {
              type: 'price_details',
              price_details: { price: item.price.id, product: item.price.product },
            },
            quantity: item.quantity,
          },
        ],
        has_more: false,
        url: '/v1/invoices/lines',
      },
      livemode: false,
      metadata: {},
      next_payment_attempt: null,
      number: null,
      parent: {
        type: 'subscription_details',
        quote_details: null,
        subscription_details: { metadata: { ...sub.metadata }, subscription: sub.id },
      },
      period_end: item.current_period_end,
      period_start: item.current_period_start,
      status: 'open',
      status_transitions: {
        finalized_at: now(),
        marked_uncollectible_at: null,
        paid_at: null,
        voided_at: null,
      },
      subtotal: amount,
      total: amount,
    };
    invoices.set(invoice.id, invoice);
    sub.latest_invoice = invoice.id;
    return invoice;
  }

  /** Tries the customer's card: paid, or left open with a failed attempt. */
  function attemptPayment(invoice: Invoice): boolean {
    invoice.attempted = true;
    invoice.attempt_count += 1;
    if (cards.get(invoice.customer) === 'decline') {
      // Smart Retries: the remaining tries spread evenly over the window from the first failure.
      const first = firstFailure.get(invoice.id) ?? now();
      firstFailure.set(invoice.id, first);
      const tries = invoice.attempt_count;
      const step = (retries.days * 86_400) / Math.max(1, retries.attempts - 1);
      invoice.next_payment_attempt =
        tries < retries.attempts ? first + Math.round(step * tries) : null;
      return false;
    }
    invoice.status = 'paid';
    invoice.amount_paid = invoice.amount_due;
    invoice.amount_remaining = 0;
    invoice.next_payment_attempt = null;
    (invoice.status_transitions as Json).paid_at = now();
    return true;
  }

  /** Pays an open invoice with the customer's card; a past_due subscription becomes active. */
  async function payInvoice(invoice: Invoice): Promise<Invoice> {
    if (invoice.status === 'paid') return invoice;
    if (invoice.status !== 'open')
      throw invalid(`Invoice ${invoice.id} is ${invoice.status} and cannot be paid.`);
    const subId = ((invoice.parent as Json | null)?.subscription_details as Json | undefined)
      ?.subscription as string | undefined;
    const sub = subId ? subscriptions.get(subId) : undefined;
    if (!attemptPayment(invoice)) {
      await emit('invoice.payment_failed', invoice);
      throw declined();
    }
    await Promise.all(settlePaid(invoice, sub));
    return invoice;
  }

  /** invoice.created and invoice.finalized, which every subscription invoice goes through. */
  function invoiceOpened(invoice: Invoice): Array<Promise<void>> {
    return [emit('invoice.created', invoice), emit('invoice.finalized', invoice)];
  }

  function invoicePaid(invoice: Invoice): Array<Promise<void>> {
    return [emit('invoice.paid', invoice), emit('invoice.payment_succeeded', invoice)];
  }

  function subscriptionOf(invoice: Invoice): Subscription | undefined {
    const id = ((invoice.parent as Json | null)?.subscription_details as Json | undefined)
      ?.subscription as string | undefined;
    return id ? subscriptions.get(id) : undefined;
  }

  /** A paid invoice's events; a past_due or unpaid subscription with nothing open is active. */
  function settlePaid(invoice: Invoice, sub: Subscription | undefined): Array<Promise<void>> {
    const pending = invoicePaid(invoice);
    if (sub && (sub.status === 'past_due' || sub.status === 'unpaid')) {
      const stillOpen = [...invoices.values()].some(
        (i) =>
          i.status === 'open' &&
          ((i.parent as Json).subscription_details as Json).subscription === sub.id,
      );
      if (!stillOpen) {
        const before = snapshot(sub);
        sub.status = 'active';
        pending.push(emit('customer.subscription.updated', sub, previousAttributes(before, sub)));
      }
    }
    return pending;
  }

  return {
    subscriptionAmount,
    createInvoice,
    attemptPayment,
    payInvoice,
    invoiceOpened,
    invoicePaid,
    subscriptionOf,
    settlePaid,
  };
}

export type Invoices = ReturnType<typeof invoiceOps>;
