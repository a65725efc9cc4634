// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { shouldRetryQuery } from '../../../src/lib/query-client';

describe('shouldRetryQuery', () => {
  it('retries unknown failures twice', () => {
    expect(shouldRetryQuery(0, new Error('Failed to fetch'))).toBe(true);
    expect(shouldRetryQuery(1, new Error('Failed to fetch'))).toBe(true);
    expect(shouldRetryQuery(2, new Error('Failed to fetch'))).toBe(false);
  });

  it('does not retry what the server refused', () => {
    expect(shouldRetryQuery(0, { status: 401, message: 'JWT expired' })).toBe(false);
    expect(shouldRetryQuery(0, { status: 404 })).toBe(false);
    expect(shouldRetryQuery(0, { status: 503 })).toBe(true);
  });
});
