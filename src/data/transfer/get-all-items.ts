import { supabase } from '../../lib/supabase';
import { toDataError } from '../errors';

/** PostgREST hands out at most 1000 rows per request (SPEC 9: paged fetch 1000). */
export const PAGE_SIZE = 1000;

const ITEM_COLUMNS =
  'item_id, item_name, quantity, unit_id, shelf_id, barcode, sku, price_paid, expiry_date, active, created_at, updated_at';

/**
 * Every item of the seller, oldest first. Export writes them in this order because import gives
 * rows increasing created_at in file order, so export → import → export yields the same file.
 */
export async function getAllItems(userId: string) {
  const pages = [];
  for (let from = 0; ; from += PAGE_SIZE) {
    const { data, error } = await supabase
      .from('storage_items')
      .select(ITEM_COLUMNS)
      .eq('user_id', userId)
      .order('created_at', { ascending: true })
      .order('item_id', { ascending: true })
      .range(from, from + PAGE_SIZE - 1);
    if (error) throw toDataError(error);
    pages.push(...data);
    if (data.length < PAGE_SIZE) return pages;
  }
}

export type ExportedItem = Awaited<ReturnType<typeof getAllItems>>[number];
