// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  canAddBack,
  changesWaiting,
  decisionsWaiting,
  describeChange,
  entryId,
  failureKind,
  idsFromAnswer,
  inOrder,
  isTempId,
  MAX_QUEUED_PHOTOS,
  canQueuePhoto,
  pendingTempIds,
  queuedPhotosByItem,
  rewriteIds,
  tempItemId,
  type OutboxEntry,
  type QueuedChange,
} from '../../../src/domain/outbox';

const PLACE = 'Garage › Isle 1 › A › Shelf 2';
const move: QueuedChange = {
  kind: 'move',
  args: [['i1', 'offline-a'], 's2'],
  names: ['Hammer', 'Lantern'],
  place: PLACE,
};
const add: QueuedChange = {
  kind: 'add',
  args: ['s2', { item_name: 'Lantern', quantity: 3 }],
  tempId: 'offline-a',
  place: PLACE,
};
const scan: QueuedChange = {
  kind: 'scan',
  args: [
    's2',
    [
      { barcode: '111', item_id: 'offline-a' },
      { barcode: '222', quantity: 2 },
    ],
  ],
  tempIds: [null, 'offline-b'],
  place: PLACE,
};

describe('outbox ordering', () => {
  it('orders entries as made, across milliseconds and within one', () => {
    const ids = [
      entryId(1000, 0, 'x'),
      entryId(1000, 1, 'a'),
      entryId(999, 5, 'z'),
      entryId(20000, 0, 'b'),
    ];
    const entries: OutboxEntry[] = ids.map((id) => ({ id, at: '', change: move }));
    expect(inOrder(entries).map((entry) => entry.id)).toEqual([ids[2], ids[0], ids[1], ids[3]]);
  });
});

describe('temporary ids', () => {
  it('marks items added offline', () => {
    expect(isTempId(tempItemId('abc'))).toBe(true);
    expect(isTempId('7d0c1c9e-1111-4a4a-9999-000000000000')).toBe(false);
  });

  it('rewrites the ids a later change names once the add has its real id', () => {
    const ids = new Map([['offline-a', 'real-a']]);
    expect(rewriteIds(move, ids)).toMatchObject({ args: [['i1', 'real-a'], 's2'] });
    expect(
      rewriteIds({ kind: 'update', args: ['offline-a', { quantity: 4 }], name: 'Lantern' }, ids),
    ).toMatchObject({ args: ['real-a', { quantity: 4 }] });
    expect(rewriteIds(scan, ids).args[1]).toEqual([
      { barcode: '111', item_id: 'real-a' },
      { barcode: '222', quantity: 2 },
    ]);
    expect(rewriteIds(add, ids)).toBe(add);
  });

  it('lists the temporary ids a change still depends on', () => {
    expect(pendingTempIds(move)).toEqual(['offline-a']);
    expect(pendingTempIds(rewriteIds(move, new Map([['offline-a', 'r']])))).toEqual([]);
  });

  it('reads the real ids from the answer of an add or a scan', () => {
    expect(idsFromAnswer(add, { item_id: 'real-a' })).toEqual(new Map([['offline-a', 'real-a']]));
    expect(idsFromAnswer(scan, { added: 1, increased: 1, item_ids: ['real-a', 'real-b'] })).toEqual(
      new Map([['offline-b', 'real-b']]),
    );
    expect(idsFromAnswer(move, [])).toEqual(new Map());
  });
});

describe('failures', () => {
  it('keeps a change that got no answer and asks about one the database refused', () => {
    expect(failureKind({ network: true })).toBe('network');
    expect(failureKind({ network: false })).toBe('refused');
  });

  it('offers to add back an edited item deleted meanwhile, nothing else', () => {
    const entry = (change: QueuedChange): OutboxEntry => ({ id: '1', at: '', change });
    const update: QueuedChange = { kind: 'update', args: ['i1', { quantity: 2 }], name: 'Hammer' };
    expect(canAddBack({ entry: entry(update), reason: '', code: 'PT404' })).toBe(true);
    expect(canAddBack({ entry: entry(update), reason: '', code: 'P0001' })).toBe(false);
    expect(canAddBack({ entry: entry(move), reason: '', code: 'PT404' })).toBe(false);
  });
});

