import { afterAll, describe, expect, it } from 'vitest';
import { preferencesFromRow, DEFAULT_PREFERENCES } from '../../src/data/settings/preferences';
import { preferencesRow } from '../../src/data/settings/save-preferences';
import { closeDb, createDbUser, createDbUserPair } from '../helpers/db-users.ts';
import { accountIdOf } from '../../src/domain/ids.ts';

/** A seller made here acts on their own account, whose id is theirs. */
const ownAccount = (user: { accountId: string }) => accountIdOf(user.accountId);

// The settings screen's reads and writes (src/features/settings/get-preferences.ts and
// save-preferences.ts) as supabase-js sends them, against the real database.

afterAll(async () => {
  await closeDb();
});

describe('preferences', () => {
  it('a new account has a row with every default, read back as the app’s defaults', async () => {
    const seller = await createDbUser({ prefix: 'prefs-new' });
    const { data, error } = await seller.client
      .from('user_preferences')
      .select('*')
      .eq('account_id', seller.accountId)
      .maybeSingle();
    expect(error).toBeNull();
    expect(data).toMatchObject({
      currency: 'USD',
      date_format: 'US',
      expiry_notifications: [
        { days: 30, enabled: true },
        { days: 60, enabled: true },
        { days: 90, enabled: true },
      ],
      barcode_batch: false,
      barcode_lookup: true,
      ebay_listings_date: 5,
      drag_confirm: true,
      ebay_country: 'GB',
      floor_size: 20,
    });
    expect(preferencesFromRow(data)).toEqual(DEFAULT_PREFERENCES);
  });

  it('saving one tab changes only its fields, and the saved row reads back the same', async () => {
    const seller = await createDbUser({ prefix: 'prefs-save' });
    const patch = {
      expiry_notifications: [
        { days: 7, enabled: true },
        { days: 30, enabled: false },
      ],
      storage_colors: {
        colors: { bay: '#111111', box: '#fbbf24', cabinet: '#059669', bin: '#ede9fe' },
        currentScheme: 'custom' as const,
        customColors: { bay: '#111111' },
      },
    };
    const saved = await seller.client
      .from('user_preferences')
      .upsert(preferencesRow(ownAccount(seller), patch), { onConflict: 'account_id' })
      .select('*')
      .single();
    expect(saved.error).toBeNull();
    const read = preferencesFromRow(saved.data);
    expect(read.expiry_notifications).toEqual(patch.expiry_notifications);
    expect(read.storage_colors).toEqual(patch.storage_colors);
    expect(read.currency).toBe('USD');
    expect(read.floor_size).toBe(20);
  });

  it('recreates a missing row with the defaults (an account older than the sign-up trigger)', async () => {
    const seller = await createDbUser({ prefix: 'prefs-missing' });
    await seller.client.from('user_preferences').delete().eq('account_id', seller.accountId);
    const created = await seller.client
      .from('user_preferences')
      .upsert(
        { account_id: seller.accountId },
        { onConflict: 'account_id', ignoreDuplicates: true },
      )
      .select('*')
      .maybeSingle();
    expect(created.error).toBeNull();
    expect(preferencesFromRow(created.data)).toEqual(DEFAULT_PREFERENCES);
  });

  it('refuses values the screens could not show', async () => {
    const seller = await createDbUser({ prefix: 'prefs-bad' });
    for (const bad of [{ currency: 'usd' }, { floor_size: 0 }, { ebay_listings_date: -1 }]) {
      const { error } = await seller.client
        .from('user_preferences')
        .upsert({ account_id: seller.accountId, ...bad }, { onConflict: 'account_id' });
      expect(error, JSON.stringify(bad)).not.toBeNull();
    }
  });

  it("one seller's save never touches another's preferences", async () => {
    const [a, b] = await createDbUserPair({ prefix: 'prefs-iso' });
    const attempt = await b.client
      .from('user_preferences')
      .upsert(preferencesRow(ownAccount(a), { currency: 'EUR' }), { onConflict: 'account_id' });
    expect(attempt.error).not.toBeNull();
    const mine = await a.client.from('user_preferences').select('currency').single();
    expect(mine.data).toEqual({ currency: 'USD' });
  });
});
