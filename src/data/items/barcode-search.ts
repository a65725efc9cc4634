import { toDataError } from '../errors';
import type { SupabaseClient } from '@supabase/supabase-js';
import { QUICK_SEARCH_LIMIT } from '../../domain/search';
import type { Database } from '../../lib/database.types';
import {
  escapeLike,
  hitFromRow,
  orFilterValue,
  type BarcodeSearchRow,
  type SearchHit,
} from './search-hits';

const HIT_SELECT =
  'item_id, item_name, quantity, barcode, shelf_id, created_at, storage_shelves(shelf_index), storage_units(unit_name, storage_isles(isle_index, room_id, storage_rooms(room_name)))';

/**
 * The barcode search (docs/product.md#search) on the server, with each hit's unit, isle and room
 * names embedded: the items whose barcode is exactly the text (a scan, case-insensitive) when there
 * are any, otherwise those whose name or barcode contains it. Both asked at once; newest first, 10
 * at most.
 */
export async function searchItemsByBarcode(
  client: SupabaseClient<Database>,
  query: string,
  limit = QUICK_SEARCH_LIMIT,
): Promise<SearchHit[]> {
  const text = query.trim();
  if (text === '') return [];
  const pattern = escapeLike(text);
  const [exact, containing] = await Promise.all([
    client
      .from('storage_items')
      .select(HIT_SELECT)
      .ilike('barcode', pattern)
      .order('created_at', { ascending: false })
      .limit(limit),
    client
      .from('storage_items')
      .select(HIT_SELECT)
      .or(
        `item_name.ilike.${orFilterValue(`%${pattern}%`)},barcode.ilike.${orFilterValue(`%${pattern}%`)}`,
      )
      .order('created_at', { ascending: false })
      .limit(limit),
  ]);
  if (exact.error) throw toDataError(exact.error);
  if (containing.error) throw toDataError(containing.error);
  const rows = (exact.data.length > 0
    ? exact.data
    : containing.data) as unknown as BarcodeSearchRow[];
  return rows.map(hitFromRow);
}
