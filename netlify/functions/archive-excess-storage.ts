import { authedFunction } from '../lib/authed-function.ts';
import { supabaseAdmin } from '../lib/supabase-admin.ts';

interface ArchiveResult {
  archived: boolean;
  plan: string;
  backup_id: string | null;
  rooms_removed: number;
  isles_removed: number;
  units_removed: number;
  items_removed: number;
}

/**
 * POST, bearer, no body -> { archived, planId, backupId, removed: { rooms, isles, units, items } }.
 * After a move to a smaller plan, brings the account's storage within the plan it is on now
 * (read on the server, never from the request): a backup of everything is kept, then rooms,
 * units and items over the limits are removed, newest first, and logged. One SQL transaction
 * (public.archive_excess_storage). Within the limits it changes nothing.
 */
export default authedFunction({
  name: 'archive-excess-storage',
  failure: 'Failed to archive storage',
  env: () => null,
  async run({ account }) {
    const { data, error } = await supabaseAdmin().rpc('archive_excess_storage', {
      p_account_id: account.id,
    });
    if (error || !data) throw new Error(error?.message ?? 'no result');
    const r = data as ArchiveResult;
    return {
      archived: r.archived,
      planId: r.plan,
      backupId: r.backup_id,
      removed: {
        rooms: r.rooms_removed,
        isles: r.isles_removed,
        units: r.units_removed,
        items: r.items_removed,
      },
    };
  },
});
