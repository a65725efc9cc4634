import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase } from '../../lib/supabase';
import { toDataError } from '../errors';
import { inventoryRoot } from '../inventory-keys';
import type { MutationCallbacks } from '../mutation-callbacks';
import { sendOrQueue } from '../offline/outbox';
import { cachedPlace, newTempId, shelfLabel } from '../offline/shelf-label';
import { useItemsCache } from './items-cache';
import type { Item } from './types';
import type { AccountId } from '../../domain/ids';

export interface ScannedItemInput {
  barcode: string;
  /** Blank lets the database name it from the seller's item with that code, or 'Scanned item <code>'. */
  item_name?: string;
  /** How many were scanned; 1 when absent. */
  quantity?: number;
  /** The seller's item to raise by `quantity` instead of adding a new one. */
  item_id?: string;
}

export interface AddScannedResult {
  added: number;
  /** Scans that raised an item the seller already had. */
  increased?: number;
  /** In scan order, the item each scan went to. */
  item_ids: string[];
}

/**
 * Adds scans to a shelf in one call (public.add_scanned_items): all or none, within the item
 * limit, refused by the database below Power Seller.
 */
export async function addScannedItems(
  shelfId: string,
  items: readonly ScannedItemInput[],
): Promise<AddScannedResult> {
  const { data, error } = await supabase.rpc('add_scanned_items', {
    p_shelf_id: shelfId,
    p_items: items.map((item) => ({
      barcode: item.barcode,
      ...(item.item_name?.trim() ? { item_name: item.item_name.trim() } : {}),
      ...(item.quantity !== undefined && item.quantity !== 1 ? { quantity: item.quantity } : {}),
      ...(item.item_id ? { item_id: item.item_id } : {}),
    })),
  });
  if (error) throw toDataError(error);
  return data as unknown as AddScannedResult;
}

export interface ScannedItemsToAdd {
  shelfId: string;
  items: readonly ScannedItemInput[];
}

/**
 * The scans as the screen shows them before the database has them: an item scanned again is
 * raised, a new code becomes an item with a temporary id (named as the database would name it).
 */
export function showScans(
  items: readonly Item[],
  input: ScannedItemsToAdd,
  tempIds: readonly (string | null)[],
  unitId: string | null,
  now: string,
): Item[] {
  let shown = [...items];
  input.items.forEach((scan, index) => {
    const quantity = scan.quantity ?? 1;
    const tempId = tempIds[index];
    if (scan.item_id) {
      shown = shown.map((item) =>
        item.item_id === scan.item_id ? { ...item, quantity: item.quantity + quantity } : item,
      );
    } else if (tempId) {
      const known = items.find((item) => item.barcode === scan.barcode);
      shown = [
        {
          item_id: tempId,
          item_name: scan.item_name?.trim() || known?.item_name || `Scanned item ${scan.barcode}`,
          quantity,
          unit_id: unitId,
          shelf_id: input.shelfId,
          barcode: scan.barcode,
          sku: null,
          price_paid: null,
          expiry_date: null,
          reorder_level: null,
          created_at: now,
        },
        ...shown,
      ];
    }
  });
  return shown;
}

/**
 * Scans change items and shelves: the whole inventory (tree and items) is read again. Offline
 * (or with no answer) they are queued on the device and shown at once.
 */
export function useAddScannedItemsMutation(
  accountId: AccountId,
  { onSuccess, onError }: MutationCallbacks<AddScannedResult, ScannedItemsToAdd> = {},
) {
  const queryClient = useQueryClient();
  const cache = useItemsCache(accountId);
  return useMutation({
    mutationFn: (input: ScannedItemsToAdd) => {
      const tempIds = input.items.map((scan) => (scan.item_id ? null : newTempId()));
      return sendOrQueue(
        accountId,
        {
          kind: 'scan',
          args: [input.shelfId, input.items.map((scan) => ({ ...scan }))],
          tempIds,
          place: shelfLabel(queryClient, accountId, input.shelfId),
        },
        () => addScannedItems(input.shelfId, input.items),
        (): AddScannedResult => {
          const unitId = cachedPlace(queryClient, accountId, input.shelfId)?.unit.unit_id ?? null;
          const now = new Date().toISOString();
          cache.apply((items) => showScans(items, input, tempIds, unitId, now));
          const raised = input.items.filter((scan) => scan.item_id).length;
          return {
            added: input.items.length - raised,
            increased: raised,
            item_ids: input.items.map((scan, index) => scan.item_id ?? tempIds[index] ?? ''),
          };
        },
      );
    },
    onSuccess,
    onError,
    onSettled: () => queryClient.invalidateQueries({ queryKey: inventoryRoot(accountId) }),
  });
}
