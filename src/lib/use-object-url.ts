import { useEffect } from 'react';

/** Each shown Blob's address and how many mounted components show it. */
const made = new Map<Blob, { url: string; users: number }>();

function addressOf(blob: Blob): string {
  let entry = made.get(blob);
  if (!entry) made.set(blob, (entry = { url: URL.createObjectURL(blob), users: 0 }));
  return entry.url;
}

/** How long an address no component shows is kept, for one shown again at once (a remount). */
const REVOKE_AFTER_MS = 1_000;

/**
 * An address the page can show a Blob at (a photo kept on the device): one per Blob, shared by
 * every component showing it (the row's thumbnail and the dialog), revoked once none does, so the
 * browser lets go of the file.
 */
export function useObjectUrl(blob: Blob | null | undefined): string | null {
  const url = blob ? addressOf(blob) : null;
  useEffect(() => {
    if (!blob) return;
    addressOf(blob);
    const entry = made.get(blob)!;
    entry.users += 1;
    return () => {
      entry.users -= 1;
      setTimeout(() => {
        if (entry.users > 0 || made.get(blob) !== entry) return;
        made.delete(blob);
        URL.revokeObjectURL(entry.url);
      }, REVOKE_AFTER_MS);
    };
  }, [blob]);
  return url;
}
