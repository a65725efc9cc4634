import type { EbayInventoryEntry } from '../../src/domain/ebay-inventory.ts';
import type { EbayEnv, Marketplace } from './ebay-env.ts';
import { EbayUnavailableError } from './ebay-oauth.ts';

/**
 * The three eBay reads Stockroom makes, one page per call, normalised to the shapes our
 * functions return (the functions decide how many pages fit in one invocation):
 * - inventory: Sell Inventory API GET /sell/inventory/v1/inventory_item (limit ≤ 200; its offset
 *   is a page number, and each page after the first is read from eBay's `next` link)
 * - active listings: Trading API GetMyeBaySelling ActiveList (the listings a seller has up now,
 *   whichever tool created them; the Inventory API only knows its own items), OAuth token in
 *   X-EBAY-API-IAF-TOKEN
 * - orders: Sell Fulfillment API GET /sell/fulfillment/v1/order (limit ≤ 200, offset)
 */

/** eBay refused the access token (expired or revoked): refresh and try once more. */
export class EbayTokenRejectedError extends Error {
  constructor() {
    super('eBay refused the access token');
    this.name = 'EbayTokenRejectedError';
  }
}

/**
 * eBay asked us to slow down (REST 429, Trading error 518): the seller waits, nothing is lost.
 * retryAfterSeconds is eBay's Retry-After when it sent one.
 */
export class EbayRateLimitedError extends Error {
  constructor(readonly retryAfterSeconds: number | null) {
    super('eBay rate-limited the request');
    this.name = 'EbayRateLimitedError';
  }
}

/** Seconds from a Retry-After header (delta-seconds or an HTTP date), or null. */
export function retryAfterSeconds(header: string | null, now = Date.now()): number | null {
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.ceil(seconds);
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - now) / 1000));
}

/** A Retry-After this short is waited out inside the call; a longer one goes to the seller. */
const INLINE_RETRY_MAX_SECONDS = 2;
/** One eBay page may take this long: a slow page still leaves the call inside Netlify's 10 s. */
export const PAGE_TIMEOUT_MS = 4_000;

