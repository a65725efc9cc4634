import type { EbayInventoryEntry } from '../../src/domain/ebay-inventory.ts';
import { supabaseAdmin } from './supabase-admin.ts';
import type { AccountId } from '../../src/domain/ids.ts';

/**
 * A sync that reads eBay page by page across function calls. Netlify ends a synchronous
 * function at 10 s, and an Elite seller's inventory is 50 eBay pages of a few hundred
 * milliseconds each: each call reads pages while its budget lasts (a page that starts within
 * the budget may take PAGE_TIMEOUT_MS more), records where to go on in public.ebay_syncs, and
 * tells the browser how far it got; the browser calls again with ?continue=1 until done.
 */

/** eBay time one call may start pages in; with one slow page after it, still well under 10 s. */
export const CALL_BUDGET_MS = 4_000;

export type SyncKind = 'inventory' | 'listings';

export interface SyncState {
  kind: SyncKind;
  started_at: string;
  phase: 'inventory' | 'listings';
  next_page: number;
  /** eBay's link to the next Sell Inventory page (its `next`); null before the first page. */
  next_href: string | null;
  total_pages: number | null;
  total_entries: number | null;
  fetched: number;
  complete: boolean;
  items: EbayInventoryEntry[];
}

/** What the browser is told while a sync is under way. */
export interface SyncProgress {
  done: boolean;
  /** Entries read so far and eBay's total, when known. */
  fetched: number;
  total: number | null;
}

export function budget(ms = CALL_BUDGET_MS): () => boolean {
  const until = Date.now() + ms;
  return () => Date.now() < until;
}

export async function readSync(accountId: AccountId, kind: SyncKind): Promise<SyncState | null> {
  const { data, error } = await supabaseAdmin()
    .from('ebay_syncs')
    .select(
      'kind, started_at, phase, next_page, next_href, total_pages, total_entries, fetched, complete, items',
    )
    .eq('account_id', accountId)
    .eq('kind', kind)
    .maybeSingle();
  if (error) throw new Error(`sync read failed: ${error.message}`);
  return data as SyncState | null;
}

/** A fresh sync, replacing any abandoned one of the same kind. */
export async function startSync(accountId: AccountId, kind: SyncKind): Promise<SyncState> {
  const state: SyncState = {
    kind,
    started_at: new Date().toISOString(),
    phase: kind === 'listings' ? 'listings' : 'inventory',
    next_page: 1,
    next_href: null,
    total_pages: null,
    total_entries: null,
    fetched: 0,
    complete: true,
    items: [],
  };
  await saveSync(accountId, state);
  return state;
}

export async function saveSync(accountId: AccountId, state: SyncState): Promise<void> {
  const { error } = await supabaseAdmin()
    .from('ebay_syncs')
    .upsert(
      { account_id: accountId, ...state, updated_at: new Date().toISOString() },
      {
        onConflict: 'account_id,kind',
      },
    );
  if (error) throw new Error(`sync write failed: ${error.message}`);
}

export async function endSync(accountId: AccountId, kind: SyncKind): Promise<void> {
  const { error } = await supabaseAdmin()
    .from('ebay_syncs')
    .delete()
    .eq('account_id', accountId)
    .eq('kind', kind);
  if (error) throw new Error(`sync cleanup failed: ${error.message}`);
}

export function progressOf(state: SyncState, done: boolean): SyncProgress {
  return { done, fetched: state.fetched, total: state.total_entries };
}

/** Whether the request continues a sync (?continue=1) rather than starting one. */
export function continuing(req: Request): boolean {
  return new URL(req.url).searchParams.get('continue') === '1';
}

/** The sync this call carries on (?continue=1) or starts; null when there is none to carry on. */
export async function syncOfCall(
  req: Request,
  accountId: AccountId,
  kind: SyncKind,
): Promise<SyncState | null> {
  return continuing(req) ? readSync(accountId, kind) : startSync(accountId, kind);
}
