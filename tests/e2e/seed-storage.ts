import type { SupabaseClient } from '@supabase/supabase-js';

export interface SeededItem {
  item_name: string;
  expiry_date?: string | null;
  quantity?: number;
  reorder_level?: number | null;
}

/**
 * A room > isle > unit > shelf for a seller, and items on the shelf, written with the service
 * role as if the seller had added them earlier. Returns the item ids in the given order.
 */
export async function seedStorage(
  admin: SupabaseClient,
  userId: string,
  items: readonly SeededItem[],
): Promise<{ itemIds: string[]; shelfId: string; unitId: string }> {
  const room = await admin
    .from('storage_rooms')
    .insert({ user_id: userId, room_name: 'Garage' })
    .select('room_id')
    .single();
  if (room.error) throw room.error;
  const isle = await admin
    .from('storage_isles')
    .insert({ user_id: userId, room_id: room.data.room_id, isle_index: 1 })
    .select('isle_id')
    .single();
  if (isle.error) throw isle.error;
  const unit = await admin
    .from('storage_units')
    .insert({ user_id: userId, isle_id: isle.data.isle_id, unit_name: 'A', unit_index: 1 })
    .select('unit_id')
    .single();
  if (unit.error) throw unit.error;
  const shelf = await admin
    .from('storage_shelves')
    .insert({ user_id: userId, unit_id: unit.data.unit_id, shelf_index: 1 })
    .select('shelf_id')
    .single();
  if (shelf.error) throw shelf.error;
  const itemIds: string[] = [];
  for (const item of items) {
    const row = await admin
      .from('storage_items')
      .insert({
        user_id: userId,
        shelf_id: shelf.data.shelf_id,
        unit_id: unit.data.unit_id,
        quantity: item.quantity ?? 1,
        item_name: item.item_name,
        expiry_date: item.expiry_date ?? null,
        reorder_level: item.reorder_level ?? null,
      })
      .select('item_id')
      .single();
    if (row.error) throw row.error;
    itemIds.push(row.data.item_id as string);
  }
  return { itemIds, shelfId: shelf.data.shelf_id, unitId: unit.data.unit_id };
}

/** The local calendar date `days` from today, 'YYYY-MM-DD', as the browser on this machine sees it. */
export function localDatePlus(days: number): string {
  const date = new Date();
  date.setDate(date.getDate() + days);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Puts a seller on a plan the way the server does (service role writes the subscription). */
export async function setSellerPlan(admin: SupabaseClient, userId: string, plan: string) {
  const { error } = await admin
    .from('subscriptions')
    .update({ plan_id: plan, status: 'active' })
    .eq('user_id', userId);
  if (error) throw error;
}
