// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  escapeLike,
  hitFromItem,
  hitFromRow,
  hitLocationLabel,
  orFilterValue,
} from '../../../../src/data/items/search-hits';
import { shelfPlaces } from '../../../../src/data/storage/tree';
import type { Room } from '../../../../src/data/storage/types';
import type { Item } from '../../../../src/data/items/types';

const rooms: Room[] = [
  {
    room_id: 'r',
    room_name: 'Garage',
    room_index: 1,
    isles: [
      {
        isle_id: 'i',
        isle_index: 2,
        room_id: 'r',
        units: [
          {
            unit_id: 'u',
            unit_name: 'B',
            unit_type: 'bay',
            unit_index: 2,
            isle_id: 'i',
            naming_convention: 'alphabetical',
            shelves: [{ shelf_id: 's', shelf_index: 3, unit_id: 'u' }],
          },
        ],
      },
    ],
  },
];

const item: Item = {
  item_id: 'x',
  item_name: 'Teapot',
  quantity: 2,
  unit_id: 'u',
  shelf_id: 's',
  barcode: '123',
  sku: null,
  price_paid: null,
  expiry_date: null,
  reorder_level: null,
  created_at: '2026-01-01T00:00:00Z',
};

describe('search hits', () => {
  it('names a loaded item’s location room › isle › unit › shelf', () => {
    const hit = hitFromItem(item, shelfPlaces(rooms));
    expect(hitLocationLabel(hit.location)).toBe('Garage › Isle 2 › B › Shelf 3');
    expect(hit.location).toMatchObject({ roomId: 'r', shelfId: 's' });
  });

  it('an item whose shelf is unknown has no location to go to', () => {
    const hit = hitFromItem({ ...item, shelf_id: 'gone' }, shelfPlaces(rooms));
    expect(hit.location).toBeNull();
    expect(hitLocationLabel(hit.location)).toBe('Not on a shelf');
  });

  it('reads the server’s nested row the same way', () => {
    const hit = hitFromRow({
      item_id: 'x',
      item_name: 'Teapot',
      quantity: 2,
      barcode: '123',
      shelf_id: 's',
      storage_shelves: { shelf_index: 3 },
      storage_units: {
        unit_name: 'B',
        storage_isles: { isle_index: 2, room_id: 'r', storage_rooms: { room_name: 'Garage' } },
      },
    });
    expect(hit).toEqual(hitFromItem(item, shelfPlaces(rooms)));
  });

  it('escapes LIKE wildcards and quotes filter values', () => {
    expect(escapeLike('50%_off\\')).toBe('50\\%\\_off\\\\');
    expect(orFilterValue('%a,b(c)"d%')).toBe('"%a,b(c)\\"d%"');
  });
});
