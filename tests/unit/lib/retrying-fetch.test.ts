// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { MAX_RETRIES, retryingFetch } from '../../../src/lib/retrying-fetch';

const REST = 'http://127.0.0.1:54321/rest/v1/rpc/add_item';

/** A server that answers each call with the next status, recording what it was sent. */
function answering(...statuses: Array<number | [number, Record<string, string>]>) {
  const calls: Array<{ url: string; method: string; retry: string | null; body: unknown }> = [];
  const base: typeof fetch = async (input, init) => {
    calls.push({
      url: String(input),
      method: init?.method ?? 'GET',
      retry: new Headers(init?.headers).get('x-retry-count'),
      body: init?.body,
    });
    const next = statuses[Math.min(calls.length - 1, statuses.length - 1)]!;
    const [status, headers] = Array.isArray(next) ? next : [next, {}];
    return new Response(JSON.stringify({ status }), { status, headers });
  };
  const waits: number[] = [];
  const wait = async (ms: number) => void waits.push(ms);
  return { fetch: retryingFetch(base, wait), calls, waits };
}

describe('retryingFetch', () => {
  it('sends a write answered 503 again, as postgrest-js does reads, until it goes through', async () => {
    const server = answering(503, 503, 200);
    const res = await server.fetch(REST, { method: 'POST', body: '{"p_item_name":"Mug"}' });
    expect(res.status).toBe(200);
    expect(server.calls.map((c) => [c.retry, c.body])).toEqual([
      [null, '{"p_item_name":"Mug"}'],
      ['1', '{"p_item_name":"Mug"}'],
      ['2', '{"p_item_name":"Mug"}'],
    ]);
    expect(server.waits).toEqual([1000, 2000]);
  });

  it('waits the longer of Retry-After and the back-off, and gives the last 503 back after 3 retries', async () => {
    const server = answering([503, { 'retry-after': '3' }]);
    const res = await server.fetch(REST, { method: 'PATCH', body: '{}' });
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ status: 503 });
    expect(server.calls).toHaveLength(MAX_RETRIES + 1);
    expect(server.waits).toEqual([3000, 3000, 4000]);
    // PostgREST's Retry-After: 0 while it reconnects does not make the retries come at once.
    const reconnecting = answering([503, { 'retry-after': '0' }], 201);
    expect((await reconnecting.fetch(REST, { method: 'POST', body: '{}' })).status).toBe(201);
    expect(reconnecting.waits).toEqual([1000]);
  });

  it('leaves reads (postgrest-js retries them), other failures and other services alone', async () => {
    for (const [url, init, status] of [
      [`${REST.replace('rpc/add_item', 'items')}?select=*`, { method: 'GET' }, 503],
      [REST, { method: 'POST', body: '{}' }, 500],
      ['http://127.0.0.1:54321/auth/v1/token?grant_type=password', { method: 'POST' }, 503],
      ['http://127.0.0.1:8888/.netlify/functions/team-invite', { method: 'POST' }, 503],
    ] as const) {
      const server = answering(status, 200);
      expect((await server.fetch(url, init)).status).toBe(status);
      expect(server.calls).toHaveLength(1);
    }
  });
});
