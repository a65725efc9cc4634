import { scheduledFunction } from '../lib/scheduled.ts';
import { supabaseAdmin } from '../lib/supabase-admin.ts';

/**
 * The daily backup (Help Center: daily backups, each kept for 3 days). One SQL call snapshots
 * every seller with storage and drops backups older than 3 days (public.create_daily_backups,
 * supabase/schemas/65_backups.sql), so the work is the database's and this
 * function stays a thin trigger. Only Netlify's scheduler may run it (netlify/lib/scheduled.ts);
 * locally, POST /_scheduler/backup-daily.
 */
export default scheduledFunction('backup-daily', 'Daily backup failed', async () => {
  const { data, error } = await supabaseAdmin().rpc('create_daily_backups');
  if (error) throw error;
  return { backedUp: data as number };
});

export const config = { schedule: '@daily' };
