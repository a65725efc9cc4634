import { randomBytes } from 'node:crypto';
import { type FormObject, mergeMetadata, obj, str } from '../stripe-form.ts';
import { type Customer, type Price } from './types.ts';
import { missing, StripeApiError } from './errors.ts';
import { newId } from './util.ts';
import type { State } from './state.ts';
import type { Events } from './webhooks.ts';

/** Customers and prices. */
export function customerOps(sb: State & Events) {
  const { now, customers, cards, prices } = sb;

  // ------------------------------------------------------------------------------------------
  // Objects
  // ------------------------------------------------------------------------------------------
  function getPrice(id: string, param: string): Price {
    const price = prices.get(id);
    if (!price)
      throw new StripeApiError(400, {
        type: 'invalid_request_error',
        code: 'resource_missing',
        param,
        message: `No such price: '${id}'`,
      });
    return price;
  }

  function getCustomer(id: string, param = 'id'): Customer {
    const customer = customers.get(id);
    if (!customer) throw missing('customer', id, param);
    return customer;
  }

  function createCustomer(params: FormObject): Customer {
    const customer: Customer = {
      id: newId('cus_', 14),
      object: 'customer',
      address: null,
      balance: 0,
      created: now(),
      currency: null,
      default_source: null,
      delinquent: false,
      description: str(params, 'description') ?? null,
      discount: null,
      email: str(params, 'email') ?? null,
      invoice_prefix: randomBytes(4).toString('hex').toUpperCase(),
      invoice_settings: {
        custom_fields: null,
        default_payment_method: null,
        footer: null,
        rendering_options: null,
      },
      livemode: false,
      metadata: mergeMetadata({}, obj(params, 'metadata')),
      name: str(params, 'name') ?? null,
      phone: null,
      preferred_locales: [],
      shipping: null,
      tax_exempt: 'none',
      test_clock: null,
    };
    customers.set(customer.id, customer);
    cards.set(customer.id, 'ok');
    return customer;
  }

  return { getPrice, getCustomer, createCustomer };
}

export type Customers = ReturnType<typeof customerOps>;
