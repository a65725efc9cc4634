import type { TreeRoom } from '../../../src/domain/storage-tree';

/**
 * A small stockroom: Garage (isles 1 and 2) and Loft (isle 1), with units named and numbered the
 * way the product creates them. Passed out of order on purpose, as a query might return it.
 */
export const storage: TreeRoom[] = [
  {
    room_id: 'loft',
    room_name: 'Loft',
    room_index: 2,
    isles: [
      {
        isle_id: 'loft-1',
        isle_index: 1,
        units: [
          {
            unit_id: 'loft-1-a',
            unit_name: 'A',
            unit_index: 1,
            unit_type: 'bin',
            shelves: [{ shelf_id: 'loft-1-a-1', shelf_index: 1 }],
          },
        ],
      },
    ],
  },
  {
    room_id: 'garage',
    room_name: 'Garage',
    room_index: 1,
    isles: [
      {
        isle_id: 'garage-2',
        isle_index: 2,
        units: [
          {
            unit_id: 'garage-2-a',
            unit_name: 'A',
            unit_index: 1,
            unit_type: 'cabinet',
            shelves: [{ shelf_id: 'garage-2-a-1', shelf_index: 1 }],
          },
        ],
      },
      {
        isle_id: 'garage-1',
        isle_index: 1,
        units: [
          {
            unit_id: 'garage-1-b',
            unit_name: 'B',
            unit_index: 2,
            unit_type: 'box',
            shelves: [
              { shelf_id: 'garage-1-b-2', shelf_index: 2 },
              { shelf_id: 'garage-1-b-1', shelf_index: 1 },
            ],
          },
          {
            unit_id: 'garage-1-a',
            unit_name: 'A',
            unit_index: 1,
            unit_type: 'bay',
            shelves: [
              { shelf_id: 'garage-1-a-1', shelf_index: 1 },
              { shelf_id: 'garage-1-a-2', shelf_index: 2 },
              { shelf_id: 'garage-1-a-3', shelf_index: 3 },
            ],
          },
        ],
      },
    ],
  },
];
