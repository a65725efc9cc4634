import { afterAll, describe, expect, it } from 'vitest';
import { closeDb, createDbUser, createStorage, db } from '../helpers/db-users.ts';

// What the notifications feature asks of the database (src/data/notifications: get-expiring-items,
// get-dismissals, dismiss-notifications):
// only items in the expiry window, and dismissals remembered per seller.

afterAll(async () => {
  await closeDb();
});

const isoDay = (offset: number) => {
  const date = new Date();
  date.setUTCDate(date.getUTCDate() + offset);
  return date.toISOString().slice(0, 10);
};

describe('expiring items query', () => {
  it('returns items dated up to 30 days ahead or past, and nothing later or undated', async () => {
    const seller = await createDbUser({ prefix: 'exp-items' });
    const storage = await createStorage(seller.accountId, { items: 5 });
    const dates = [isoDay(-3), isoDay(0), isoDay(30), isoDay(31), null];
    for (const [i, date] of dates.entries())
      await db().query('update public.storage_items set expiry_date = $2 where item_id = $1', [
        storage.itemIds[i],
        date,
      ]);
    const { data, error } = await seller.client
      .from('storage_items')
      .select('item_id, item_name, expiry_date, quantity, active')
      .not('expiry_date', 'is', null)
      .lte('expiry_date', isoDay(30))
      .order('expiry_date')
      .order('item_id')
      .range(0, 999);
    expect(error).toBeNull();
    expect(data!.map((i) => i.expiry_date)).toEqual([isoDay(-3), isoDay(0), isoDay(30)]);
  });
});

describe('dismissals', () => {
  it('a second dismissal restarts the 30 days instead of adding a row', async () => {
    const seller = await createDbUser({ prefix: 'dismiss' });
    const storage = await createStorage(seller.accountId, { items: 1 });
    const row = (at: string) => ({
      notification_id: `expiry:${storage.itemIds[0]}:2030-01-01:30d`,
      item_id: storage.itemIds[0]!,
      dismissed_at: at,
    });
    const first = await seller.client
      .from('dismissed_notifications')
      .upsert(row('2030-01-01T10:00:00Z'), { onConflict: 'account_id,notification_id' });
    expect(first.error).toBeNull();
    const again = await seller.client
      .from('dismissed_notifications')
      .upsert(row('2030-01-05T10:00:00Z'), { onConflict: 'account_id,notification_id' });
    expect(again.error).toBeNull();
    const { data } = await seller.client
      .from('dismissed_notifications')
      .select('notification_id, dismissed_at');
    expect(data).toHaveLength(1);
    expect(new Date(data![0]!.dismissed_at).toISOString()).toBe('2030-01-05T10:00:00.000Z');
  });

  it("cannot dismiss for another seller's item, and goes when the item goes", async () => {
    const owner = await createDbUser({ prefix: 'dismiss-owner' });
    const other = await createDbUser({ prefix: 'dismiss-other' });
    const storage = await createStorage(owner.accountId, { items: 1 });
    const itemId = storage.itemIds[0]!;

    const foreign = await other.client
      .from('dismissed_notifications')
      .insert({ notification_id: `expiry:${itemId}:x:30d`, item_id: itemId });
    expect(foreign.error).not.toBeNull();

    const mine = await owner.client
      .from('dismissed_notifications')
      .insert({ notification_id: `expiry:${itemId}:x:30d`, item_id: itemId });
    expect(mine.error).toBeNull();
    await owner.client.rpc('remove_items', { p_item_ids: [itemId] });
    const left = await owner.client.from('dismissed_notifications').select('id');
    expect(left.data).toEqual([]);
  });

  it('old dismissals can be cleared by their owner (the app prunes past 31 days)', async () => {
    const seller = await createDbUser({ prefix: 'dismiss-prune' });
    const storage = await createStorage(seller.accountId, { items: 2 });
    await db().query(
      `insert into public.dismissed_notifications (account_id, notification_id, item_id, dismissed_at)
       values ($1, 'old', $2, now() - interval '40 days'), ($1, 'recent', $3, now() - interval '2 days')`,
      [seller.accountId, storage.itemIds[0], storage.itemIds[1]],
    );
    const since = new Date(Date.now() - 31 * 86_400_000).toISOString();
    const pruned = await seller.client
      .from('dismissed_notifications')
      .delete()
      .lt('dismissed_at', since);
    expect(pruned.error).toBeNull();
    const left = await seller.client.from('dismissed_notifications').select('notification_id');
    expect(left.data).toEqual([{ notification_id: 'recent' }]);
  });
});
