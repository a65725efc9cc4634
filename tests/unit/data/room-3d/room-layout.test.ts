// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { toRoomLayout } from '../../../../src/data/room-3d/room-layout';

describe('toRoomLayout', () => {
  it('renames the nested PostgREST levels and sorts isles by number', () => {
    const layout = toRoomLayout({
      room_id: 'r',
      room_name: 'Garage',
      camera_position_x: 1,
      camera_position_y: 2,
      camera_position_z: 3,
      camera_target_x: null,
      camera_target_y: null,
      camera_target_z: null,
      storage_isles: [
        {
          isle_id: 'b',
          isle_index: 2,
          position_x: 0,
          position_z: 0,
          rotation_y: 0,
          storage_units: [],
        },
        {
          isle_id: 'a',
          isle_index: 1,
          position_x: 4,
          position_z: -2,
          rotation_y: Math.PI,
          storage_units: [
            {
              unit_id: 'u',
              unit_name: 'A',
              unit_type: 'bin',
              unit_index: 1,
              storage_shelves: [{ shelf_id: 's', shelf_index: 1 }],
            },
          ],
        },
      ],
    });
    expect(layout.isles.map((isle) => isle.isle_id)).toEqual(['a', 'b']);
    expect(layout.isles[0]).toEqual({
      isle_id: 'a',
      isle_index: 1,
      position_x: 4,
      position_z: -2,
      rotation_y: Math.PI,
      units: [
        {
          unit_id: 'u',
          unit_name: 'A',
          unit_type: 'bin',
          unit_index: 1,
          shelves: [{ shelf_id: 's', shelf_index: 1 }],
        },
      ],
    });
    expect(layout.camera_position_y).toBe(2);
    expect('storage_isles' in layout).toBe(false);
  });
});
