import { budget } from '../lib/ebay-sync.ts';
import { scheduledFunction } from '../lib/scheduled.ts';
import { supabaseAdmin } from '../lib/supabase-admin.ts';
import { PHOTO_BUCKET } from '../../src/domain/photos.ts';

/** A scheduled run may take 30 s on Netlify: start no batch after this much. */
const RUN_BUDGET_MS = 20_000;
/** Photo rows forgotten per database call (each names up to 2 files). */
const ROW_BATCH = 500;
/** Storage's bulk remove takes at most 1000 names a request (supabase/storage, limits.ts). */
export const REMOVE_BATCH = 1000;

interface Forgotten {
  photo_id: string;
  account_id: string;
  remove_files: string[];
}

/** Removes files through the Storage API (never SQL on storage.objects: the file would stay). */
async function removeFiles(names: string[]): Promise<number> {
  let removed = 0;
  for (let at = 0; at < names.length; at += REMOVE_BATCH) {
    const { data, error } = await supabaseAdmin()
      .storage.from(PHOTO_BUCKET)
      .remove(names.slice(at, at + REMOVE_BATCH));
    if (error) throw error;
    removed += data.length;
  }
  return removed;
}

/**
 * Hourly: the photos of removed items whose removal can no longer be undone, and files no
 * photo lists (docs/product.md#photos). The database forgets each batch of rows first and says
 * which of their files no kept backup names (forget_removed_photos); those go through Storage.
 * Then the files a day old that no row and no kept backup names (orphan_photo_files: an upload
 * whose add never came, files a backup kept). A run that dies halfway leaves only files no row
 * names, which the next run removes; a run with nothing to do changes nothing. Only Netlify's
 * scheduler may run it; locally, POST /_scheduler/photo-cleanup.
 */
export default scheduledFunction('photo-cleanup', 'Photo cleanup failed', async () => {
  const inRun = budget(RUN_BUDGET_MS);
  let photos = 0;
  let files = 0;
  while (inRun()) {
    const { data, error } = await supabaseAdmin().rpc('forget_removed_photos', {
      p_limit: ROW_BATCH,
    });
    if (error) throw error;
    const rows = (data ?? []) as Forgotten[];
    photos += rows.length;
    files += await removeFiles(rows.flatMap((row) => row.remove_files));
    if (rows.length < ROW_BATCH) break;
  }
  while (inRun()) {
    const { data, error } = await supabaseAdmin().rpc('orphan_photo_files', {
      p_limit: REMOVE_BATCH,
    });
    if (error) throw error;
    const names = (data ?? []) as string[];
    const removed = await removeFiles(names);
    files += removed;
    // a name Storage would not remove comes back next time: stop rather than loop on it
    if (names.length < REMOVE_BATCH || removed === 0) break;
  }
  return { photos, files, finished: inRun() };
});

export const config = { schedule: '@hourly' };
