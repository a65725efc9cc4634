/**
 * localStorage that never throws. Private modes, policies and full quotas make it fail; what the
 * app keeps there is only ever a convenience (the last room, hints for a faster load), so a
 * failure reads as nothing stored and a write is simply skipped.
 */
export function readStored(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

/**
 * Stores `value` under `key`, or removes the key when `value` is null. A value already stored is
 * not written again: a write costs the page a few milliseconds (the browser hands it to another
 * process), and the hints are rewritten on every visit with what is usually the same value.
 */
export function writeStored(key: string, value: string | null): void {
  try {
    if (window.localStorage.getItem(key) === value) return;
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // unavailable or full: see above
  }
}

/** sessionStorage (this tab only, kept across reloads, gone with the tab) that never throws. */
export function readTabStored(key: string): string | null {
  try {
    return window.sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

/** Stores `value` under `key` for this tab, or removes the key when `value` is null. */
export function writeTabStored(key: string, value: string | null): void {
  try {
    if (value === null) window.sessionStorage.removeItem(key);
    else window.sessionStorage.setItem(key, value);
  } catch {
    // unavailable or full: a convenience, as above
  }
}
