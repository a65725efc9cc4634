import { expect, type Locator } from '@playwright/test';
import type { SupabaseClient } from '@supabase/supabase-js';
import { BasePage } from './base-page';

/** The eBay screens: integrations (connect, listings panel) and orders with the pick list. */
export class EbayPage extends BasePage {
  get status(): Locator {
    return this.page.getByTestId('ebay-status');
  }
  get connectButton(): Locator {
    return this.page.getByTestId('ebay-connect');
  }
  get disconnectButton(): Locator {
    return this.page.getByTestId('ebay-disconnect');
  }
  get listings(): Locator {
    return this.page.getByTestId('ebay-listing');
  }
  listing(title: string): Locator {
    return this.listings.filter({ hasText: title });
  }
  get placeDialog(): Locator {
    return this.page.getByTestId('place-listing-dialog');
  }
  get pickListLocations(): Locator {
    return this.page.getByTestId('pick-list-location');
  }
  toastWith(text: string): Locator {
    return this.toast.filter({ hasText: text });
  }

  async gotoIntegrations(): Promise<void> {
    await this.page.goto('/dashboard/integrations');
    await expect(this.status).toBeVisible();
  }

  /** Connect eBay through the sandbox's consent page and back, as a seller does. */
  async connect(): Promise<void> {
    await this.gotoIntegrations();
    const exchanged = this.page.waitForResponse((r) =>
      r.url().includes('/.netlify/functions/ebay-auth-callback'),
    );
    await this.press(this.connectButton);
    expect((await exchanged).status()).toBe(200);
    await expect(this.page).toHaveURL(/\/dashboard\/integrations$/);
    await expect(this.status).toHaveAttribute('data-connected', 'true');
  }
}

export interface SeedShelf {
  room: string;
  isle: number;
  unit: string;
  shelf: number;
  items?: Array<{ name: string; sku?: string; barcode?: string }>;
}

async function insert<T>(
  admin: SupabaseClient,
  table: string,
  row: Record<string, unknown>,
): Promise<T> {
  const { data, error } = await admin.from(table).insert(row).select().single();
  if (error) throw new Error(`${table}: ${error.message}`);
  return data as T;
}

/** Rooms, isles, units and shelves (created in the order given) with items, as the service role. */
export async function seedShelves(
  admin: SupabaseClient,
  userId: string,
  shelves: SeedShelf[],
): Promise<void> {
  const rooms = new Map<string, string>();
  const isles = new Map<string, string>();
  const units = new Map<string, string>();
  for (const s of shelves) {
    if (!rooms.has(s.room)) {
      rooms.set(
        s.room,
        (
          await insert<{ room_id: string }>(admin, 'storage_rooms', {
            user_id: userId,
            room_name: s.room,
          })
        ).room_id,
      );
    }
    const isleKey = `${s.room}/${s.isle}`;
    if (!isles.has(isleKey)) {
      const isle = await insert<{ isle_id: string }>(admin, 'storage_isles', {
        user_id: userId,
        room_id: rooms.get(s.room),
        isle_index: s.isle,
      });
      isles.set(isleKey, isle.isle_id);
    }
    const unitKey = `${isleKey}/${s.unit}`;
    if (!units.has(unitKey)) {
      const unit = await insert<{ unit_id: string }>(admin, 'storage_units', {
        user_id: userId,
        isle_id: isles.get(isleKey),
        unit_name: s.unit,
        // Units A, B, … stand in that order whatever order they were created in.
        unit_index: s.unit.charCodeAt(0) - 64,
      });
      units.set(unitKey, unit.unit_id);
    }
    const shelf = await insert<{ shelf_id: string }>(admin, 'storage_shelves', {
      user_id: userId,
      unit_id: units.get(unitKey),
      shelf_index: s.shelf,
    });
    for (const item of s.items ?? []) {
      await insert(admin, 'storage_items', {
        user_id: userId,
        item_name: item.name,
        quantity: 1,
        shelf_id: shelf.shelf_id,
        sku: item.sku ?? null,
        barcode: item.barcode ?? null,
      });
    }
  }
}

export async function setPlan(admin: SupabaseClient, userId: string, plan: string): Promise<void> {
  const { error } = await admin
    .from('subscriptions')
    .update({ plan_id: plan, status: 'active' })
    .eq('user_id', userId);
  if (error) throw new Error(`subscriptions: ${error.message}`);
}
