import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { PHOTO_BUCKET, pictureOf } from '../../domain/photos';
import { readTabStored, writeTabStored } from '../../lib/browser-storage';
import { supabase } from '../../lib/supabase';
import { whenIdle } from '../../lib/when-idle';
import { toDataError } from '../errors';
import { photoKeys } from './keys';
import { photosQueryOptions } from './list-photos';
import type { AccountId } from '../../domain/ids';

/** How long a signed address works; the cache asks for a new one well before it ends. */
const URL_SECONDS = 60 * 60;
const URL_FRESH_MS = 45 * 60 * 1000;
/** createSignedUrls takes many names at once: the rows shown in one render share one request. */
const BATCH = 200;

interface Waiting {
  resolve: (url: string) => void;
  reject: (error: unknown) => void;
}

/** Names not yet asked for, with everyone waiting for each. */
const waiting = new Map<string, Waiting[]>();
/** Those of them something on screen shows: asked for first, in a request of their own. */
const onScreen = new Set<string>();
/** On-screen requests not answered yet: the other names wait for them. */
let screenRequests = 0;
let flushing: ReturnType<typeof setTimeout> | null = null;

function schedule(): void {
  flushing ??= setTimeout(flush, 0);
}

async function signBatch(names: string[], callers: Map<string, Waiting[]>): Promise<void> {
  const answers = new Map<string, string>();
  let failure: unknown = null;
  try {
    const { data, error } = await supabase.storage
      .from(PHOTO_BUCKET)
      .createSignedUrls(names, URL_SECONDS);
    if (error) throw toDataError(error);
    for (const entry of data)
      if (entry.path && entry.signedUrl) answers.set(entry.path, entry.signedUrl);
  } catch (error) {
    failure = error;
  }
  for (const name of names) {
    const url = answers.get(name);
    for (const caller of callers.get(name) ?? []) {
      if (url) caller.resolve(url);
      else caller.reject(failure ?? toDataError(new Error('The photo is not there')));
    }
  }
}

/**
 * Asks for what waits: the names on screen first, alone, so their thumbnails do not wait behind
 * the rows drawn out of sight (each name costs Storage a policy check and a token); those follow
 * once the screen's are answered.
 */
function flush(): void {
  flushing = null;
  const first = [...waiting.keys()].filter((name) => onScreen.has(name));
  const urgent = first.length > 0;
  const names = urgent ? first : screenRequests === 0 ? [...waiting.keys()] : [];
  for (let i = 0; i < names.length; i += BATCH) {
    const batch = names.slice(i, i + BATCH);
    const callers = new Map<string, Waiting[]>();
    for (const name of batch) {
      callers.set(name, waiting.get(name) ?? []);
      waiting.delete(name);
      onScreen.delete(name);
    }
    if (urgent) screenRequests++;
    void signBatch(batch, callers).finally(() => {
      if (urgent) screenRequests--;
      if (waiting.size > 0) schedule();
    });
  }
}

/**
 * A signed address of one file of the bucket, asked together with the others of this tick.
 * `later`: for something out of sight, asked for after what is on screen.
 */
export function signedPhotoUrl(objectName: string, { later = false } = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const callers = waiting.get(objectName);
    if (callers) callers.push({ resolve, reject });
    else waiting.set(objectName, [{ resolve, reject }]);
    if (!later) onScreen.add(objectName);
    schedule();
  });
}

/** Something showing `objectName` came on screen: if it is still waiting, it goes first. */
export function hurrySignedPhotoUrl(objectName: string): void {
  if (!waiting.has(objectName) || onScreen.has(objectName)) return;
  onScreen.add(objectName);
  schedule();
}

/** The signed address of a photo or thumbnail (null: none, or not yet). */
export function usePhotoUrl(accountId: AccountId, objectName: string | null | undefined) {
  const { data } = useQuery({
    queryKey: photoKeys.url(accountId, objectName ?? ''),
    queryFn: () => signedPhotoUrl(objectName!),
    enabled: Boolean(objectName),
    staleTime: URL_FRESH_MS,
    gcTime: URL_SECONDS * 1000,
    retry: 1,
  });
  return objectName ? (data ?? null) : null;
}

// The thumbnails' addresses this tab was given, kept across reloads (sessionStorage: gone with
// the tab, dropped at sign-out) so a reopened inventory shows them from the browser's cache at
// once, without waiting for the photo list and the signing again. Kept by item, as long as the
// cache would keep them fresh; the photo list, once read, says whether each still holds.
const TAB_KEY = 'stockroom.thumbUrls';
/** The rows a seller scrolled past recently; more would only slow the tab's reads and writes. */
const TAB_MAX = 400;

