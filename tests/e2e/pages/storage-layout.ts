import type { SupabaseClient } from '@supabase/supabase-js';

/**
 * Arranges a seller's storage with the service role, as the inventory screen would have built
 * it: one room, isles 1..n, units A, B per isle, shelves 1..3 per unit. Returns shelf ids by
 * 'isle/unit/shelf' (e.g. '1/A/2') so tests can place items.
 */
export async function createLayout(
  admin: SupabaseClient,
  userId: string,
  opts: { roomName?: string; isles?: number } = {},
): Promise<Map<string, string>> {
  const room = await admin
    .from('storage_rooms')
    .insert({ user_id: userId, room_name: opts.roomName ?? 'Garage', room_index: 1 })
    .select('room_id')
    .single();
  if (room.error) throw room.error;
  const shelves = new Map<string, string>();
  for (let isleIndex = 1; isleIndex <= (opts.isles ?? 1); isleIndex += 1) {
    const isle = await admin
      .from('storage_isles')
      .insert({ user_id: userId, room_id: room.data.room_id, isle_index: isleIndex })
      .select('isle_id')
      .single();
    if (isle.error) throw isle.error;
    for (const [unitIndex, unitName] of ['A', 'B'].entries()) {
      const unit = await admin
        .from('storage_units')
        .insert({
          user_id: userId,
          isle_id: isle.data.isle_id,
          unit_name: unitName,
          unit_index: unitIndex + 1,
        })
        .select('unit_id')
        .single();
      if (unit.error) throw unit.error;
      const rows = await admin
        .from('storage_shelves')
        .insert(
          [1, 2, 3].map((shelfIndex) => ({
            user_id: userId,
            unit_id: unit.data.unit_id,
            shelf_index: shelfIndex,
          })),
        )
        .select('shelf_id, shelf_index');
      if (rows.error) throw rows.error;
      for (const shelf of rows.data as { shelf_id: string; shelf_index: number }[])
        shelves.set(`${isleIndex}/${unitName}/${shelf.shelf_index}`, shelf.shelf_id);
    }
  }
  return shelves;
}
