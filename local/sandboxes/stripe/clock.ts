import { type Invoice, type Subscription } from './types.ts';
import { previousAttributes, snapshot } from './webhooks.ts';
import type { State } from './state.ts';
import type { Events } from './webhooks.ts';
import type { Customers } from './customers.ts';
import type { Invoices } from './invoices.ts';
import type { Subscriptions } from './subscriptions.ts';

/** The test clock: moving it on runs Smart Retries that fall due and, after the last failed try, what the retry settings say. */
export function clockOps(sb: State & Events & Customers & Invoices & Subscriptions) {
  const { now, clock, retries, invoices, emit, attemptPayment, subscriptionOf, settlePaid } = sb;

  /**
   * After the last retry fails, what the retry settings say: cancel the subscription (and
   * customer.subscription.deleted), mark it unpaid (customer.subscription.updated), or leave it.
   */
  function giveUp(sub: Subscription): Array<Promise<void>> {
    if (retries.final === 'past_due') return [];
    const before = snapshot(sub);
    if (retries.final === 'unpaid') {
      sub.status = 'unpaid';
      return [emit('customer.subscription.updated', sub, previousAttributes(before, sub))];
    }
    sub.status = 'canceled';
    sub.ended_at = now();
    sub.canceled_at = now();
    sub.cancellation_details = { comment: null, feedback: null, reason: 'payment_failed' };
    return [emit('customer.subscription.deleted', sub)];
  }

  /** One Smart Retry of an open invoice that has fallen due on the clock. */
  async function retry(invoice: Invoice): Promise<void> {
    const sub = subscriptionOf(invoice);
    if (attemptPayment(invoice)) {
      await Promise.all(settlePaid(invoice, sub));
      return;
    }
    const pending = [emit('invoice.payment_failed', invoice)];
    if (invoice.next_payment_attempt === null && sub) pending.push(...giveUp(sub));
    await Promise.all(pending);
  }

  /** Moves the clock on, running every retry that falls due, in time order. */
  async function advanceClock(seconds: number): Promise<{ now: number; retried: string[] }> {
    clock.offset += seconds;
    const retried: string[] = [];
    for (;;) {
      const due = [...invoices.values()]
        .filter(
          (i) =>
            i.status === 'open' &&
            i.next_payment_attempt !== null &&
            i.next_payment_attempt <= now(),
        )
        .sort((a, b) => (a.next_payment_attempt as number) - (b.next_payment_attempt as number))[0];
      if (!due) break;
      retried.push(due.id);
      await retry(due);
    }
    return { now: now(), retried };
  }

  return { giveUp, retry, advanceClock };
}

export type Clock = ReturnType<typeof clockOps>;
