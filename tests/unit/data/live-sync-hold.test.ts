// @vitest-environment node
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { accountIdOf } from '../../../src/domain/ids';

type Handler = (payload: unknown) => void;
const handlers: Handler[] = [];
let subscribed: ((status: string) => void) | undefined;

vi.mock('../../../src/lib/supabase', () => ({
  supabase: {
    channel: () => {
      const ch = {
        on: (_kind: string, _filter: unknown, handler: Handler) => {
          handlers.push(handler);
          return ch;
        },
        subscribe: (cb: (status: string) => void) => {
          subscribed = cb;
          return ch;
        },
      };
      return ch;
    },
    removeChannel: () => Promise.resolve(),
    realtime: { disconnect: () => Promise.resolve(), isDisconnecting: () => false },
  },
}));
(globalThis as { window?: EventTarget }).window ??= new EventTarget();

const { startLiveSync } = await import('../../../src/data/live-sync/live-sync');
const { holdLiveSync } = await import('../../../src/data/live-sync/hold');

describe('live sync on hold (the offline replay)', () => {
  it('applies held echoes in one batch and reads the items once after', async () => {
    const accountId = accountIdOf('u-hold');
    const items = ['items', accountId];
    const client = new QueryClient();
    let reads = 0;
    const observer = new QueryObserver(client, {
      queryKey: items,
      queryFn: () => {
        reads += 1;
        return Promise.resolve([{ item_id: 'i1', created_at: 'a', quantity: reads }]);
      },
      staleTime: Infinity,
    });
    const stopObserving = observer.subscribe(() => {});
    // The first read settled: echoes patch cached items and a catch-up reads again, so without
    // the hold both checks below fail (before it settles, react-query dedupes onto its fetch).
    await vi.waitFor(() => expect(client.getQueryData(items)).toBeDefined());
    expect(reads).toBe(1);
    const stop = startLiveSync({
      queryClient: client,
      accountId,
      caches: { items, tree: ['tree', accountId], readAgainOn: {}, staleOnStorage: [] },
      onStatus: () => {},
    });

    subscribed?.('SUBSCRIBED');
    // The first join may read again what was read before it (dataUpdatedAt < its start).
    await vi.waitFor(() => expect(client.getQueryState(items)?.fetchStatus).toBe('idle'));
    const before = reads;
    const release = holdLiveSync(accountId);
    // Joined again after the connection came back: everything is owed a read.
    subscribed?.('SUBSCRIBED');
    for (const quantity of [7, 8, 9])
      handlers[0]!({
        table: 'storage_items',
        eventType: 'UPDATE',
        new: { item_id: 'i1', created_at: 'a', quantity, account_id: accountId },
        old: {},
      });
    await new Promise((resolve) => setTimeout(resolve, 20));
    // Nothing read again and no echo applied while the replay runs.
    expect(reads).toBe(before);
    expect(client.getQueryData(items)).toEqual([
      { item_id: 'i1', created_at: 'a', quantity: before },
    ]);

    const replayRead = client.invalidateQueries({ queryKey: items });
    release();
    await replayRead;
    await new Promise((resolve) => setTimeout(resolve, 20));
    // The replay's read answers the owed catch-up too: one read after, not two.
    expect(reads).toBe(before + 1);
    expect(client.getQueryData(items)).toEqual([
      { item_id: 'i1', created_at: 'a', quantity: before + 1 },
    ]);
    stop();
    stopObserving();
  });
});
