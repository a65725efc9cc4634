import { useMutation } from '@tanstack/react-query';
import { supabase } from '../../lib/supabase';
import { exportItemsCsv } from '../../domain/csv-escape';
import { toDataError } from '../errors';
import { getStorageTree } from '../storage/get-storage-tree';
import { allPages } from '../all-pages';
import { getAllItems } from './get-all-items';
import { listPhotos } from '../photos/list-photos';
import { PHOTO_BUCKET } from '../../domain/photos';
import type { AccountId, UserId } from '../../domain/ids';

export const JSON_EXPORT_VERSION = 2;

/** How long the export's photo links work: long enough to use the file, not forever. */
const PHOTO_LINK_SECONDS = 7 * 24 * 60 * 60;

/**
 * Each item's picture as a signed link (the bucket is private): one a seller can open from a
 * spreadsheet or hand to a listing tool without signing in, for a week.
 */
async function photoLinks(accountId: AccountId): Promise<Map<string, string>> {
  const pictures = new Map<string, string>();
  for (const photo of await listPhotos(accountId)) {
    const current = pictures.get(photo.item_id);
    if (current === undefined || photo.position === 0)
      pictures.set(photo.item_id, photo.object_name);
  }
  const links = new Map<string, string>();
  const entries = [...pictures];
  for (let i = 0; i < entries.length; i += 1000) {
    const chunk = entries.slice(i, i + 1000);
    const { data, error } = await supabase.storage.from(PHOTO_BUCKET).createSignedUrls(
      chunk.map(([, name]) => name),
      PHOTO_LINK_SECONDS,
    );
    if (error) throw toDataError(error);
    const byName = new Map(data.map((d) => [d.path, d.signedUrl]));
    for (const [itemId, name] of chunk) {
      const url = byName.get(name);
      if (url) links.set(itemId, url);
    }
  }
  return links;
}

/**
 * The items CSV: the import template's columns, so the file imports back unchanged, and a last
 * Photo column with a link to each item's picture (import ignores it).
 */
export async function exportItemsFile(
  accountId: AccountId,
): Promise<{ csv: string; count: number }> {
  const [items, rooms, links] = await Promise.all([
    getAllItems(accountId),
    getStorageTree(),
    photoLinks(accountId),
  ]);
  return { csv: exportItemsCsv(items, rooms, links), count: items.length };
}

function allLogs(accountId: AccountId) {
  return allPages(
    (from, to, withCount) =>
      supabase
        .from('storage_logs')
        .select(
          'log_id, action, details, user_email, timestamp',
          withCount ? { count: 'exact' } : undefined,
        )
        .eq('account_id', accountId)
        .order('timestamp', { ascending: false })
        .order('log_id', { ascending: false })
        .range(from, to),
    { key: (log) => log.log_id },
  );
}

/** The user who asks for the export: named in the file beside the account it holds. */
export interface ExportedBy {
  id: UserId;
  email: string | undefined;
}

/**
 * Everything the seller owns, as one JSON document: storage with every column (3D positions,
 * camera, unit types), items, preferences, subscription, marketplace listings placed or hidden,
 * dismissed notifications and the activity log. Left out on purpose: eBay tokens (a file on a
 * seller's desktop must not carry live credentials), the cached eBay inventory (eBay's copy of
 * eBay's data, refetched on demand) and backups (earlier copies of this same data).
 */
export async function exportAllData(accountId: AccountId, exportedBy: ExportedBy) {
  const [rooms, items, preferences, subscription, listings, dismissed, logs] = await Promise.all([
    supabase
      .from('storage_rooms')
      .select('*, isles:storage_isles(*, units:storage_units(*, shelves:storage_shelves(*)))')
      .eq('account_id', accountId)
      .order('room_index'),
    getAllItems(accountId),
    supabase.from('user_preferences').select('*').eq('account_id', accountId).maybeSingle(),
    supabase
      .from('subscriptions')
      .select('plan_id, status, cancel_at, target_plan_id, created_at, updated_at')
      .eq('account_id', accountId)
      .maybeSingle(),
    supabase
      .from('ebay_processed_listings')
      .select('listing_id, title, quantity, image_url, sku, display, created_at, updated_at')
      .eq('account_id', accountId)
      .order('created_at'),
    supabase
      .from('dismissed_notifications')
      .select('notification_id, item_id, dismissed_at')
      .eq('account_id', accountId)
      .order('dismissed_at'),
    allLogs(accountId),
  ]);
  if (rooms.error) throw toDataError(rooms.error);
  if (preferences.error) throw toDataError(preferences.error);
  if (subscription.error) throw toDataError(subscription.error);
  if (listings.error) throw toDataError(listings.error);
  if (dismissed.error) throw toDataError(dismissed.error);
  return {
    version: JSON_EXPORT_VERSION,
    exported_at: new Date().toISOString(),
    // Version 2: the account whose stockroom this is, and the person who exported it (version 1
    // had one `user` holding the account's id and the person's e-mail).
    account: { id: accountId },
    exported_by: { id: exportedBy.id, email: exportedBy.email ?? null },
    subscription: subscription.data,
    preferences: preferences.data,
    rooms: rooms.data,
    items,
    marketplace_listings: listings.data,
    dismissed_notifications: dismissed.data,
    logs,
  };
}

export type FullExport = Awaited<ReturnType<typeof exportAllData>>;

/** Exports the items CSV and hands it to `save` (the download); resolves to how many items. */
export function useExportItemsCsv(accountId: AccountId, save: (csv: string) => void) {
  return useMutation({
    mutationFn: async () => {
      const { csv, count } = await exportItemsFile(accountId);
      save(csv);
      return count;
    },
  });
}

/** Exports everything as one document and hands it to `save`; resolves to how many items. */
export function useExportAllData(
  accountId: AccountId,
  exportedBy: ExportedBy,
  save: (data: FullExport) => void,
) {
  return useMutation({
    mutationFn: async () => {
      const data = await exportAllData(accountId, exportedBy);
      save(data);
      return data.items.length;
    },
  });
}
