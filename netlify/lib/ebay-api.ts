import type { EbayEnv, Marketplace } from './ebay-env.ts';
import { EbayUnavailableError } from './ebay-oauth.ts';

/**
 * The three eBay reads Stockroom makes, normalised to the shapes our functions return:
 * - inventory: Sell Inventory API GET /sell/inventory/v1/inventory_item (limit ≤ 200, next href)
 * - active listings: Trading API GetMyeBaySelling ActiveList (the listings a seller has up now,
 *   whichever tool created them; the Inventory API only knows its own offers), OAuth token in
 *   X-EBAY-API-IAF-TOKEN
 * - orders: Sell Fulfillment API GET /sell/fulfillment/v1/order
 */

/** eBay refused the access token (expired or revoked): refresh and try once more. */
export class EbayTokenRejectedError extends Error {
  constructor() {
    super('eBay refused the access token');
    this.name = 'EbayTokenRejectedError';
  }
}

export interface InventoryEntry {
  sku: string;
  title: string;
  quantity: number;
  condition: string | null;
  imageUrl: string | null;
}

export interface ActiveListing {
  listingId: string;
  title: string;
  quantity: number;
  sku: string | null;
  imageUrl: string | null;
}

export interface OrderLine {
  lineItemId: string;
  legacyItemId: string | null;
  sku: string | null;
  title: string;
  quantity: number;
}

export interface Order {
  orderId: string;
  creationDate: string;
  buyer: string | null;
  status: string;
  total: { value: string; currency: string } | null;
  lineItems: OrderLine[];
}

// Safety stops for following pages: far above any seller of our plans (Elite holds 5000 items).
const MAX_INVENTORY_PAGES = 50;
const MAX_LISTING_PAGES = 25;
const MAX_ORDER_PAGES = 4;

async function restGet(url: string, token: string, marketplace: Marketplace): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, {
      headers: {
        authorization: `Bearer ${token}`,
        accept: 'application/json',
        'x-ebay-c-marketplace-id': marketplace.marketplaceId,
      },
      signal: AbortSignal.timeout(20_000),
    });
  } catch (error) {
    throw new EbayUnavailableError(`eBay unreachable: ${(error as Error).name}`);
  }
  if (response.status === 401) throw new EbayTokenRejectedError();
  if (!response.ok) throw new EbayUnavailableError(`eBay answered ${response.status}`);
  return response.json().catch(() => {
    throw new EbayUnavailableError('eBay sent an unreadable body');
  });
}

/** The next page's URL on the configured base (eBay's hrefs name its own host). */
function onBase(env: EbayEnv, href: string): string {
  const url = new URL(href, env.EBAY_API_BASE);
  return `${env.EBAY_API_BASE}${url.pathname}${url.search}`;
}

const str = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value : null;
const num = (value: unknown, fallback = 0): number => {
  const n = Number(value);
  return Number.isFinite(n) ? n : fallback;
};

export async function fetchInventory(
  env: EbayEnv,
  token: string,
  marketplace: Marketplace,
): Promise<InventoryEntry[]> {
  const entries: InventoryEntry[] = [];
  let next: string | null =
    `${env.EBAY_API_BASE}/sell/inventory/v1/inventory_item?limit=200&offset=0`;
  for (let page = 0; next && page < MAX_INVENTORY_PAGES; page += 1) {
    const body = (await restGet(next, token, marketplace)) as {
      inventoryItems?: Array<Record<string, unknown>>;
      next?: string;
    };
    for (const raw of body.inventoryItems ?? []) {
      const product = (raw.product ?? {}) as Record<string, unknown>;
      const availability = (raw.availability ?? {}) as {
        shipToLocationAvailability?: { quantity?: unknown };
      };
      const images = Array.isArray(product.imageUrls) ? product.imageUrls : [];
      entries.push({
        sku: String(raw.sku ?? ''),
        title: str(product.title) ?? String(raw.sku ?? ''),
        quantity: num(availability.shipToLocationAvailability?.quantity),
        condition: str(raw.condition),
        imageUrl: str(images[0]),
      });
    }
    next = body.next ? onBase(env, body.next) : null;
  }
  return entries;
}

