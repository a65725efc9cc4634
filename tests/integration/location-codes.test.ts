/**
 * Issue #41: every unit and shelf has a code the database gives it, printed on its label. It is
 * unique in the account (20 shelves added at once still get 20 codes), no client can choose or
 * change it, and it stays with its shelf when shelves renumber or come back from a backup.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { closeDb, createDbUser, createStorage, db } from '../helpers/db-users.ts';
import { isLocationCode } from '../../src/domain/location-codes.ts';

afterAll(async () => {
  await closeDb();
});

async function shelves(
  unitId: string,
): Promise<{ shelf_id: string; shelf_index: number; code: string }[]> {
  const { rows } = await db().query<{ shelf_id: string; shelf_index: number; code: string }>(
    'select shelf_id, shelf_index, code from public.storage_shelves where unit_id = $1 order by shelf_index',
    [unitId],
  );
  return rows;
}

describe('location codes', () => {
  it('20 parallel shelf creations get 20 distinct shelf codes; units get unit codes', async () => {
    const seller = await createDbUser({ plan: 'power', prefix: 'codes-parallel' });
    const s = await createStorage(seller.accountId, { units: 1, shelves: 1 });
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        seller.client.rpc('add_shelf', { p_unit_id: s.unitIds[0]! }),
      ),
    );
    expect(results.map((r) => r.error)).toEqual(Array.from({ length: 20 }, () => null));
    const codes = results.map((r) => (r.data as { code: string }).code);
    expect(new Set(codes).size).toBe(20);
    for (const code of codes) {
      expect(code).toMatch(/^S-[2-9A-HJKMNP-Z]{5}$/);
      expect(isLocationCode(code)).toBe(true);
    }
    const all = await shelves(s.unitIds[0]!);
    expect(all).toHaveLength(21);
    expect(new Set(all.map((shelf) => shelf.code)).size).toBe(21);

    const unit = await seller.client
      .from('storage_units')
      .select('code')
      .eq('unit_id', s.unitIds[0]!)
      .single();
    expect(unit.data!.code).toMatch(/^U-[2-9A-HJKMNP-Z]{5}$/);
  });

  it('a client cannot set or change a code', async () => {
    const seller = await createDbUser({ plan: 'power', prefix: 'codes-client' });
    const s = await createStorage(seller.accountId, { units: 1, shelves: 2 });
    const [first, second] = await shelves(s.unitIds[0]!);

    const changed = await seller.client
      .from('storage_shelves')
      .update({ code: second!.code })
      .eq('shelf_id', first!.shelf_id)
      .select();
    expect(changed.error?.code).toBe('42501');
    expect(changed.error?.message).toContain('A location code never changes');
    const other = await seller.client
      .from('storage_units')
      .update({ code: 'U-22222' })
      .eq('unit_id', s.unitIds[0]!)
      .select();
    expect(other.error?.code).toBe('42501');

    // a code sent with a new shelf is replaced by one the database gives
    const inserted = await seller.client
      .from('storage_shelves')
      .insert({ unit_id: s.unitIds[0]!, code: first!.code })
      .select('code')
      .single();
    expect(inserted.error).toBeNull();
    expect(inserted.data!.code).not.toBe(first!.code);
    expect(inserted.data!.code).toMatch(/^S-/);
    expect((await shelves(s.unitIds[0]!))[0]).toEqual(first);
  });

  it('removing a shelf renumbers the others and each keeps its code; a restore keeps them', async () => {
    const seller = await createDbUser({ plan: 'power', prefix: 'codes-renumber' });
    const s = await createStorage(seller.accountId, { units: 1, shelves: 4 });
    const before = await shelves(s.unitIds[0]!);
    const backup = await seller.client.rpc('create_backup');
    expect(backup.error).toBeNull();

    const removed = await seller.client.rpc('remove_shelf', { p_shelf_id: before[1]!.shelf_id });
    expect(removed.error).toBeNull();
    const after = await shelves(s.unitIds[0]!);
    expect(after).toEqual([
      { ...before[0], shelf_index: 1 },
      { ...before[2], shelf_index: 2 },
      { ...before[3], shelf_index: 3 },
    ]);

    const restored = await seller.client.rpc('restore_backup', {
      p_backup_id: backup.data.backup_id,
    });
    expect(restored.error).toBeNull();
    expect(await shelves(s.unitIds[0]!)).toEqual(before);
  });
});
