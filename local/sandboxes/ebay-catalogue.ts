/**
 * The eBay sandbox's seller: a reseller's stock made up deterministically (same data on every
 * start, so tests can name SKUs), shaped like what eBay's APIs return. Sandbox-only figures.
 *
 * - 450 inventory items (Sell Inventory API inventory_item records), SKUs SR-0001 … SR-0450
 * - the first 36 of them listed (Trading API GetMyeBaySelling ActiveList items)
 * - 14 orders (Sell Fulfillment API) whose line items carry listed SKUs, so an order line can be
 *   matched to an item on a shelf by SKU
 */

export interface SandboxInventoryItem {
  sku: string;
  title: string;
  quantity: number;
  condition: 'NEW' | 'USED_EXCELLENT' | 'USED_GOOD' | 'NEW_OTHER';
  imageUrl: string;
  brand: string;
  /** GBP, the seller's price on their listing. */
  price: number;
}

export interface SandboxListing {
  itemId: string;
  /** Null for a listing made without a custom label (SKU) on the eBay website. */
  sku: string | null;
  /** Trading's ListingType: FixedPriceItem or Chinese (an auction). */
  listingType: 'FixedPriceItem' | 'Chinese';
  title: string;
  quantity: number;
  quantityAvailable: number;
  galleryUrl: string;
  price: number;
  startTime: string;
}

export interface SandboxLineItem {
  lineItemId: string;
  legacyItemId: string;
  sku: string;
  title: string;
  quantity: number;
  price: number;
}

export interface SandboxOrder {
  orderId: string;
  creationDate: string;
  buyer: string;
  status: 'NOT_STARTED' | 'IN_PROGRESS' | 'FULFILLED';
  lineItems: SandboxLineItem[];
}

export const INVENTORY_SIZE = 450;
export const LISTED_COUNT = 36;

const BRANDS = [
  'Nintendo',
  'LEGO',
  "Levi's",
  'Apple',
  'Sony',
  'Nike',
  'Barbour',
  'Pyrex',
  'Penguin',
  'Hornby',
  'Canon',
  'Dyson',
];
// Boilerplate: each brand lists its own believable products; the repeated shape is catalogue data, not logic.
const THINGS: Record<string, string[]> = {
  Nintendo: [
    'Switch Pro Controller',
    'Game Boy Color Console',
    'Mario Kart 8 Deluxe',
    'Joy-Con Pair Neon',
  ],
  LEGO: [
    'Star Wars Millennium Falcon 75257',
    'Technic Porsche 911 42096',
    'Creator Corner Garage 10264',
    'City Fire Station 60320',
  ],
  "Levi's": [
    '501 Original Jeans W32 L32',
    'Trucker Denim Jacket M',
    '511 Slim Jeans W34 L30',
    'Sherpa Trucker Jacket L',
  ],
  Apple: ['iPod Classic 160GB', 'Magic Keyboard UK', 'AirPods Case 2nd Gen', 'Lightning Cable 1m'],
  Sony: [
    'WH-1000XM4 Headphones',
    'PlayStation 2 Slim',
    'Walkman WM-FX195',
    'DualShock 4 Controller',
  ],
  Nike: ['Air Max 90 UK 9', 'Dunk Low Panda UK 8', 'Windrunner Jacket M', 'Tech Fleece Joggers L'],
  Barbour: ['Bedale Wax Jacket 40', 'Beaufort Jacket 42', 'Quilted Gilet M', 'Tartan Scarf'],
  Pyrex: [
    'Snowflake Casserole Dish',
    'Gooseberry Mixing Bowl',
    'Butterprint Refrigerator Dish',
    'Measuring Jug 1L',
  ],
  Penguin: [
    'Orange Classics Bundle x10',
    'First Edition Paperback 1961',
    'Modern Classics Set',
    'Pelican Books x5',
  ],
  Hornby: [
    'OO Gauge Flying Scotsman',
    'Class 08 Shunter',
    'Track Pack Extension B',
    'Mk1 Coach Set',
  ],
  Canon: ['EF 50mm f/1.8 STM Lens', 'AE-1 Program Body', 'Speedlite 430EX II', 'PowerShot G7 X'],
  Dyson: ['V8 Battery Pack', 'Supersonic Attachment Set', 'Ball Animal Cyclone', 'Hot+Cool Remote'],
};
const CONDITIONS: SandboxInventoryItem['condition'][] = [
  'NEW',
  'USED_EXCELLENT',
  'USED_GOOD',
  'NEW_OTHER',
];

