import { supabase } from '../../lib/supabase';
import { allPages } from '../all-pages';
import type { AccountId } from '../../domain/ids';

const ITEM_COLUMNS =
  'item_id, item_name, quantity, unit_id, shelf_id, barcode, sku, price_paid, expiry_date, reorder_level, active, created_at, updated_at';

/**
 * Every item of the seller, oldest first. Export writes them in this order because import gives
 * rows increasing created_at in file order, so export → import → export yields the same file.
 */
export function getAllItems(accountId: AccountId) {
  return allPages(
    (from, to, withCount) =>
      supabase
        .from('storage_items')
        .select(ITEM_COLUMNS, withCount ? { count: 'exact' } : undefined)
        .eq('account_id', accountId)
        .order('created_at', { ascending: true })
        .order('item_id', { ascending: true })
        .range(from, to),
    { key: (item) => item.item_id },
  );
}

export type ExportedItem = Awaited<ReturnType<typeof getAllItems>>[number];
