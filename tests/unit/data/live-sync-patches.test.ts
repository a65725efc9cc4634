// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { patchItems, timestampMicros, type RowEvent } from '../../../src/data/live-sync/patch-items';
import { patchTree } from '../../../src/data/live-sync/patch-tree';

const item = (id: string, created: string, shelf = 's1') => ({
  item_id: id,
  item_name: `Item ${id}`,
  quantity: 1,
  shelf_id: shelf,
  created_at: created,
});
const ev = (table: string, eventType: RowEvent['eventType'], row: Record<string, unknown>, old: Record<string, unknown> = {}): RowEvent => ({
  table,
  eventType,
  new: row,
  old,
});

describe('patchItems', () => {
  const list = [item('c', '2026-01-03'), item('a', '2026-01-01')];

  it('puts an inserted item at its place, newest first, without columns the list does not hold', () => {
    const next = patchItems(list, ev('storage_items', 'INSERT', { ...item('b', '2026-01-02'), account_id: 'u1', active: true }));
    expect(next.map((i) => i.item_id)).toEqual(['c', 'b', 'a']);
    expect(next[1]).not.toHaveProperty('account_id');
  });

  it('moves an item to its new shelf on update and leaves the list alone when nothing changed', () => {
    const moved = patchItems(list, ev('storage_items', 'UPDATE', { ...item('a', '2026-01-01', 's2'), quantity: 4 }));
    expect(moved[1]).toMatchObject({ item_id: 'a', shelf_id: 's2', quantity: 4 });
    expect(patchItems(list, ev('storage_items', 'UPDATE', item('a', '2026-01-01')))).toBe(list);
  });

  describe('ordering by updated_at', () => {
    // Three quick taps on +: the cache holds the row the second save returned (quantity 4).
    const saved = [{ ...item('a', '2026-01-01'), quantity: 4, updated_at: '2026-11-26T08:00:00.200002+00:00' }];

    it('ignores the late echo of an earlier save after a newer save has settled', () => {
      const echo = { ...item('a', '2026-01-01'), quantity: 3, updated_at: '2026-11-26T08:00:00.200001+00:00' };
      expect(patchItems(saved, ev('storage_items', 'UPDATE', echo))).toBe(saved);
    });

    it('still applies a newer change from elsewhere, and takes its time', () => {
      const remote = { ...item('a', '2026-01-01'), quantity: 9, updated_at: '2026-11-26 08:00:01.5+00' };
      const next = patchItems(saved, ev('storage_items', 'UPDATE', remote));
      expect(next[0]).toMatchObject({ quantity: 9, updated_at: '2026-11-26 08:00:01.5+00' });
    });

    it('applies a change when either time is unknown (rows cached before the column was read)', () => {
      const old = [item('a', '2026-01-01')];
      const next = patchItems(old, ev('storage_items', 'UPDATE', { ...item('a', '2026-01-01'), quantity: 2, updated_at: '2026-11-26T08:00:00+00:00' }));
      expect(next[0]).toMatchObject({ quantity: 2 });
      expect(patchItems(saved, ev('storage_items', 'UPDATE', { ...item('a', '2026-01-01'), quantity: 7 }))[0]).toMatchObject({ quantity: 7 });
    });

    it('reads Postgres times to the microsecond, whatever the zone notation', () => {
      expect(timestampMicros('2026-11-26T08:00:00.000001+00:00')! - timestampMicros('2026-11-26T08:00:00+00:00')!).toBe(1);
      expect(timestampMicros('2026-11-26 10:00:00.25+02')).toBe(timestampMicros('2026-11-26T08:00:00.250000Z'));
      expect(timestampMicros('not a time')).toBeNull();
      expect(timestampMicros(undefined)).toBeNull();
    });
  });

  it('removes a deleted item by its key', () => {
    expect(patchItems(list, ev('storage_items', 'DELETE', {}, { item_id: 'c' })).map((i) => i.item_id)).toEqual(['a']);
  });
});

describe('patchTree', () => {
  const tree = [
    {
      room_id: 'r1',
      room_name: 'Garage',
      room_index: 1,
      isles: [
        {
          isle_id: 'i1',
          isle_index: 1,
          room_id: 'r1',
          units: [{ unit_id: 'u1', unit_name: 'A', unit_index: 1, isle_id: 'i1', shelves: [{ shelf_id: 's1', shelf_index: 1, unit_id: 'u1' }] }],
        },
      ],
    },
    { room_id: 'r2', room_name: 'Loft', room_index: 2, isles: [{ isle_id: 'i2', isle_index: 1, room_id: 'r2', units: [] }] },
  ];

  it('renames a room and keeps what is under it', () => {
    const next = patchTree(tree, ev('storage_rooms', 'UPDATE', { room_id: 'r1', room_name: 'Shed', room_index: 1, account_id: 'x' }))!;
    expect(next[0]).toMatchObject({ room_name: 'Shed' });
    expect(next[0]!.isles).toBe(tree[0]!.isles);
  });

  it('adds a shelf to its unit in number order, and a unit moved to another isle takes its shelves along', () => {
    const added = patchTree(tree, ev('storage_shelves', 'INSERT', { shelf_id: 's0', shelf_index: 0, unit_id: 'u1' }))!;
    expect(added[0]!.isles[0]!.units[0]!.shelves.map((s) => s.shelf_id)).toEqual(['s0', 's1']);
    const moved = patchTree(added, ev('storage_units', 'UPDATE', { unit_id: 'u1', unit_name: 'A', unit_index: 1, isle_id: 'i2' }))!;
    expect(moved[0]!.isles[0]!.units).toEqual([]);
    expect(moved[1]!.isles[0]!.units[0]!.shelves).toHaveLength(2);
  });

  it('removes a deleted isle, and says so when a new node has no parent in the tree', () => {
    const next = patchTree(tree, ev('storage_isles', 'DELETE', {}, { isle_id: 'i2' }))!;
    expect(next[1]!.isles).toEqual([]);
    expect(patchTree(tree, ev('storage_units', 'INSERT', { unit_id: 'u9', unit_index: 1, isle_id: 'nope' }))).toBeNull();
  });
});