describe("the seller's words", () => {
  it('counts what is waiting', () => {
    expect(changesWaiting(1)).toBe('1 change waiting');
    expect(changesWaiting(3)).toBe('3 changes waiting');
    expect(decisionsWaiting(1)).toBe('1 change needs your decision');
    expect(decisionsWaiting(2)).toBe('2 changes need your decision');
  });

  it('describes each kind of change', () => {
    expect(describeChange({ ...move, names: ['Hammer'] })).toBe(`Move Hammer to ${PLACE}`);
    expect(describeChange(move)).toBe(`Move Hammer and Lantern to ${PLACE}`);
    expect(describeChange({ ...move, names: ['A', 'B', 'C', 'D'] })).toBe(
      `Move A, B and 2 more to ${PLACE}`,
    );
    expect(
      describeChange({ kind: 'update', args: ['i1', { quantity: 4 }], name: 'Hammer', before: 3 }),
    ).toBe('Change Hammer quantity from 3 to 4');
    expect(describeChange({ kind: 'update', args: ['i1', { quantity: 4 }], name: 'Hammer' })).toBe(
      'Set Hammer quantity to 4',
    );
    expect(
      describeChange({
        kind: 'update',
        args: ['i1', { item_name: 'Claw hammer' }],
        name: 'Hammer',
      }),
    ).toBe('Rename Hammer to Claw hammer');
    expect(
      describeChange({
        kind: 'update',
        args: ['i1', { sku: 'H1', price_paid: 3 }],
        name: 'Hammer',
      }),
    ).toBe('Edit Hammer (SKU, price paid)');
    expect(describeChange(add)).toBe(`Add Lantern (3) to ${PLACE}`);
    expect(describeChange(scan)).toBe(`Add 3 scanned items to ${PLACE}`);
    expect(describeChange({ kind: 'count', args: ['s1', [], []], place: PLACE })).toBe(
      `Apply the count of ${PLACE}`,
    );
  });
});

describe('photos taken offline', () => {
  const files = { photo: new Blob(['p']), thumb: new Blob(['t']), width: 1600, height: 1200 };
  const photo = (itemId: string, photoId = 'p1'): QueuedChange => ({
    kind: 'photo',
    args: [itemId, photoId, files],
    name: 'Lantern',
  });
  const entry = (id: string, change: QueuedChange): OutboxEntry => ({ id, at: '', change });

  it('is one entry in the queue, named for its item', () => {
    expect(describeChange(photo('i1'))).toBe('Photo for Lantern');
  });

  it('waits for the add of an item made offline, then names its real id with the same files', () => {
    const queued = photo('offline-a');
    expect(pendingTempIds(queued)).toEqual(['offline-a']);
    const sent = rewriteIds(queued, new Map([['offline-a', 'real-a']]));
    expect(sent).toMatchObject({ kind: 'photo', name: 'Lantern' });
    expect(sent.args).toEqual(['real-a', 'p1', files]);
    expect(sent.args[2]).toBe(files);
    expect(pendingTempIds(sent)).toEqual([]);
    expect(pendingTempIds(photo('i1'))).toEqual([]);
  });

  it('shows the waiting photos on their items, in the order taken', () => {
    const byItem = queuedPhotosByItem([
      entry('3', photo('i1', 'p3')),
      entry('1', photo('i1', 'p1')),
      entry('2', move),
      entry('4', photo('offline-a', 'p4')),
    ]);
    expect([...byItem.keys()]).toEqual(['i1', 'offline-a']);
    expect(byItem.get('i1')!.map((p) => [p.entryId, p.photoId])).toEqual([
      ['1', 'p1'],
      ['3', 'p3'],
    ]);
    expect(byItem.get('i1')![0]!.files).toBe(files);
  });

  it(`holds at most ${MAX_QUEUED_PHOTOS} photos on the device`, () => {
    expect(MAX_QUEUED_PHOTOS).toBe(50);
    expect(canQueuePhoto(49)).toBe(true);
    expect(canQueuePhoto(50)).toBe(false);
  });
});
