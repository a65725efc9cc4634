import {
  BASIL,
  type Delivery,
  type Json,
  SANDBOX_API_VERSION,
  type StripeEvent,
  type Subscription,
} from './types.ts';
import { newId, signStripePayload } from './util.ts';
import type { State } from './state.ts';

/** Events and their delivery: one queue, in the order things happened, each payload shaped for the endpoint's API version and signed as Stripe signs it. */
export function snapshot(sub: Subscription): Json {
  return structuredClone(sub);
}

/** What changed between two snapshots, as Stripe's previous_attributes. */
export function previousAttributes(before: Json, after: Json): Json {
  const previous: Json = {};
  for (const key of Object.keys(after)) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) previous[key] = before[key];
  }
  return previous;
}

export function webhookEvents(sb: State) {
  const { opts, log, now, endpoint, events, deliveries } = sb;

  // ------------------------------------------------------------------------------------------
  // Webhooks: one queue, delivered in the order the events happened, as Stripe mostly does.
  // ------------------------------------------------------------------------------------------
  let queue: Promise<void> = Promise.resolve();

  /** Settles once every event queued so far was delivered. */
  function flush(): Promise<void> {
    return queue;
  }

  /**
   * The event as an endpoint on `version` receives it. Before 2025-03-31 ("basil") an invoice
   * named its subscription at the top (invoice.subscription, no parent) and a subscription
   * carried its period itself; the sandbox keeps objects in the SDK's version and converts.
   */
  function forVersion(event: StripeEvent, version: string): StripeEvent {
    const out = structuredClone(event);
    out.api_version = version;
    if (version >= BASIL) return out;
    const object = (out.data as { object: Json }).object;
    if (object.object === 'invoice') {
      const details = (object.parent as Json | null)?.subscription_details as Json | undefined;
      object.subscription = details?.subscription ?? null;
      delete object.parent;
    }
    if (object.object === 'subscription') {
      const item = (object.items as { data: Json[] }).data[0];
      object.current_period_start = item?.current_period_start ?? null;
      object.current_period_end = item?.current_period_end ?? null;
    }
    return out;
  }

  async function deliver(stored: StripeEvent): Promise<void> {
    if (!endpoint.enabledEvents.includes('*') && !endpoint.enabledEvents.includes(stored.type))
      return;
    const event = forVersion(stored, endpoint.apiVersion);
    // Stripe sends pretty-printed JSON; the signature covers these exact bytes.
    const payload = JSON.stringify(event, null, 2);
    const signature = signStripePayload(payload, opts.webhookSecret);
    const delivery: Delivery = {
      eventId: event.id,
      type: event.type,
      signature,
      status: null,
      body: '',
      at: new Date().toISOString(),
    };
    deliveries.push(delivery);
    try {
      const response = await fetch(opts.webhookUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
          'stripe-signature': signature,
        },
        body: payload,
        signal: AbortSignal.timeout(15_000),
      });
      delivery.status = response.status;
      delivery.body = (await response.text()).slice(0, 500);
    } catch (error) {
      delivery.body = (error as Error).message;
    }
    if (delivery.status !== 200)
      log(
        `stripe sandbox: ${event.type} ${event.id} -> ${delivery.status ?? 'error'} ${delivery.body}`,
      );
  }

  function enqueue(event: StripeEvent): Promise<void> {
    const done = queue.then(() => deliver(event));
    queue = done.catch(() => undefined);
    return done;
  }

  /** Records an event and queues its delivery; the promise settles once it was delivered. */
  function emit(type: string, object: Json, previous?: Json): Promise<void> {
    const event: StripeEvent = {
      id: newId('evt_'),
      object: 'event',
      api_version: SANDBOX_API_VERSION,
      created: now(),
      data: {
        object: structuredClone(object),
        ...(previous ? { previous_attributes: previous } : {}),
      },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    };
    events.push(event);
    return enqueue(event);
  }

  return { flush, forVersion, deliver, enqueue, emit };
}

export type Events = ReturnType<typeof webhookEvents>;
