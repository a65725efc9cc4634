import { requireUser } from '../lib/auth.ts';
import { json, jsonError, methodNotAllowed } from '../lib/http.ts';
import { supabaseAdmin } from '../lib/supabase-admin.ts';

const FAILED = 'Failed to archive storage';

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
 * After a move to a smaller plan, brings the seller's storage within the plan they are on now
 * (read on the server, never from the request): a backup of everything is kept, then rooms,
 * units and items over the limits are removed, newest first, and logged. One SQL transaction
 * (public.archive_excess_storage). Within the limits it changes nothing.
 */
export default async (req: Request): Promise<Response> => {
  if (req.method !== 'POST') return methodNotAllowed();
  const auth = await requireUser(req);
  if (!auth.ok) return auth.response;

  const { data, error } = await supabaseAdmin().rpc('archive_excess_storage', {
    p_user_id: auth.user.id,
  });
  if (error || !data) {
    console.error('archive-excess-storage:', error?.message ?? 'no result');
    return jsonError(500, FAILED);
  }
  const r = data as ArchiveResult;
  return json({
    archived: r.archived,
    planId: r.plan,
    backupId: r.backup_id,
    removed: {
      rooms: r.rooms_removed,
      isles: r.isles_removed,
      units: r.units_removed,
      items: r.items_removed,
    },
  });
};
