import { afterAll, describe, expect, it } from 'vitest';
import { closeDb, createDbUser, createStorage, db } from '../helpers/db-users.ts';
import { stack } from '../helpers/stack.ts';

// The scheduled daily backup (backup-daily), against the real local stack. It backs up every
// seller with storage and drops everyone's backups older than 3 days, so this file runs on its
// own (vitest.config.ts, integration-alone): a backup appearing in another file's seller's list
// would break that file's counts.

afterAll(closeDb);

describe('backups: daily snapshot and retention', () => {
  it('backs up every seller with storage and keeps 3 days of backups', async () => {
    const withStorage = await createDbUser({ prefix: 'bk-daily' });
    await createStorage(withStorage.accountId, { items: 2 });
    const withoutStorage = await createDbUser({ prefix: 'bk-empty' });
    const gone = await createDbUser({ prefix: 'bk-gone' });

    // Backups made 1, 2, 2.9 and 3.1, 4 days ago; the seller "gone" emptied their storage.
    await db().query(
      `insert into public.backups (account_id, snapshot, item_count, created_at)
       select u, '{"version":1}'::jsonb, 0, now() - d * interval '1 day'
         from unnest($1::uuid[]) u, unnest(array[1, 2, 2.9, 3.1, 4]::numeric[]) d`,
      [[withStorage.accountId, gone.accountId]],
    );

    // As Netlify's scheduler runs it (the app server's local stand-in).
    const res = await fetch(`${stack().appUrl}/_scheduler/backup-daily`, { method: 'POST' });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { backedUp: number };
    expect(body.backedUp).toBeGreaterThanOrEqual(1);

    const ages = async (userId: string) =>
      (
        await db().query<{ days: string }>(
          `select round(extract(epoch from now() - created_at) / 86400, 1)::text as days
             from public.backups where account_id = $1 order by created_at desc`,
          [userId],
        )
      ).rows.map((r) => r.days);
    // today's new one plus those younger than 3 days
    expect(await ages(withStorage.accountId)).toEqual(['0.0', '1.0', '2.0', '2.9']);
    expect(await ages(gone.accountId)).toEqual(['1.0', '2.0', '2.9']);
    expect(await ages(withoutStorage.accountId)).toEqual([]);

    const { rows } = await db().query<{ item_count: number; items: number }>(
      `select item_count, jsonb_array_length(snapshot -> 'items') as items from public.backups
        where account_id = $1 order by created_at desc limit 1`,
      [withStorage.accountId],
    );
    expect(rows[0]).toEqual({ item_count: 2, items: 2 });
  });

  it('answers only the scheduler, not a call by URL', async () => {
    const url = `${stack().appUrl}/.netlify/functions/backup-daily`;
    expect((await fetch(url)).status).toBe(405);
    const forged = await fetch(url, {
      method: 'POST',
      headers: { 'user-agent': 'Netlify Clockwork', 'x-nf-event': 'schedule' },
      body: '{"next_run":"2026-01-01T00:00:00Z"}',
    });
    expect(forged.status).toBe(403);
  });

  it('is not callable by a seller through the API', async () => {
    const seller = await createDbUser({ prefix: 'bk-nocall' });
    const { error } = await seller.client.rpc('create_daily_backups');
    expect(error).not.toBeNull();
  });
});
