import { useQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { readStored, writeStored } from '../../lib/browser-storage';
import { loadSupabase } from '../../lib/supabase-client';
import { toDataError } from '../errors';
import { ebayKeys } from './keys';
import type { AccountId } from '../../domain/ids';

/** A finding of ebay_shelf_check(): a listing on no shelf, or a shelved item with no listing. */
export interface ShelfCheckRow {
  kind: 'listing' | 'item';
  listing_id: string | null;
  item_id: string | null;
  title: string;
  sku: string | null;
  quantity: number;
  location: string | null;
}

/** ebay_shelf_check(): what the marketplace and the shelves disagree on (issue #41). */
export async function fetchShelfCheck(): Promise<ShelfCheckRow[]> {
  const supabase = await loadSupabase();
  const { data, error } = await supabase.rpc('ebay_shelf_check');
  if (error) throw toDataError(error, 'The eBay check could not be loaded');
  return data as ShelfCheckRow[];
}

/** Read on the eBay Check screen and by the bell; a place or a link reads it again. */
export function useShelfCheck(accountId: AccountId, enabled: boolean) {
  return useQuery({
    queryKey: ebayKeys.shelfCheck(accountId),
    queryFn: fetchShelfCheck,
    enabled: enabled && Boolean(accountId),
    staleTime: 5 * 60_000,
  });
}

/** An order line of ebay_unpicked_lines(): not shipped, not picked, older than the days asked. */
export interface UnpickedLine {
  order_id: string;
  line_item_id: string;
  title: string;
  sku: string | null;
  quantity: number;
  ordered_at: string;
  item_id: string | null;
  item_name: string | null;
  location: string | null;
}

/** Order lines waiting longer than this many days are worth telling (the screen may choose). */
export const UNPICKED_DAYS = 2;

export async function fetchUnpickedLines(days: number): Promise<UnpickedLine[]> {
  const supabase = await loadSupabase();
  const { data, error } = await supabase.rpc('ebay_unpicked_lines', { p_days: days });
  if (error) throw toDataError(error, 'The unpicked order lines could not be loaded');
  return data as UnpickedLine[];
}

export function useUnpickedLines(accountId: AccountId, days: number, enabled: boolean) {
  return useQuery({
    queryKey: ebayKeys.unpicked(accountId, days),
    queryFn: () => fetchUnpickedLines(days),
    enabled: enabled && Boolean(accountId),
    staleTime: 5 * 60_000,
  });
}

// Whether the seller lists everything they stock: then a shelved item with no listing is worth
// telling. A choice of this device, like the last room.
const LIST_EVERYTHING_KEY = 'stockroom.ebayCheck.listEverything';
const listeners = new Set<() => void>();

export function setListsEverything(on: boolean): void {
  writeStored(LIST_EVERYTHING_KEY, on ? 'true' : null);
  for (const listener of listeners) listener();
}

export function useListsEverything(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => readStored(LIST_EVERYTHING_KEY) === 'true',
    () => false,
  );
}
