import { supabaseAdmin } from '../lib/supabase-admin.ts';

/**
 * The daily backup (Help Center: daily backups, each kept for 3 days). One SQL call snapshots
 * every seller with storage and drops backups older than 3 days (public.create_daily_backups,
 * supabase/migrations/20261122000700_backups.sql), so the work is the
 * database's and this function stays a thin trigger. On Netlify a scheduled function has no
 * public URL; locally it runs on demand with a POST.
 */
export default async (req: Request): Promise<Response> => {
  if (req.method !== 'POST') {
    return Response.json(
      { error: 'Method not allowed' },
      { status: 405, headers: { allow: 'POST' } },
    );
  }
  const { data, error } = await supabaseAdmin().rpc('create_daily_backups');
  if (error) {
    console.error('backup-daily failed:', error.message);
    return Response.json({ error: 'Daily backup failed' }, { status: 500 });
  }
  return Response.json({ backedUp: data as number });
};

export const config = { schedule: '@daily' };