/** Mulberry32: a tiny seeded generator so every start makes the same catalogue. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function skuFor(n: number): string {
  return `SR-${String(n).padStart(4, '0')}`;
}

function buildInventory(size = INVENTORY_SIZE): SandboxInventoryItem[] {
  const random = seeded(12);
  const items: SandboxInventoryItem[] = [];
  for (let n = 1; n <= size; n += 1) {
    const brand = BRANDS[(n - 1) % BRANDS.length]!;
    const things = THINGS[brand]!;
    const thing = things[Math.floor((n - 1) / BRANDS.length) % things.length]!;
    const sku = skuFor(n);
    items.push({
      sku,
      title: `${brand} ${thing} #${n}`,
      quantity: 1 + Math.floor(random() * 6),
      condition: CONDITIONS[Math.floor(random() * CONDITIONS.length)]!,
      imageUrl: `https://i.ebayimg.sandbox.local/images/g/${sku}/s-l500.jpg`,
      brand,
      price: Math.round((5 + random() * 195) * 100) / 100,
    });
  }
  return items;
}

export const SANDBOX_INVENTORY: readonly SandboxInventoryItem[] = buildInventory();

function listingsOf(items: readonly SandboxInventoryItem[]): SandboxListing[] {
  return items.map((item, i) => ({
    itemId: String(204500000000 + i * 7919),
    sku: item.sku,
    listingType: 'FixedPriceItem',
  title: item.title,
  quantity: item.quantity,
  quantityAvailable: item.quantity,
  galleryUrl: item.imageUrl.replace('s-l500', 's-l140'),
  price: item.price,
  // One listing a day going back, newest first.
    startTime: new Date(Date.UTC(2026, 10, 21) - i * 86_400_000).toISOString(),
  }));
}

export const SANDBOX_LISTINGS: readonly SandboxListing[] = listingsOf(
  SANDBOX_INVENTORY.slice(0, LISTED_COUNT),
);

function buildOrders(count = 14, listings: readonly SandboxListing[] = SANDBOX_LISTINGS): SandboxOrder[] {
  const random = seeded(99);
  const buyers = [
    'vintage_finds_uk',
    'retro.gamer88',
    'thrifty-jo',
    'shelf_hunter',
    'bookworm_ldn',
    'camera.nut',
  ];
  const statuses: SandboxOrder['status'][] = [
    'NOT_STARTED',
    'NOT_STARTED',
    'IN_PROGRESS',
    'FULFILLED',
  ];
  const orders: SandboxOrder[] = [];
  for (let o = 0; o < count; o += 1) {
    const lines: SandboxLineItem[] = [];
    const count = 1 + (o % 3);
    for (let l = 0; l < count; l += 1) {
      const listing = listings[(o * 5 + l * 11) % listings.length]!;
      lines.push({
        lineItemId: String(10050000000 + o * 100 + l),
        legacyItemId: listing.itemId,
        sku: listing.sku ?? '',
        title: listing.title,
        quantity: 1 + Math.floor(random() * 2),
        price: listing.price,
      });
    }
    orders.push({
      orderId: `${String(26 - (o % 9)).padStart(2, '0')}-${String(13000 + o * 37).padStart(5, '0')}-${String(40000 + o * 53).padStart(5, '0')}`,
      creationDate: new Date(Date.UTC(2026, 10, 21, 18) - o * 5 * 3_600_000).toISOString(),
      buyer: buyers[o % buyers.length]!,
      status: statuses[o % statuses.length]!,
      lineItems: lines,
    });
  }
  return orders;
}

export const SANDBOX_ORDERS: readonly SandboxOrder[] = buildOrders();

/**
 * The kinds of seller the sandbox can be for one connection:
 * - reseller: 450 inventory items (Sell Inventory API), 36 of them listed, 14 orders
 * - website: lists on the eBay website, as most sellers do: the Sell Inventory API holds
 *   nothing (it only knows items created through it, or migrated with bulkMigrateListing), the
 *   same 36 listings through Trading, two of them auctions and two without a SKU
 * - elite: a large seller: 10,000 inventory items (50 pages of 200), 5,000 active listings
 *   (25 Trading pages of 200) and 250 orders in the last 90 days
 */
export type SellerKind = 'reseller' | 'website' | 'elite';

export interface SellerCatalogue {
  inventory: readonly SandboxInventoryItem[];
  listings: readonly SandboxListing[];
  orders: readonly SandboxOrder[];
}

export const WEBSITE_AUCTIONS = [4, 9];
export const WEBSITE_WITHOUT_SKU = [6, 13];
export const ELITE_INVENTORY_SIZE = 10_000;
export const ELITE_LISTED_COUNT = 5_000;
export const ELITE_ORDER_COUNT = 250;

const catalogues = new Map<SellerKind, SellerCatalogue>();

function buildCatalogue(kind: SellerKind): SellerCatalogue {
  if (kind === 'website') {
    const listings = SANDBOX_LISTINGS.map((listing, i) => ({
      ...listing,
      ...(WEBSITE_AUCTIONS.includes(i) ? { listingType: 'Chinese' as const } : {}),
      ...(WEBSITE_WITHOUT_SKU.includes(i) ? { sku: null } : {}),
    }));
    return { inventory: [], listings, orders: SANDBOX_ORDERS };
  }
  if (kind === 'elite') {
    const inventory = buildInventory(ELITE_INVENTORY_SIZE);
    const listings = listingsOf(inventory.slice(0, ELITE_LISTED_COUNT));
    return { inventory, listings, orders: buildOrders(ELITE_ORDER_COUNT, listings) };
  }
  return { inventory: SANDBOX_INVENTORY, listings: SANDBOX_LISTINGS, orders: SANDBOX_ORDERS };
}

/** The catalogue of a kind of seller, built once on first use. */
export function catalogueFor(kind: SellerKind): SellerCatalogue {
  let catalogue = catalogues.get(kind);
  if (!catalogue) {
    catalogue = buildCatalogue(kind);
    catalogues.set(kind, catalogue);
  }
  return catalogue;
}