export async function fetchOrders(
  env: EbayEnv,
  token: string,
  marketplace: Marketplace,
): Promise<Order[]> {
  const orders: Order[] = [];
  let next: string | null = `${env.EBAY_API_BASE}/sell/fulfillment/v1/order?limit=50&offset=0`;
  for (let page = 0; next && page < MAX_ORDER_PAGES; page += 1) {
    const body = (await restGet(next, token, marketplace)) as {
      orders?: Array<Record<string, unknown>>;
      next?: string;
    };
    for (const raw of body.orders ?? []) {
      const buyer = (raw.buyer ?? {}) as { username?: unknown };
      const total = (
        (raw.pricingSummary ?? {}) as { total?: { value?: unknown; currency?: unknown } }
      ).total;
      const lines = Array.isArray(raw.lineItems)
        ? (raw.lineItems as Array<Record<string, unknown>>)
        : [];
      orders.push({
        orderId: String(raw.orderId ?? ''),
        creationDate: String(raw.creationDate ?? ''),
        buyer: str(buyer.username),
        status: String(raw.orderFulfillmentStatus ?? 'NOT_STARTED'),
        total: total
          ? { value: String(total.value ?? ''), currency: String(total.currency ?? '') }
          : null,
        lineItems: lines.map((line) => ({
          lineItemId: String(line.lineItemId ?? ''),
          legacyItemId: str(line.legacyItemId),
          sku: str(line.sku),
          title: String(line.title ?? ''),
          quantity: num(line.quantity, 1),
        })),
      });
    }
    next = body.next ? onBase(env, body.next) : null;
  }
  return orders;
}

// --- Trading API (XML) ------------------------------------------------------------------------

const decodeXml = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

/** The raw content of the first <name> element in a fragment (our reads are known elements). */
function element(xml: string, name: string): string | null {
  const match = new RegExp(`<${name}(?:\\s[^>]*)?>([\\s\\S]*?)</${name}>`).exec(xml);
  return match ? match[1]!.trim() : null;
}

/** The decoded text of a leaf element; containers are read with element() so text never splits them. */
function tag(xml: string, name: string): string | null {
  const raw = element(xml, name);
  return raw === null ? null : decodeXml(raw);
}

// Trading API errors that mean the OAuth token is not (or no longer) good.
const TOKEN_ERROR_CODES = new Set(['931', '932', '16110', '21916984', '21917053']);

function sellingRequest(page: number): string {
  return `<?xml version="1.0" encoding="utf-8"?>
<GetMyeBaySellingRequest xmlns="urn:ebay:apis:eBLBaseComponents">
  <ActiveList>
    <Include>true</Include>
    <Pagination><EntriesPerPage>200</EntriesPerPage><PageNumber>${page}</PageNumber></Pagination>
  </ActiveList>
  <HideVariations>true</HideVariations>
  <DetailLevel>ReturnAll</DetailLevel>
</GetMyeBaySellingRequest>`;
}

export async function fetchActiveListings(
  env: EbayEnv,
  token: string,
  marketplace: Marketplace,
): Promise<ActiveListing[]> {
  const listings: ActiveListing[] = [];
  let pages = 1;
  for (let page = 1; page <= pages && page <= MAX_LISTING_PAGES; page += 1) {
    let response: Response;
    try {
      response = await fetch(`${env.EBAY_API_BASE}/ws/api.dll`, {
        method: 'POST',
        headers: {
          'content-type': 'text/xml',
          'x-ebay-api-call-name': 'GetMyeBaySelling',
          'x-ebay-api-compatibility-level': '1193',
          'x-ebay-api-siteid': marketplace.siteId,
          'x-ebay-api-iaf-token': token,
        },
        body: sellingRequest(page),
        signal: AbortSignal.timeout(20_000),
      });
    } catch (error) {
      throw new EbayUnavailableError(`eBay unreachable: ${(error as Error).name}`);
    }
    if (response.status === 401) throw new EbayTokenRejectedError();
    if (!response.ok) throw new EbayUnavailableError(`eBay answered ${response.status}`);
    const xml = await response.text();
    const ack = tag(xml, 'Ack');
    if (ack !== 'Success' && ack !== 'Warning') {
      const code = tag(xml, 'ErrorCode');
      if (code && TOKEN_ERROR_CODES.has(code)) throw new EbayTokenRejectedError();
      throw new EbayUnavailableError(`GetMyeBaySelling failed (${code ?? 'no code'})`);
    }
    const active = element(xml, 'ActiveList') ?? '';
    pages = num(tag(active, 'TotalNumberOfPages'), 1);
    for (const match of active.matchAll(/<Item>([\s\S]*?)<\/Item>/g)) {
      const item = match[1]!;
      const listingId = tag(item, 'ItemID');
      if (!listingId) continue;
      listings.push({
        listingId,
        title: tag(item, 'Title') ?? listingId,
        quantity: num(tag(item, 'QuantityAvailable') ?? tag(item, 'Quantity'), 1),
        sku: tag(item, 'SKU'),
        imageUrl: tag(item, 'GalleryURL'),
      });
    }
  }
  return listings;
}
