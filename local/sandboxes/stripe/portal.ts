import { str, type FormObject } from '../stripe-form.ts';
import type { Customers } from './customers.ts';
import { invalid } from './errors.ts';
import type { State } from './state.ts';
import type { PortalSession } from './types.ts';
import { newId } from './util.ts';

/** Billing portal sessions: the hosted portal where the seller updates their card (hosted.ts). */
export function portalOps(sb: State & Customers) {
  const { now, portals, site, getCustomer } = sb;

  function createPortalSession(params: FormObject): PortalSession {
    const customer = str(params, 'customer');
    if (!customer) throw invalid('Missing required param: customer.', 'customer');
    getCustomer(customer, 'customer');
    const sid = newId('bps_');
    const session: PortalSession = {
      id: sid,
      object: 'billing_portal.session',
      configuration: 'bpc_sandbox',
      created: now(),
      customer,
      customer_account: null,
      flow: null,
      livemode: false,
      locale: null,
      on_behalf_of: null,
      return_url: str(params, 'return_url') ?? null,
      url: `${site.baseUrl}/p/session/${sid}`,
    };
    portals.set(sid, session);
    return session;
  }

  return { createPortalSession };
}

export type Portal = ReturnType<typeof portalOps>;