/** One item's thumbnail as last signed: its file, the address and when it was signed. */
export interface KeptThumb {
  name: string;
  url: string;
  signedAt: number;
}

type Kept = Map<string, KeptThumb>;
let kept: Kept | null = null;
let writing: (() => void) | null = null;

const keyOf = (accountId: AccountId, itemId: string) => `${accountId}/${itemId}`;

function keptThumbs(): Kept {
  if (kept) return kept;
  kept = new Map();
  supabase.auth.onAuthStateChange((event) => {
    if (event === 'SIGNED_OUT') forgetKeptThumbs();
  });
  try {
    const stored = JSON.parse(readTabStored(TAB_KEY) ?? '[]') as unknown;
    if (Array.isArray(stored))
      for (const entry of stored as unknown[]) {
        if (!Array.isArray(entry) || entry.length !== 4) continue;
        const [key, name, url, signedAt] = entry as unknown[];
        if (typeof key === 'string' && typeof name === 'string' && typeof url === 'string')
          if (typeof signedAt === 'number') kept.set(key, { name, url, signedAt });
      }
  } catch {
    // unreadable: start again
  }
  return kept;
}

function writeSoon(): void {
  writing ??= whenIdle(() => {
    writing = null;
    const now = Date.now();
    const entries = [...keptThumbs()]
      .filter(([, thumb]) => now - thumb.signedAt < URL_FRESH_MS)
      .sort((a, b) => b[1].signedAt - a[1].signedAt)
      .slice(0, TAB_MAX);
    writeTabStored(
      TAB_KEY,
      JSON.stringify(entries.map(([key, t]) => [key, t.name, t.url, t.signedAt])),
    );
  }, 2000);
}

/** The item's thumbnail as this tab last had it, while its address is fresh; else null. */
export function keptThumb(accountId: AccountId, itemId: string): KeptThumb | null {
  const thumb = keptThumbs().get(keyOf(accountId, itemId));
  return thumb && Date.now() - thumb.signedAt < URL_FRESH_MS ? thumb : null;
}

/** Keeps (or, with null, lets go of) the item's thumbnail for this tab. */
export function keepThumb(accountId: AccountId, itemId: string, thumb: KeptThumb | null): void {
  const all = keptThumbs();
  const key = keyOf(accountId, itemId);
  const before = all.get(key);
  if (thumb ? before?.url === thumb.url : !before) return;
  if (thumb) all.set(key, thumb);
  else all.delete(key);
  writeSoon();
}

/** Drops every kept thumbnail (signing out). */
export function forgetKeptThumbs(): void {
  kept = new Map();
  writing?.();
  writing = null;
  writeTabStored(TAB_KEY, null);
}

/**
 * The signed address of an item's thumbnail (null: none, or not yet), and whether the answer
 * depends on the row being on screen (only a row with a picture needs watching). Until the photo
 * list is read, the address this tab last had for the item stands in for it. `shown`: whether
 * the row is on screen (null while not known yet); one out of sight is signed after those in
 * sight.
 */
export function useItemThumbUrl(
  accountId: AccountId,
  itemId: string,
  shown: boolean | null,
): [url: string | null, watch: boolean] {
  const { data: photos } = useQuery(photosQueryOptions(accountId));
  const listed = photos
    ? (pictureOf((photos.get(itemId) ?? []).map((p) => ({ ...p, photoId: p.photo_id })))
        ?.thumb_name ?? null)
    : undefined;
  const before = keptThumb(accountId, itemId);
  const name = listed === undefined ? (before?.name ?? null) : listed;
  const initial = before && before.name === name ? before : null;
  const { data, dataUpdatedAt } = useQuery({
    queryKey: photoKeys.url(accountId, name ?? ''),
    queryFn: () => signedPhotoUrl(name!, { later: !shown }),
    enabled: Boolean(name) && shown !== null,
    initialData: initial?.url,
    initialDataUpdatedAt: initial?.signedAt,
    staleTime: URL_FRESH_MS,
    gcTime: URL_SECONDS * 1000,
    retry: 1,
  });
  useEffect(() => {
    if (shown && name) hurrySignedPhotoUrl(name);
  }, [shown, name]);
  useEffect(() => {
    if (listed === null) keepThumb(accountId, itemId, null);
    else if (name && data)
      keepThumb(accountId, itemId, { name, url: data, signedAt: dataUpdatedAt });
  }, [accountId, itemId, listed, name, data, dataUpdatedAt]);
  return [name ? (data ?? null) : null, Boolean(name)];
}
