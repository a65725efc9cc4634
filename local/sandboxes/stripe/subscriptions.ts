import { bool, type FormObject, list, mergeMetadata, obj, str } from '../stripe-form.ts';
import { type Invoice, type Price, type Subscription } from './types.ts';
import { declined, invalid, missing } from './errors.ts';
import { addMonth, newId } from './util.ts';
import { previousAttributes, snapshot } from './webhooks.ts';
import type { State } from './state.ts';
import type { Events } from './webhooks.ts';
import type { Customers } from './customers.ts';
import type { Invoices } from './invoices.ts';

/** Subscriptions: created by checkout, updated (price with proration, scheduled cancellation, paused collection), renewed at the end of a period. */
export function subscriptionOps(sb: State & Events & Customers & Invoices) {
  const {
    now,
    customers,
    cards,
    subscriptions,
    emit,
    getPrice,
    subscriptionAmount,
    createInvoice,
    attemptPayment,
    invoiceOpened,
    invoicePaid,
  } = sb;

  function getSubscription(id: string): Subscription {
    const sub = subscriptions.get(id);
    if (!sub) throw missing('subscription', id);
    return sub;
  }

  function newSubscription(
    customer: string,
    items: Array<{ price: Price; quantity: number }>,
    metadata: Record<string, string>,
  ): Subscription {
    const start = now();
    const id = newId('sub_');
    const sub: Subscription = {
      id,
      object: 'subscription',
      application: null,
      application_fee_percent: null,
      automatic_tax: { disabled_reason: null, enabled: false, liability: null },
      billing_cycle_anchor: start,
      billing_cycle_anchor_config: null,
      billing_mode: { type: 'flexible' },
      cancel_at: null,
      cancel_at_period_end: false,
      canceled_at: null,
      cancellation_details: { comment: null, feedback: null, reason: null },
      collection_method: 'charge_automatically',
      created: start,
      currency: items[0]!.price.currency,
      customer,
      days_until_due: null,
      default_payment_method: null,
      default_source: null,
      description: null,
      discounts: [],
      ended_at: null,
      invoice_settings: { account_tax_ids: null, issuer: { type: 'self' } },
      items: {
        object: 'list',
        data: items.map((i) => ({
          id: newId('si_', 14),
          object: 'subscription_item',
          created: start,
          current_period_start: start,
          current_period_end: addMonth(start),
          discounts: [],
          metadata: {},
          price: i.price,
          quantity: i.quantity,
          subscription: id,
          tax_rates: [],
        })),
        has_more: false,
        url: `/v1/subscription_items?subscription=${id}`,
      },
      latest_invoice: null,
      livemode: false,
      metadata,
      pause_collection: null,
      pending_update: null,
      schedule: null,
      start_date: start,
      status: 'incomplete',
      test_clock: null,
      trial_end: null,
      trial_start: null,
    };
    subscriptions.set(id, sub);
    return sub;
  }

  /**
   * The end of the current period, as a test clock would reach it: a scheduled cancellation
   * takes effect, or the subscription renews and the renewal invoice is paid or fails.
   */
  async function advance(
    sub: Subscription,
    outcome: 'paid' | 'failed' | undefined,
  ): Promise<{ subscription: Subscription; invoice: Invoice | null }> {
    if (sub.status === 'canceled') throw invalid('A canceled subscription cannot renew.');
    const before = snapshot(sub);
    if (
      sub.cancel_at_period_end ||
      (sub.cancel_at !== null && sub.cancel_at <= sub.items.data[0]!.current_period_end)
    ) {
      sub.status = 'canceled';
      sub.ended_at = now();
      sub.canceled_at ??= now();
      await emit('customer.subscription.deleted', sub);
      return { subscription: sub, invoice: null };
    }
    for (const item of sub.items.data) {
      item.current_period_start = item.current_period_end;
      item.current_period_end = addMonth(item.current_period_end);
    }
    const invoice = createInvoice(sub, subscriptionAmount(sub), 'subscription_cycle');
    const pending = invoiceOpened(invoice);
    if (outcome === 'failed') cards.set(sub.customer, 'decline');
    if (outcome === 'paid') cards.set(sub.customer, 'ok');
    const paid = attemptPayment(invoice);
    if (!paid) sub.status = 'past_due';
    pending.push(
      ...(paid ? invoicePaid(invoice) : [emit('invoice.payment_failed', invoice)]),
      emit('customer.subscription.updated', sub, previousAttributes(before, sub)),
    );
    await Promise.all(pending);
    return { subscription: sub, invoice };
  }

  /** Schedules (or drops) the cancellation at the period end, as Stripe shows it. */
  function setCancelAtPeriodEnd(sub: Subscription, value: boolean): void {
    sub.cancel_at_period_end = value;
    sub.cancel_at = value ? sub.items.data[0]!.current_period_end : null;
    sub.canceled_at = value ? now() : null;
    sub.cancellation_details = {
      comment: null,
      feedback: null,
      reason: value ? 'cancellation_requested' : null,
    };
  }

  async function cancelAtPeriodEnd(sub: Subscription, value: boolean): Promise<void> {
    const before = snapshot(sub);
    setCancelAtPeriodEnd(sub, value);
    void emit('customer.subscription.updated', sub, previousAttributes(before, sub));
  }

  // ------------------------------------------------------------------------------------------
  // REST API
  // ------------------------------------------------------------------------------------------
  function updateSubscription(sub: Subscription, params: FormObject): Subscription {
    if (sub.status === 'canceled' || sub.status === 'incomplete_expired') {
      throw invalid(
        'A canceled subscription can only update its cancellation_details and metadata.',
      );
    }
    const before = snapshot(sub);
    const pending: Array<() => void> = [];

    const cancelAtPeriodEnd = bool(params, 'cancel_at_period_end');
    const cancelAt = str(params, 'cancel_at');
    if (cancelAtPeriodEnd !== undefined && cancelAt !== undefined) {
      throw invalid(
        'You may only specify one of these parameters: cancel_at, cancel_at_period_end.',
        'cancel_at',
      );
    }
    const pause = params.pause_collection;
    const items = list(params, 'items');
    const metadata = obj(params, 'metadata');

    let upgradeInvoice: Invoice | null = null;
    if (items.length > 0) {
      const oldAmount = subscriptionAmount(sub);
      const nextItems = sub.items.data.map((item) => ({ ...item }));
      items.forEach((raw, index) => {
        const change = raw as FormObject;
        const id = str(change, 'id');
        const priceId = str(change, 'price');
        const target = id ? nextItems.find((i) => i.id === id) : undefined;
        if (id && !target)
          throw invalid(`No such subscription item: '${id}'`, `items[${index}][id]`);
        if (!priceId) return;
        const price = getPrice(priceId, `items[${index}][price]`);
        if (target) target.price = price;
        else {
          const first = nextItems[0]!;
          nextItems.push({ ...first, id: newId('si_', 14), price, quantity: 1 });
        }
      });
      const newAmount = nextItems.reduce(
        (sum, item) => sum + item.price.unit_amount * item.quantity,
        0,
      );
      const proration = str(params, 'proration_behavior') ?? 'create_prorations';
      const paymentBehavior = str(params, 'payment_behavior') ?? 'allow_incomplete';
      if (newAmount > oldAmount && proration === 'always_invoice') {
        // The difference for the rest of the period, simplified to the full difference.
        const draft = { ...sub, items: { ...sub.items, data: nextItems } } as Subscription;
        const invoice = createInvoice(draft, newAmount - oldAmount, 'subscription_update');
        sub.latest_invoice = invoice.id;
        if (!attemptPayment(invoice)) {
          if (paymentBehavior === 'error_if_incomplete') {
            invoice.status = 'void';
            throw declined();
          }
          pending.push(() => void emit('invoice.payment_failed', invoice));
          sub.status = 'past_due';
        } else {
          upgradeInvoice = invoice;
        }
      } else if (newAmount < oldAmount && proration !== 'none') {
        // Unused time on the dearer plan comes back as credit on the customer's balance.
        const customer = customers.get(sub.customer);
        if (customer) customer.balance -= oldAmount - newAmount;
      }
      sub.items.data = nextItems;
    }
    if (cancelAtPeriodEnd !== undefined) setCancelAtPeriodEnd(sub, cancelAtPeriodEnd);
    if (cancelAt !== undefined) {
      if (cancelAt === '') {
        if (!cancelAtPeriodEnd) {
          sub.cancel_at = null;
          sub.cancel_at_period_end = false;
          sub.canceled_at = null;
        }
      } else if (/^\d+$/.test(cancelAt)) {
        sub.cancel_at = Number(cancelAt);
        sub.canceled_at = now();
      } else throw invalid(`Invalid cancel_at: '${cancelAt}'`, 'cancel_at');
    }
    if (metadata) sub.metadata = mergeMetadata(sub.metadata, metadata);
    if (pause === '') sub.pause_collection = null;
    else if (pause !== undefined) {
      const behavior = str(pause as FormObject, 'behavior');
      if (!behavior || !['keep_as_draft', 'mark_uncollectible', 'void'].includes(behavior))
        throw invalid('Invalid pause_collection[behavior]', 'pause_collection[behavior]');
      const resumes = str(pause as FormObject, 'resumes_at');
      sub.pause_collection = { behavior, resumes_at: resumes ? Number(resumes) : null };
    }

    if (upgradeInvoice)
      void Promise.all([...invoiceOpened(upgradeInvoice), ...invoicePaid(upgradeInvoice)]);
    for (const run of pending) run();
    const previous = previousAttributes(before, sub);
    if (Object.keys(previous).length > 0) void emit('customer.subscription.updated', sub, previous);
    return sub;
  }

  return { getSubscription, newSubscription, advance, cancelAtPeriodEnd, updateSubscription };
}

export type Subscriptions = ReturnType<typeof subscriptionOps>;