export interface ActiveListing {
  listingId: string;
  title: string;
  quantity: number;
  sku: string | null;
  imageUrl: string | null;
  /** Trading's ListingType: FixedPriceItem, Chinese (auction)… */
  listingType: string | null;
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

export const PAGE_SIZE = 200;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function restGet(url: string, token: string, marketplace: Marketplace): Promise<unknown> {
  for (let attempt = 0; ; attempt += 1) {
    let response: Response;
    try {
      response = await fetch(url, {
        headers: {
          authorization: `Bearer ${token}`,
          accept: 'application/json',
          'x-ebay-c-marketplace-id': marketplace.marketplaceId,
        },
        signal: AbortSignal.timeout(PAGE_TIMEOUT_MS),
      });
    } catch (error) {
      throw new EbayUnavailableError(`eBay unreachable: ${(error as Error).name}`);
    }
    if (response.status === 401) throw new EbayTokenRejectedError();
    if (response.status === 429) {
      const wait = retryAfterSeconds(response.headers.get('retry-after'));
      await response.body?.cancel();
      // A short wait is honoured here once; anything longer is the seller's to wait.
      if (attempt === 0 && wait !== null && wait <= INLINE_RETRY_MAX_SECONDS) {
        await sleep(wait * 1000);
        continue;
      }
      throw new EbayRateLimitedError(wait);
    }
    if (!response.ok) throw new EbayUnavailableError(`eBay answered ${response.status}`);
    return response.json().catch(() => {
      throw new EbayUnavailableError('eBay sent an unreadable body');
    });
  }
}

const str = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value : null;
const num = (value: unknown, fallback = 0): number => {
  const n = Number(value);
  return Number.isFinite(n) ? n : fallback;
};

export interface Page<T> {
  entries: T[];
  /** eBay's count of all entries, when it gave one. */
  total: number | null;
  /** Whether eBay has a page after this one. */
  more: boolean;
}

const INVENTORY_PATH = '/sell/inventory/v1/inventory_item';

/** The first page of the seller's Sell Inventory API items: 200 a page, page 0. */
export function firstInventoryPage(env: EbayEnv): string {
  return `${env.EBAY_API_BASE}${INVENTORY_PATH}?limit=${PAGE_SIZE}&offset=0`;
}

/**
 * eBay's `next` link as a URL we may send the seller's token to: the same API host and path.
 * getInventoryItems' offset is a page number (eBay's OpenAPI file), so pages are followed by
 * eBay's own link rather than by offsets we work out.
 */
function nextInventoryPage(env: EbayEnv, next: unknown): string | null {
  if (typeof next !== 'string' || next === '') return null;
  const base = new URL(env.EBAY_API_BASE);
  let url: URL;
  try {
    url = new URL(next, base);
  } catch {
    throw new EbayUnavailableError('eBay sent an unreadable next link');
  }
  if (
    url.origin !== base.origin ||
    url.pathname !== `${base.pathname.replace(/\/$/, '')}${INVENTORY_PATH}`
  ) {
    throw new EbayUnavailableError('eBay sent a next link to another address');
  }
  return url.href;
}

/** One page of the seller's Sell Inventory API items, read from `url` (firstInventoryPage, or
 *  the `next` of the page before), with the link to the page after it. */
export async function fetchInventoryPage(
  env: EbayEnv,
  token: string,
  marketplace: Marketplace,
  url: string,
): Promise<Page<EbayInventoryEntry> & { next: string | null }> {
  const body = (await restGet(url, token, marketplace)) as {
    inventoryItems?: Array<Record<string, unknown>>;
    next?: unknown;
    total?: unknown;
  };
  const entries = (body.inventoryItems ?? []).map((raw) => {
    const product = (raw.product ?? {}) as Record<string, unknown>;
    const availability = (raw.availability ?? {}) as {
      shipToLocationAvailability?: { quantity?: unknown };
    };
    const images = Array.isArray(product.imageUrls) ? product.imageUrls : [];
    return {
      sku: String(raw.sku ?? ''),
      title: str(product.title) ?? String(raw.sku ?? ''),
      quantity: num(availability.shipToLocationAvailability?.quantity),
      condition: str(raw.condition),
      imageUrl: str(images[0]),
    };
  });
  const next = nextInventoryPage(env, body.next);
  // A link back to this page would read it for ever.
  if (next !== null && next === new URL(url).href) {
    throw new EbayUnavailableError('eBay sent a next link to the same page');
  }
  return {
    entries,
    total: body.total === undefined ? null : num(body.total),
    more: next !== null,
    next,
  };
}

/** One page (200) of the seller's orders (eBay's default window, the last 90 days). */
export async function fetchOrdersPage(
  env: EbayEnv,
  token: string,
  marketplace: Marketplace,
  offset: number,
): Promise<Page<Order>> {
  const body = (await restGet(
    `${env.EBAY_API_BASE}/sell/fulfillment/v1/order?limit=${PAGE_SIZE}&offset=${offset}`,
    token,
    marketplace,
  )) as { orders?: Array<Record<string, unknown>>; next?: string; total?: unknown };
  const entries = (body.orders ?? []).map((raw) => {
    const buyer = (raw.buyer ?? {}) as { username?: unknown };
    const total = (
      (raw.pricingSummary ?? {}) as { total?: { value?: unknown; currency?: unknown } }
    ).total;
    const lines = Array.isArray(raw.lineItems)
      ? (raw.lineItems as Array<Record<string, unknown>>)
      : [];
    return {
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
    };
  });
  return {
    entries,
    total: body.total === undefined ? null : num(body.total),
    more: Boolean(body.next),
  };
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

/**
 * Trading API schema version we send (X-EBAY-API-COMPATIBILITY-LEVEL): the current version of
 * eBay's Trading API reference when this was written; eBay supports versions for about 18
 * months after release, so it needs raising from time to time.
 */
export const TRADING_COMPATIBILITY_LEVEL = '1451';

// Trading's call-limit error: the application or seller made too many calls.
const CALL_LIMIT_ERROR_CODES = new Set(['518']);
/** GetMyeBaySelling's short-duration limit resets after 15 seconds (eBay's call reference). */
const TRADING_LIMIT_SECONDS = 15;

/**
 * Only the active list, paged: no DetailLevel (ReturnAll would send every container, and eBay
 * truncates large sellers' answers with a warning), other containers left out.
 */
function sellingRequest(page: number): string {
  return `<?xml version="1.0" encoding="utf-8"?>
<GetMyeBaySellingRequest xmlns="urn:ebay:apis:eBLBaseComponents">
  <ActiveList>
    <Include>true</Include>
    <Pagination><EntriesPerPage>${PAGE_SIZE}</EntriesPerPage><PageNumber>${page}</PageNumber></Pagination>
  </ActiveList>
  <HideVariations>true</HideVariations>
</GetMyeBaySellingRequest>`;
}

export interface ListingsPage extends Page<ActiveListing> {
  totalPages: number;
  /**
   * False when eBay's answer may have left listings out: Ack=Warning, or fewer items than a
   * full page before the last. Such an answer must never be taken as "the rest ended".
   */
  complete: boolean;
}

/** One page (200) of the seller's active listings from Trading's GetMyeBaySelling. */
export async function fetchListingsPage(
  env: EbayEnv,
  token: string,
  marketplace: Marketplace,
  page: number,
): Promise<ListingsPage> {
  let response: Response;
  try {
    response = await fetch(`${env.EBAY_API_BASE}/ws/api.dll`, {
      method: 'POST',
      headers: {
        'content-type': 'text/xml',
        'x-ebay-api-call-name': 'GetMyeBaySelling',
        'x-ebay-api-compatibility-level': TRADING_COMPATIBILITY_LEVEL,
        'x-ebay-api-siteid': marketplace.siteId,
        'x-ebay-api-iaf-token': token,
      },
      body: sellingRequest(page),
      signal: AbortSignal.timeout(PAGE_TIMEOUT_MS),
    });
  } catch (error) {
    throw new EbayUnavailableError(`eBay unreachable: ${(error as Error).name}`);
  }
  if (response.status === 401) throw new EbayTokenRejectedError();
  if (response.status === 429) {
    throw new EbayRateLimitedError(retryAfterSeconds(response.headers.get('retry-after')));
  }
  if (!response.ok) throw new EbayUnavailableError(`eBay answered ${response.status}`);
  const xml = await response.text();
  const ack = tag(xml, 'Ack');
  if (ack !== 'Success' && ack !== 'Warning') {
    const code = tag(xml, 'ErrorCode');
    if (code && TOKEN_ERROR_CODES.has(code)) throw new EbayTokenRejectedError();
    if (code && CALL_LIMIT_ERROR_CODES.has(code))
      throw new EbayRateLimitedError(TRADING_LIMIT_SECONDS);
    throw new EbayUnavailableError(`GetMyeBaySelling failed (${code ?? 'no code'})`);
  }
  const active = element(xml, 'ActiveList') ?? '';
  const totalPages = num(tag(active, 'TotalNumberOfPages'), 0);
  const totalEntries = num(tag(active, 'TotalNumberOfEntries'), 0);
  const entries: ActiveListing[] = [];
  for (const match of active.matchAll(/<Item>([\s\S]*?)<\/Item>/g)) {
    const item = match[1]!;
    const listingId = tag(item, 'ItemID');
    if (!listingId) continue;
    entries.push({
      listingId,
      title: tag(item, 'Title') ?? listingId,
      quantity: num(tag(item, 'QuantityAvailable') ?? tag(item, 'Quantity'), 1),
      sku: tag(item, 'SKU'),
      imageUrl: tag(item, 'GalleryURL'),
      listingType: tag(item, 'ListingType'),
    });
  }
  const expected = page < totalPages ? PAGE_SIZE : totalEntries - (totalPages - 1) * PAGE_SIZE;
  const complete = ack === 'Success' && (totalPages === 0 || entries.length >= expected);
  return { entries, total: totalEntries, more: page < totalPages, totalPages, complete };
}

/**
 * The connected seller's eBay user ID from Trading's GetUser (no UserID in the request: eBay
 * answers for the token's own user). It needs no scope beyond the one we ask for, unlike the
 * Commerce Identity API, so connections made before it was read work too. Null when eBay does
 * not say; the caller treats the name as nice to have.
 */
export async function fetchEbayUserId(
  env: EbayEnv,
  token: string,
  marketplace: Marketplace,
): Promise<string | null> {
  let response: Response;
  try {
    response = await fetch(`${env.EBAY_API_BASE}/ws/api.dll`, {
      method: 'POST',
      headers: {
        'content-type': 'text/xml',
        'x-ebay-api-call-name': 'GetUser',
        'x-ebay-api-compatibility-level': TRADING_COMPATIBILITY_LEVEL,
        'x-ebay-api-siteid': marketplace.siteId,
        'x-ebay-api-iaf-token': token,
      },
      body: '<?xml version="1.0" encoding="utf-8"?><GetUserRequest xmlns="urn:ebay:apis:eBLBaseComponents"/>',
      signal: AbortSignal.timeout(PAGE_TIMEOUT_MS),
    });
  } catch {
    return null;
  }
  if (!response.ok) return null;
  const xml = await response.text();
  const ack = tag(xml, 'Ack');
  if (ack !== 'Success' && ack !== 'Warning') return null;
  const user = tag(element(xml, 'User') ?? '', 'UserID');
  return user ? user.slice(0, 100) : null;
}
