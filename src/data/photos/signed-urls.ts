import { useQuery } from '@tanstack/react-query';
import { PHOTO_BUCKET } from '../../domain/photos';
import { supabase } from '../../lib/supabase';
import { toDataError } from '../errors';
import { photoKeys } from './keys';
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

const waiting = new Map<string, Waiting[]>();
let flushing: ReturnType<typeof setTimeout> | null = null;

async function signBatch(names: string[]): Promise<void> {
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
    const callers = waiting.get(name) ?? [];
    waiting.delete(name);
    const url = answers.get(name);
    for (const caller of callers) {
      if (url) caller.resolve(url);
      else caller.reject(failure ?? toDataError(new Error('The photo is not there')));
    }
  }
}

function flush(): void {
  flushing = null;
  const names = [...waiting.keys()];
  for (let i = 0; i < names.length; i += BATCH) void signBatch(names.slice(i, i + BATCH));
}

/** A signed address of one file of the bucket, asked together with the others of this tick. */
export function signedPhotoUrl(objectName: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const callers = waiting.get(objectName);
    if (callers) callers.push({ resolve, reject });
    else waiting.set(objectName, [{ resolve, reject }]);
    flushing ??= setTimeout(flush, 0);
  });
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
