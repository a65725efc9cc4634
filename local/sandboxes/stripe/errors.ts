/** A Stripe API error, thrown by handlers and turned into Stripe's `{ error: {...} }` body. */
export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: {
      type: string;
      message: string;
      code?: string;
      param?: string;
      decline_code?: string;
    },
  ) {
    super(body.message);
  }
}

export const missing = (what: string, id: string, param = 'id') =>
  new StripeApiError(404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    param,
    message: `No such ${what}: '${id}'`,
  });

export const invalid = (message: string, param?: string) =>
  new StripeApiError(400, {
    type: 'invalid_request_error',
    message,
    ...(param ? { param, code: 'parameter_invalid' } : {}),
  });

export const declined = () =>
  new StripeApiError(402, {
    type: 'card_error',
    code: 'card_declined',
    decline_code: 'generic_decline',
    message: 'Your card was declined.',
  });
