import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  DataError,
  errorText,
  functionError,
  isNetworkFailure,
  toDataError,
} from '../../../src/data/errors';

const limitRefusal = (kind: string, plan: string, limit: number, text: string) => ({
  code: 'P0001',
  message: `PLAN_LIMIT_REACHED: ${text}`,
  details: JSON.stringify({ kind, plan, limit }),
  hint: 'Visit the pricing page to upgrade your plan',
});

describe('toDataError', () => {
  it('reads a plan limit refusal: the sentence, the kind, plan and limit enforced', () => {
    const error = toDataError(
      limitRefusal('units', 'power', 50, 'You can only add up to 50 units in your current plan'),
    );
    expect(error).toBeInstanceOf(DataError);
    expect(error.message).toBe('You can only add up to 50 units in your current plan');
    expect(error.code).toBe('P0001');
    expect(error.planLimit).toEqual({ kind: 'units', plan: 'power', limit: 50 });
    expect(error.featureRefused).toBe(false);
  });

  it('without the JSON detail, reads the limit kind from the sentence', () => {
    expect(
      toDataError({
        message: 'PLAN_LIMIT_REACHED: You can only add up to 3 units in your current plan',
      }).planLimit,
    ).toEqual({ kind: 'units', plan: undefined, limit: undefined });
    expect(
      toDataError({
        message:
          'PLAN_LIMIT_REACHED: Your power plan is limited to 5 rooms. Please upgrade to add more',
      }).planLimit?.kind,
    ).toBe('rooms');
  });

  it('reads a feature the plan does not include', () => {
    const error = toDataError({
      code: '42501',
      message:
        'PLAN_FEATURE_UNAVAILABLE: Restoring a backup requires the Power Seller plan or higher',
    });
    expect(error.featureRefused).toBe(true);
    expect(error.planLimit).toBeUndefined();
    expect(error.message).toBe('Restoring a backup requires the Power Seller plan or higher');
  });

  it('keeps other messages and codes as they are', () => {
    const duplicate = toDataError({ code: '23505', message: 'duplicate key value' });
    expect(duplicate.duplicate).toBe(true);
    expect(duplicate.message).toBe('duplicate key value');
    expect(duplicate.planLimit).toBeUndefined();
    expect(toDataError(new Error('boom')).message).toBe('boom');
    expect(toDataError(null).message).toBe('Unexpected error');
    expect(toDataError('Backup not found').message).toBe('Backup not found');
  });

  it('returns a DataError unchanged', () => {
    const error = new DataError('x', { code: 'PT404' });
    expect(toDataError(error)).toBe(error);
  });
});

describe('functionError', () => {
  it("reads a function's JSON answer with its status", () => {
    const error = functionError(
      403,
      { error: 'PLAN_FEATURE_UNAVAILABLE: Marketplace orders require the Elite Seller plan' },
      'Failed',
    );
    expect(error.status).toBe(403);
    expect(error.featureRefused).toBe(true);
    expect(error.message).toBe('Marketplace orders require the Elite Seller plan');
    expect(functionError(429, { minutesRemaining: 3 }, 'Try later')).toMatchObject({
      message: 'Try later',
      status: 429,
      body: { minutesRemaining: 3 },
    });
  });
});

describe('errorText', () => {
  it('is the readable sentence, or nothing when the error has none', () => {
    expect(errorText({ message: 'PLAN_LIMIT_REACHED: Too many' })).toBe('Too many');
    expect(errorText({})).toBeUndefined();
  });
});

describe('a request that got no answer', () => {
  // What supabase-js returns when fetch() itself failed.
  const noAnswer = {
    message: 'TypeError: Failed to fetch',
    details: 'TypeError: Failed to fetch',
    hint: '',
    code: '',
  };

  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("says the device is offline, in the seller's words, when the browser is offline", () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const error = toDataError(noAnswer);
    expect(error.network).toBe(true);
    expect(error.code).toBe('network');
    expect(error.status).toBe(0);
    expect(error.message).toBe("You're offline. Try again when you're back online.");
  });

  it('says the connection failed when the browser believes it is online', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    const error = toDataError(new TypeError('Failed to fetch'));
    expect(error.network).toBe(true);
    expect(error.message).toBe(
      'The connection to Stockroom failed. Check your connection and try again.',
    );
  });

  it('is told apart from answers the server gave', () => {
    expect(isNetworkFailure(noAnswer)).toBe(true);
    expect(isNetworkFailure(new TypeError('NetworkError when attempting to fetch resource.'))).toBe(
      true,
    );
    expect(isNetworkFailure(toDataError(noAnswer))).toBe(true);
    expect(isNetworkFailure({ code: '23505', message: 'duplicate key value' })).toBe(false);
    expect(isNetworkFailure(new DataError('Item not found', { code: 'PT404' }))).toBe(false);
    expect(toDataError({ code: '23505', message: 'duplicate key value' }).network).toBe(false);
  });
});
