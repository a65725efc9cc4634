import { afterAll, describe, expect, it } from 'vitest';
import { ELITE_INVENTORY_SIZE, ELITE_LISTED_COUNT } from '../../local/sandboxes/ebay-catalogue.ts';
import { closeDb, db } from '../helpers/db-users.ts';
import { ebaySeller as seller, syncToEnd, type Sync } from '../helpers/ebay.ts';

/**
 * An Elite seller's eBay sync against Netlify's 10 s limit (issue 19): with eBay answering a
 * page in 300 ms, every call of the syncing functions ends within 10 s, and the browser sees
 * progress until all is read. The calls are timed, so this file runs on its own
 * (vitest.config.ts, integration-alone); the rest of production's eBay is ebay-production.test.ts.
 */

afterAll(closeDb);

describe("an Elite seller's sync at 300 ms per eBay page", () => {
  it('reads 10,000 inventory items and 5,000 listings with no function call over 10 s', async () => {
    const s = await seller('elite', { kind: 'elite', latencyMs: 300 });
    const inventory = await syncToEnd<{ pagination: { totalItems: number }; sync?: Sync }>(
      'ebay-get-inventory',
      '?page=1',
      s.token,
    );
    expect(inventory.body.pagination.totalItems).toBe(ELITE_INVENTORY_SIZE);
    expect(inventory.durations.length).toBeGreaterThan(1);
    expect(Math.max(...inventory.durations)).toBeLessThan(10_000);
    // The seller sees progress grow towards eBay's total.
    const fetched = inventory.progress.map((p) => p.fetched);
    expect(fetched).toEqual([...fetched].sort((a, b) => a - b));
    expect(inventory.progress[0]!.total).toBe(ELITE_INVENTORY_SIZE);

    const listings = await syncToEnd<{ listings: unknown[]; sync?: Sync }>(
      'ebay-get-listings',
      '',
      s.token,
    );
    expect(listings.body.sync?.total).toBe(ELITE_LISTED_COUNT);
    expect(Math.max(...listings.durations)).toBeLessThan(10_000);
    const { rows } = await db().query(
      'select count(*)::int as n from public.ebay_processed_listings where account_id = $1 and display',
      [s.accountId],
    );
    expect(rows[0].n).toBe(ELITE_LISTED_COUNT);
  }, 120_000);
});
