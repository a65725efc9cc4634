import { texts } from '../../lib/messages';

/**
 * The OAuth `state` of the eBay connection (docs/product.md#ebay): made in the browser with
 * crypto.getRandomValues, kept in sessionStorage (this tab only, gone when it closes) until eBay
 * sends the seller back, and compared there. Only the state is stored: never a code or token.
 */
export const STATE_STORAGE_KEY = 'stockroom.ebay.oauthState';

export function createState(
  random: (bytes: Uint8Array) => Uint8Array = (b) => crypto.getRandomValues(b),
): string {
  const bytes = random(new Uint8Array(32));
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function rememberState(state: string, storage: Storage = sessionStorage): void {
  storage.setItem(STATE_STORAGE_KEY, state);
}

/** The stored state, removed so it can be used once only. */
export function takeState(storage: Storage = sessionStorage): string | null {
  const state = storage.getItem(STATE_STORAGE_KEY);
  storage.removeItem(STATE_STORAGE_KEY);
  return state;
}

export type CallbackCheck =
  | { ok: true; code: string }
  | { ok: false; reason: 'invalid_state' | 'invalid_params' | 'declined'; message: string };

/**
 * What eBay's redirect says: the state must be the one we stored ('Invalid state parameter'),
 * then a code must be there ('Invalid callback parameters'); eBay's own error (the seller
 * declined) is reported as a failed connection.
 */
export function checkCallback(params: URLSearchParams, storedState: string | null): CallbackCheck {
  const state = params.get('state');
  if (!state || !storedState || state !== storedState) {
    return { ok: false, reason: 'invalid_state', message: texts.invalidState };
  }
  if (params.get('error')) {
    return { ok: false, reason: 'declined', message: 'Failed to connect' };
  }
  const code = params.get('code');
  if (!code) return { ok: false, reason: 'invalid_params', message: 'Invalid callback parameters' };
  return { ok: true, code };
}
