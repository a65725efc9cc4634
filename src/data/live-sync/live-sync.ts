import type { RealtimeChannel, RealtimePostgresChangesPayload } from '@supabase/supabase-js';
import { hashKey, notifyManager, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { supabase } from '../../lib/supabase';
import { patchItems, type RowEvent } from './patch-items';
import { isTreeTable, patchTree } from './patch-tree';
import type { AccountId } from '../../domain/ids';
import { isHeld, onHoldChange as watchHold } from './hold';

/**
 * Where each table's rows are cached. The keys are handed in by the one place that mounts the
 * live sync (the dashboard layout), so they stay defined where their queries are.
 */
export interface LiveCaches {
  /** The item list (patched row by row). */
  items: QueryKey;
  /** The storage tree of rooms, isles, units and shelves (patched node by node). */
  tree: QueryKey;
  /**
   * Small queries read again when their table changes (preferences, subscription, dismissals;
   * the user's accounts when the account's row or memberships change).
   */
  readAgainOn: Record<string, QueryKey[]>;
  /** Views built from storage and items, marked stale so they are read again when next shown. */
  staleOnStorage: QueryKey[];
}

export type LiveStatus = 'connecting' | 'live' | 'off';

/**
 * The tables the migrations publish to `supabase_realtime` (supabase/schemas/90_live_sync.sql),
 * each with the column that names its account: the account's own row (its plan) and its
 * memberships (a member removed or given another role) besides the stockroom's rows.
 */
export const LIVE_TABLES = {
  storage_rooms: 'account_id',
  storage_isles: 'account_id',
  storage_units: 'account_id',
  storage_shelves: 'account_id',
  storage_items: 'account_id',
  user_preferences: 'account_id',
  subscriptions: 'account_id',
  dismissed_notifications: 'account_id',
  order_picks: 'account_id',
  sku_links: 'account_id',
  item_photos: 'account_id',
  ebay_order_fetches: 'account_id',
  accounts: 'id',
  account_members: 'account_id',
} as const;

type LiveTable = keyof typeof LIVE_TABLES;

// Who may act on the account, and on which plan: no write of this screen guesses these, so their
// changes are not held behind its writes (a removed member's write in flight only fails).
const NEVER_HELD: ReadonlySet<string> = new Set<LiveTable>(['accounts', 'account_members']);

// After the server ends a channel (e.g. its token expired), join again after this long.
const REJOIN_MS = 2_000;
// How long to wait at most for a closing socket before joining anyway.
const SOCKET_CLOSE_WAIT_MS = 5_000;

/**
 * Keeps the seller's cached data in step with the database through Supabase Realtime: every
 * change to their rows, from another screen, tab or the server, is applied to the cache where it
 * lies (no re-reading of everything). Changes that arrive while one of this screen's own writes is
 * in flight wait until it settles, so the echo of an earlier state never undoes its optimistic
 * guess. After a lost connection it joins again and reads again what it may have missed.
 */
export function startLiveSync(opts: {
  queryClient: QueryClient;
  accountId: AccountId;
  caches: LiveCaches;
  onStatus: (status: LiveStatus) => void;
}): () => void {
  const { queryClient, accountId, caches } = opts;
  let stopped = false;
  let channel: RealtimeChannel | null = null;
  let everLive = false;
  let rejoin: ReturnType<typeof setTimeout> | null = null;
  const held: RowEvent[] = [];
  const startedAt = Date.now();
  let onHold = isHeld(accountId);
  // The catch-up asked for while on hold (null: read everything; undefined: none owed).
  let owedCatchUp: number | null | undefined;

  const apply = (event: RowEvent) => {
    if (event.table === 'storage_items') {
      queryClient.setQueryData<Array<{ item_id: string; created_at: string }>>(
        caches.items,
        (items) => (items ? patchItems(items, event) : items),
      );
    } else if (isTreeTable(event.table)) {
      let lost = false;
      queryClient.setQueryData<Parameters<typeof patchTree>[0]>(caches.tree, (tree) => {
        if (!tree) return tree;
        const next = patchTree(tree, event);
        lost = next === null;
        return next ?? tree;
      });
      if (lost) void queryClient.invalidateQueries({ queryKey: caches.tree });
    } else {
      for (const queryKey of caches.readAgainOn[event.table] ?? [])
        void queryClient.invalidateQueries({ queryKey });
      return;
    }
    for (const queryKey of caches.staleOnStorage)
      void queryClient.invalidateQueries({ queryKey, refetchType: 'none' });
  };

  const flush = () => {
    if (onHold || queryClient.isMutating() > 0) return;
    // One notification batch, so held events redraw the screens once, not once each.
    notifyManager.batch(() => {
      for (const event of held.splice(0)) apply(event);
    });
  };
  const unwatchMutations = queryClient.getMutationCache().subscribe(() => {
    if (held.length) flush();
  });

  const receive = (payload: RealtimePostgresChangesPayload<Record<string, unknown>>) => {
    const event: RowEvent = {
      table: payload.table,
      eventType: payload.eventType,
      new: payload.new as Record<string, unknown>,
      old: payload.old as Record<string, unknown>,
    };
    // Hosted Realtime does not filter deletes (their old row is its key only): a key naming
    // another account is not this screen's.
    const column = LIVE_TABLES[event.table as LiveTable] as string | undefined;
    const scope = column === undefined ? undefined : (event.new[column] ?? event.old[column]);
    if (typeof scope === 'string' && scope !== accountId) return;
    if (NEVER_HELD.has(event.table)) {
      apply(event);
      return;
    }
    held.push(event);
    flush();
  };

  /** Reads again what may have changed while no events came: everything the sync keeps. */
  const catchUp = (onlyOlderThan: number | null, joinReads = false) => {
    if (onHold) {
      owedCatchUp =
        owedCatchUp === null || onlyOlderThan === null
          ? null
          : Math.max(owedCatchUp ?? 0, onlyOlderThan);
      return;
    }
    const keys = [caches.items, caches.tree, ...Object.values(caches.readAgainOn).flat()];
    // Once each: a key read again on two tables would otherwise be asked for twice.
    const unique = new Map(keys.map((queryKey) => [hashKey(queryKey), queryKey]));
    for (const queryKey of unique.values()) {
      // After a hold, the read its holder started as it let go (the replay's final one) answers
      // this too; otherwise a read under way may predate the subscription and is sent again.
      void queryClient.invalidateQueries(
        {
          queryKey,
          predicate: (q) => onlyOlderThan === null || q.state.dataUpdatedAt < onlyOlderThan,
        },
        { cancelRefetch: !joinReads },
      );
    }
    for (const queryKey of caches.staleOnStorage)
      void queryClient.invalidateQueries({ queryKey, refetchType: 'none' });
  };

  const onHoldChange = (holding: boolean) => {
    onHold = holding;
    if (holding) return;
    flush();
    const owed = owedCatchUp;
    owedCatchUp = undefined;
    if (owed !== undefined) catchUp(owed, true);
  };
  const unwatchHold = watchHold(accountId, onHoldChange);

  let joins = 0;
  const join = () => {
    if (stopped) return;
    // A topic of its own each time: realtime-js hands back a channel of the same topic that still
    // exists and forgets channels by topic, so the last one's late goodbye would end this one.
    joins += 1;
    const ch = supabase.channel(`live-sync:${accountId}:${joins}`);
    for (const [table, column] of Object.entries(LIVE_TABLES)) {
      ch.on(
        'postgres_changes',
        { event: '*', schema: 'public', table, filter: `${column}=eq.${accountId}` },
        receive,
      );
    }
    channel = ch;
    ch.subscribe((status) => {
      if (stopped || channel !== ch) return;
      if (status === 'SUBSCRIBED') {
        // The first time, only data read before the subscription began can have missed a change.
        catchUp(everLive ? null : startedAt);
        everLive = true;
        opts.onStatus('live');
      } else {
        opts.onStatus('off');
        if (status === 'CLOSED') rejoinSoon();
        // CHANNEL_ERROR and TIMED_OUT: realtime-js joins again by itself once the socket is back.
      }
    });
  };

  // Forgets the current channel without waiting for the server's goodbye: offline it never comes.
  const leave = () => {
    const ch = channel;
    channel = null;
    if (ch) void supabase.removeChannel(ch);
  };

  // Offline and online can follow each other faster than a socket closes (Wi-Fi between the
  // shelves): each turn is numbered and only the latest one acts, so an old turn can never close
  // the socket a newer one opened.
  let turn = 0;
  const reconnect = async (mine: number) => {
    leave();
    await supabase.realtime.disconnect();
    // realtime-js does not open a socket while the old one is still closing.
    for (
      let waited = 0;
      supabase.realtime.isDisconnecting() && waited < SOCKET_CLOSE_WAIT_MS;
      waited += 100
    ) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    if (mine === turn) join();
  };

  const rejoinSoon = () => {
    if (rejoin) clearTimeout(rejoin);
    rejoin = setTimeout(() => {
      rejoin = null;
      leave();
      join();
    }, REJOIN_MS);
  };

  // The browser knows before any heartbeat does: offline, stop listening (the indicator shows);
  // online again, open a fresh socket, join and read again what changed meanwhile.
  const onOffline = () => {
    turn += 1;
    opts.onStatus('off');
    leave();
    void supabase.realtime.disconnect();
  };
  const onOnline = () => {
    turn += 1;
    void reconnect(turn);
  };
  window.addEventListener('offline', onOffline);
  window.addEventListener('online', onOnline);

  join();
  return () => {
    stopped = true;
    if (rejoin) clearTimeout(rejoin);
    window.removeEventListener('offline', onOffline);
    window.removeEventListener('online', onOnline);
    unwatchMutations();
    unwatchHold();
    leave();
  };
}
