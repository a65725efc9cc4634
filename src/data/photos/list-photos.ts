import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '../../lib/supabase';
import { allPages } from '../all-pages';
import { toDataError } from '../errors';
import { photoKeys } from './keys';
import type { ItemPhoto, PhotosByItem } from './types';
import type { AccountId } from '../../domain/ids';

/** Every photo of the account, by item and position (one round for up to 1000 photos). */
export async function listPhotos(accountId: AccountId): Promise<ItemPhoto[]> {
  return allPages<ItemPhoto>(
    (from, to, withCount) =>
      supabase
        .from('item_photos')
        .select('*', withCount ? { count: 'exact' } : undefined)
        .eq('account_id', accountId)
        .order('item_id')
        .order('position')
        .order('photo_id')
        .range(from, to),
    { key: (row) => row.photo_id },
  ).catch((error: unknown) => {
    throw toDataError(error);
  });
}

let lastList: readonly ItemPhoto[] | null = null;
let lastMap: PhotosByItem = new Map();

/**
 * The photos grouped by item, each item's in position order. Every row's thumbnail observes the
 * list, so the grouping is made once per answer and shared, not once per row.
 */
export function byItem(photos: readonly ItemPhoto[]): PhotosByItem {
  if (photos === lastList) return lastMap;
  lastList = photos;
  lastMap = groupByItem(photos);
  return lastMap;
}

function groupByItem(photos: readonly ItemPhoto[]): PhotosByItem {
  const map = new Map<string, ItemPhoto[]>();
  for (const photo of photos) {
    const list = map.get(photo.item_id);
    if (list) list.push(photo);
    else map.set(photo.item_id, [photo]);
  }
  for (const list of map.values()) list.sort((a, b) => a.position - b.position);
  return map;
}

export function photosQueryOptions(accountId: AccountId) {
  return queryOptions({
    queryKey: photoKeys.list(accountId),
    queryFn: () => listPhotos(accountId),
    select: byItem,
    staleTime: 60_000,
  });
}

/** The account's photos by item; an empty map while loading or when they cannot be read. */
export function usePhotosByItem(accountId: AccountId): PhotosByItem {
  const { data } = useQuery(photosQueryOptions(accountId));
  return data ?? EMPTY;
}

const EMPTY: PhotosByItem = new Map();
