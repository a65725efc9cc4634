// @vitest-environment node
import { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DataError } from '../../../src/data/errors';
import { accountIdOf } from '../../../src/domain/ids';

const calls: string[] = [];
const answers: Record<string, () => Promise<unknown>> = {};

vi.mock('../../../src/data/items/move-items', () => ({
  moveItems: (ids: string[], shelf: string) => {
    calls.push(`move ${ids.join(',')} ${shelf}`);
    return (answers.move ?? (() => Promise.resolve([])))();
  },
}));
vi.mock('../../../src/data/items/update-item', () => ({
  updateItem: (id: string) => {
    calls.push(`update ${id}`);
    return (answers.update ?? (() => Promise.resolve({ item_id: id })))();
  },
}));
vi.mock('../../../src/data/items/add-item', () => ({
  addItem: (shelf: string) => {
    calls.push(`add ${shelf}`);
    return (answers.add ?? (() => Promise.resolve({ item_id: 'real-1' })))();
  },
}));
vi.mock('../../../src/data/items/add-scanned-items', () => ({
  addScannedItems: () => Promise.resolve({ added: 0, item_ids: [] }),
}));

vi.mock('../../../src/data/counts/shelf-count', () => ({
  applyShelfCount: (
    shelf: string,
    expected: { item_id: string }[],
    found: { item_id: string }[],
  ) => {
    calls.push(
      `count ${shelf} ${expected.map((l) => l.item_id).join(',')} ${found.map((l) => l.item_id).join(',')}`,
    );
    return (answers.count ?? (() => Promise.resolve({ change_id: 'c1' })))();
  },
}));

vi.mock('../../../src/data/photos/add-photo', () => ({
  sendQueuedPhoto: (_account: string, itemId: string, photoId: string) => {
    calls.push(`photo ${itemId} ${photoId}`);
    return (
      answers.photo ?? (() => Promise.resolve({ photo_id: photoId, item_id: itemId, position: 0 }))
    )();
  },
  showAddedPhoto: (client: QueryClient, accountId: string, photo: { photo_id: string }) =>
    client.setQueryData(['photos', accountId, 'list'], (list: unknown[] = []) => [...list, photo]),
}));

const { outboxFor, sentItemId } = await import('../../../src/data/offline/outbox');
const { replayOutbox } = await import('../../../src/data/offline/replay');

let user = 0;
beforeEach(() => {
  calls.length = 0;
  for (const key of Object.keys(answers)) delete answers[key];
  user += 1;
});

const add = {
  kind: 'add' as const,
  args: ['s1', { item_name: 'Lantern', quantity: 1 }] as [
    string,
    { item_name: string; quantity: number },
  ],
  tempId: 'offline-a',
  place: 'Garage',
};

const files = { photo: new Blob(['p']), thumb: new Blob(['t']), width: 1600, height: 1200 };
const photoOf = (itemId: string, photoId: string) => ({
  kind: 'photo' as const,
  args: [itemId, photoId, files] as [string, string, typeof files],
  name: 'Lantern',
});

