import { type FormObject, list, mergeMetadata, obj, str } from '../stripe-form.ts';
import { type CheckoutSession, type Subscription } from './types.ts';
import { declined, invalid } from './errors.ts';
import { newId } from './util.ts';
import { previousAttributes, snapshot } from './webhooks.ts';
import type { State } from './state.ts';
import type { Events } from './webhooks.ts';
import type { Customers } from './customers.ts';
import type { Invoices } from './invoices.ts';
import type { Subscriptions } from './subscriptions.ts';

/** Checkout Sessions: created by the API, completed on the hosted page or by a test control. */
export function checkoutOps(sb: State & Events & Customers & Invoices & Subscriptions) {
  const {
    now,
    customers,
    cards,
    sessions,
    lineItems,
    sessionSubscriptionMetadata,
    site,
    emit,
    getPrice,
    getCustomer,
    createCustomer,
    subscriptionAmount,
    createInvoice,
    attemptPayment,
    invoiceOpened,
    invoicePaid,
    newSubscription,
  } = sb;

  // ------------------------------------------------------------------------------------------
  // Business operations shared by the API, the hosted pages and the test controls
  // ------------------------------------------------------------------------------------------
  async function completeCheckout(
    session: CheckoutSession,
    outcome: 'paid' | 'declined',
  ): Promise<Subscription> {
    if (session.status !== 'open')
      throw invalid(`This Checkout Session is no longer active (${session.status}).`);
    if (outcome === 'declined') throw declined();
    let customerId = session.customer;
    if (!customerId) {
      customerId = createCustomer({ email: session.customer_email ?? '' }).id;
      session.customer = customerId;
    }
    if (cards.get(customerId) === 'decline') throw declined();
    const items = lineItems.get(session.id) ?? [];
    // As Checkout does: the subscription starts incomplete, its first invoice is created and
    // finalized, and paying it makes the subscription active.
    const sub = newSubscription(
      customerId,
      items,
      sessionSubscriptionMetadata.get(session.id) ?? {},
    );
    const pending = [emit('customer.subscription.created', sub)];
    const invoice = createInvoice(sub, subscriptionAmount(sub), 'subscription_create');
    pending.push(...invoiceOpened(invoice));
    attemptPayment(invoice);
    const before = snapshot(sub);
    sub.status = 'active';
    pending.push(
      ...invoicePaid(invoice),
      emit('customer.subscription.updated', sub, previousAttributes(before, sub)),
    );
    Object.assign(session, {
      status: 'complete',
      payment_status: 'paid',
      subscription: sub.id,
      invoice: invoice.id,
      customer_details: { email: customers.get(customerId)?.email ?? null, name: null },
    });
    pending.push(emit('checkout.session.completed', session));
    await Promise.all(pending);
    return sub;
  }

  function createCheckoutSession(params: FormObject): CheckoutSession {
    const mode = str(params, 'mode');
    if (!mode) throw invalid('Missing required param: mode.', 'mode');
    if (mode !== 'subscription')
      throw invalid('This sandbox supports mode=subscription only.', 'mode');
    const successUrl = str(params, 'success_url');
    if (!successUrl) throw invalid('Missing required param: success_url.', 'success_url');
    const customerId = str(params, 'customer');
    if (customerId) getCustomer(customerId, 'customer');
    const rawItems = list(params, 'line_items');
    if (rawItems.length === 0) throw invalid('Missing required param: line_items.', 'line_items');
    const items = rawItems.map((raw, index) => {
      const item = raw as FormObject;
      const priceId = str(item, 'price');
      if (!priceId)
        throw invalid(
          `Missing required param: line_items[${index}][price].`,
          `line_items[${index}][price]`,
        );
      return {
        price: getPrice(priceId, `line_items[${index}][price]`),
        quantity: Number(str(item, 'quantity') ?? '1'),
      };
    });
    const id = newId('cs_test_', 58);
    const amount = items.reduce((sum, i) => sum + i.price.unit_amount * i.quantity, 0);
    const session: CheckoutSession = {
      id,
      object: 'checkout.session',
      after_expiration: null,
      allow_promotion_codes: null,
      amount_subtotal: amount,
      amount_total: amount,
      automatic_tax: { enabled: false, liability: null, provider: null, status: null },
      billing_address_collection: null,
      cancel_url: str(params, 'cancel_url') ?? null,
      client_reference_id: str(params, 'client_reference_id') ?? null,
      client_secret: null,
      created: now(),
      currency: items[0]!.price.currency,
      custom_fields: [],
      custom_text: {
        after_submit: null,
        shipping_address: null,
        submit: null,
        terms_of_service_acceptance: null,
      },
      customer: customerId ?? null,
      customer_creation: customerId ? null : 'always',
      customer_details: null,
      customer_email:
        str(params, 'customer_email') ?? (customerId ? customers.get(customerId)!.email : null),
      expires_at: now() + 24 * 3600,
      invoice: null,
      livemode: false,
      locale: null,
      metadata: mergeMetadata({}, obj(params, 'metadata')),
      mode,
      payment_intent: null,
      payment_link: null,
      payment_method_collection: 'always',
      payment_method_types: ['card'],
      payment_status: 'unpaid',
      status: 'open',
      submit_type: null,
      subscription: null,
      success_url: successUrl,
      total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
      ui_mode: 'hosted',
      url: `${site.baseUrl}/c/pay/${id}`,
    };
    sessions.set(id, session);
    lineItems.set(id, items);
    sessionSubscriptionMetadata.set(
      id,
      mergeMetadata({}, obj(obj(params, 'subscription_data') ?? {}, 'metadata')),
    );
    return session;
  }

  return { completeCheckout, createCheckoutSession };
}

export type Checkout = ReturnType<typeof checkoutOps>;