describe('replayOutbox', () => {
  it('sends in order and rewrites the temporary id of an item added offline', async () => {
    const outbox = outboxFor(accountIdOf(`u${user}`));
    await outbox.enqueue(add);
    await outbox.enqueue({ kind: 'update', args: ['offline-a', { quantity: 2 }], name: 'Lantern' });
    await outbox.enqueue({
      kind: 'move',
      args: [['offline-a', 'i2'], 's2'],
      names: ['Lantern', 'Saw'],
      place: 'Shelf 2',
    });
    expect(await replayOutbox(accountIdOf(`u${user}`), new QueryClient())).toBe('empty');
    expect(calls).toEqual(['add s1', 'update real-1', 'move real-1,i2 s2']);
    expect(outbox.snapshot.waiting).toEqual([]);
  });

  it('stops on no answer and keeps the rest, in order', async () => {
    const outbox = outboxFor(accountIdOf(`u${user}`));
    answers.update = () => Promise.reject(new DataError('offline', { code: 'network' }));
    await outbox.enqueue({
      kind: 'move',
      args: [['i1'], 's2'],
      names: ['Hammer'],
      place: 'Shelf 2',
    });
    await outbox.enqueue({ kind: 'update', args: ['i1', { quantity: 2 }], name: 'Hammer' });
    await outbox.enqueue({ kind: 'move', args: [['i3'], 's2'], names: ['Saw'], place: 'Shelf 2' });
    expect(await replayOutbox(accountIdOf(`u${user}`), new QueryClient())).toBe('stopped');
    expect(calls).toEqual(['move i1 s2', 'update i1']);
    expect(outbox.snapshot.waiting.map((entry) => entry.change.kind)).toEqual(['update', 'move']);
  });

  it('puts a refused change to the seller and goes on; a change naming a refused add follows it', async () => {
    const outbox = outboxFor(accountIdOf(`u${user}`));
    answers.add = () =>
      Promise.reject(new DataError('You have reached the item limit', { code: 'P0001' }));
    await outbox.enqueue(add);
    await outbox.enqueue({ kind: 'update', args: ['offline-a', { quantity: 2 }], name: 'Lantern' });
    await outbox.enqueue({ kind: 'move', args: [['i2'], 's2'], names: ['Saw'], place: 'Shelf 2' });
    expect(await replayOutbox(accountIdOf(`u${user}`), new QueryClient())).toBe('empty');
    expect(calls).toEqual(['add s1', 'move i2 s2']);
    expect(outbox.snapshot.waiting).toEqual([]);
    expect(outbox.snapshot.decisions.map((d) => [d.entry.change.kind, d.code, d.reason])).toEqual([
      ['add', 'P0001', 'You have reached the item limit'],
      ['update', 'PT404', 'The item it names was never added, so this change could not be made.'],
    ]);

    // Try again puts it back at the end of the queue; discard removes it.
    const [first, second] = outbox.snapshot.decisions;
    await outbox.retry(first!.entry.id);
    await outbox.done(second!.entry.id);
    expect(outbox.snapshot.decisions).toEqual([]);
    expect(outbox.snapshot.waiting.map((entry) => entry.change.kind)).toEqual(['add']);
  });

  it('sends a shelf count made offline as one change, refused whole if the shelf changed', async () => {
    const outbox = outboxFor(accountIdOf(`u${user}`));
    await outbox.enqueue(add);
    const count = {
      kind: 'count' as const,
      args: [
        's1',
        [
          { item_id: 'i1', quantity: 2 },
          { item_id: 'offline-a', quantity: 1 },
        ],
        [{ item_id: 'offline-a', quantity: 1 }],
      ] as [
        string,
        { item_id: string; quantity: number }[],
        { item_id: string; quantity: number }[],
      ],
      place: 'Garage › Isle 1 › A › Shelf 1',
    };
    await outbox.enqueue(count);
    expect(await replayOutbox(accountIdOf(`u${user}`), new QueryClient())).toBe('empty');
    expect(calls).toEqual(['add s1', 'count s1 i1,real-1 real-1']);

    calls.length = 0;
    answers.count = () =>
      Promise.reject(
        new DataError('This shelf changed while you counted — count again', { code: '22023' }),
      );
    await outbox.enqueue({ ...count, args: ['s1', [{ item_id: 'i1', quantity: 2 }], []] });
    expect(await replayOutbox(accountIdOf(`u${user}`), new QueryClient())).toBe('empty');
    expect(outbox.snapshot.decisions.map((d) => [d.entry.change.kind, d.code, d.reason])).toEqual([
      ['count', '22023', 'This shelf changed while you counted — count again'],
    ]);
  });

  it('sends a photo of an item added offline after the add, with its real id, and lists it', async () => {
    const account = accountIdOf(`u${user}`);
    const outbox = outboxFor(account);
    await outbox.enqueue(add);
    await outbox.enqueue(photoOf('offline-a', 'p1'));
    await outbox.enqueue(photoOf('i2', 'p2'));
    expect(outbox.snapshot.waiting.map((entry) => entry.change.kind)).toEqual([
      'add',
      'photo',
      'photo',
    ]);
    const client = new QueryClient();
    expect(await replayOutbox(account, client)).toBe('empty');
    expect(calls).toEqual(['add s1', 'photo real-1 p1', 'photo i2 p2']);
    expect(outbox.snapshot.waiting).toEqual([]);
    expect(
      client
        .getQueryData<{ photo_id: string }[]>(['photos', account, 'list'])
        ?.map((p) => p.photo_id),
    ).toEqual(['p1', 'p2']);
    // A screen still naming the item by its temporary id (a Bulk Scan entry) sends the real one.
    expect(sentItemId(account, 'offline-a')).toBe('real-1');
    expect(sentItemId(account, 'i2')).toBe('i2');
  });

  it('puts a refused photo to the seller with the reason, and one whose item was never added', async () => {
    const account = accountIdOf(`u${user}`);
    const outbox = outboxFor(account);
    answers.add = () =>
      Promise.reject(new DataError('You have reached the item limit', { code: 'P0001' }));
    answers.photo = () =>
      Promise.reject(new DataError('An item can have at most 6 photos', { code: 'P0001' }));
    await outbox.enqueue(add);
    await outbox.enqueue(photoOf('offline-a', 'p1'));
    await outbox.enqueue(photoOf('i2', 'p2'));
    expect(await replayOutbox(account, new QueryClient())).toBe('empty');
    expect(calls).toEqual(['add s1', 'photo i2 p2']);
    expect(outbox.snapshot.decisions.map((d) => [d.entry.change.kind, d.reason])).toEqual([
      ['add', 'You have reached the item limit'],
      ['photo', 'The item it names was never added, so this change could not be made.'],
      ['photo', 'An item can have at most 6 photos'],
    ]);
  });

  it('keeps at most 50 photos on the device, refused or waiting, saying so', async () => {
    const outbox = outboxFor(accountIdOf(`u${user}`));
    answers.photo = () => Promise.reject(new DataError('refused', { code: 'P0001' }));
    await outbox.enqueue(photoOf('i1', 'refused'));
    expect(await replayOutbox(accountIdOf(`u${user}`), new QueryClient())).toBe('empty');
    for (let i = 1; i < 50; i++) await outbox.enqueue(photoOf('i1', `p${i}`));
    await expect(outbox.enqueue(photoOf('i1', 'p50'))).rejects.toThrow(
      'This device already holds 50 photos waiting to be sent. Connect to send them before taking more.',
    );
    // other changes still queue
    await outbox.enqueue({ kind: 'update', args: ['i1', { quantity: 2 }], name: 'Hammer' });
    expect(outbox.snapshot.waiting).toHaveLength(50);
    // discarding the refused one makes room for one more
    await outbox.done(outbox.snapshot.decisions[0]!.entry.id);
    await outbox.enqueue(photoOf('i1', 'p50'));
    expect(outbox.snapshot.waiting).toHaveLength(51);
  });
});
