import { randomBytes } from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { closeServer, listenLocal, readBody, sendJson } from '../http.ts';
import {
  catalogueFor,
  type SandboxInventoryItem,
  type SandboxOrder,
  type SellerKind,
} from './ebay-catalogue.ts';

/**
 * A local eBay: one HTTP server answering the calls our Netlify functions make, with eBay's
 * shapes (auth.ebay.com and api.ebay.com both point here locally):
 *
 * - GET  /oauth2/authorize            consent, auto-approved: 302 to the RuName's accept URL with
 *                                     code, state and expires_in; in deny mode (the seller
 *                                     declines) 302 to the RuName's declined URL, as eBay does;
 *                                     unknown client or RuName gets an error page
 * - POST /identity/v1/oauth2/token    Basic client auth; grant_type authorization_code (single-use
 *                                     codes, 5 min) and refresh_token; OAuth error bodies
 * - GET  /sell/inventory/v1/inventory_item?limit&offset   the seller's inventory items, limit
 *                                     1..200 a page and offset the page number from 0, as
 *                                     eBay's OpenAPI file says; href/next/prev links, size the
 *                                     number of pages
 * - POST /ws/api.dll                  Trading API GetUser (the token's own UserID) and
 *                                     GetMyeBaySelling (X-EBAY-API-IAF-TOKEN): the
 *                                     active listings, EntriesPerPage (max 200)/PageNumber, XML;
 *                                     DetailLevel=ReturnAll returns every container, as eBay does
 * - GET  /sell/fulfillment/v1/order?limit&offset          the seller's orders (limit 1..200;
 *                                     no legacyOrderId, which eBay no longer returns)
 *
 * Each connection is one kind of seller (ebay-catalogue.ts: reseller by default, website, elite)
 * and can be given a latency per API answer (real eBay takes hundreds of milliseconds a page),
 * truncated Trading answers (Ack=Warning, as eBay sends large sellers) and rate limiting
 * (REST 429 with Retry-After; Trading error 518).
 *
 * Every API call needs a live access token from this server's token endpoint.
 * Test controls under /_sandbox (local only, no auth), each scoped to the connection a token
 * belongs to (any access or refresh token of it), so tests running side by side do not disturb
 * each other: expire its access tokens, revoke its refresh token, make the next N calls to an
 * API fail, read its call counts; and the authorize page's answer (approve / deny), for one
 * authorize request's state or, without a state, for every request.
 * Nothing here logs a token, code or secret.
 */

export interface EbaySandboxOptions {
  clientId: string;
  clientSecret: string;
  ruName: string;
  /** Where the RuName sends the seller back to (eBay's "auth accepted URL"). */
  acceptUrl: () => string;
  /** Where the RuName sends a seller who declines (eBay's "auth declined URL"). */
  declineUrl?: () => string;
  port?: number;
  /** Access token lifetime; eBay's user tokens live 2 hours. */
  accessTokenSeconds?: number;
  log?: (line: string) => void;
}

export interface EbaySandbox {
  url: string;
  port: number;
  stop(): Promise<void>;
}

type Api = 'inventory' | 'listings' | 'orders' | 'token';

/** One seller's consent: the tokens issued from one authorization code and its refreshes. */
interface Connection {
  id: string;
  /** The seller's eBay user ID (Trading GetUser's UserID). */
  userId: string;
  scopes: string[];
  refreshToken: string;
  refreshRevoked: boolean;
  grants: { authorization_code: number; refresh_token: number };
  calls: Record<Exclude<Api, 'token'>, number>;
  failures: Partial<Record<Api, { status: number; remaining: number; retryAfter: number | null }>>;
  lastMarketplaceId: string | null;
  lastSiteId: string | null;
  /** The offset (a page number) of each inventory request, in order. */
  inventoryOffsets: number[];
  kind: SellerKind;
  /** Added to every API answer, in milliseconds. */
  latencyMs: number;
  /** Trading answers come back truncated with Ack=Warning while set. */
  truncateListings: boolean;
  lastTrading: {
    compatibilityLevel: string | null;
    detailLevel: string | null;
    containers: string[];
  } | null;
}

interface AccessToken {
  connection: Connection;
  expiresAt: number;
}

const ACCESS_PREFIX = 'v^1.1#i^1#sandbox#a^';
const REFRESH_PREFIX = 'v^1.1#i^1#sandbox#r^';
const REFRESH_TOKEN_SECONDS = 47_304_000; // 18 months, as eBay issues them
/** The Trading schema version the sandbox answers with (eBay's current one). */
export const SANDBOX_TRADING_VERSION = '1451';
const SELLER_KINDS: SellerKind[] = ['reseller', 'website', 'elite'];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const token = (prefix: string) => `${prefix}${randomBytes(24).toString('base64url')}`;

const oauthError = (res: ServerResponse, status: number, error: string, description: string) =>
  sendJson(res, status, { error, error_description: description });

const restError = (
  res: ServerResponse,
  status: number,
  errorId: number,
  message: string,
  headers: Record<string, string> = {},
) =>
  sendJson(
    res,
    status,
    {
      errors: [
        {
          errorId,
          domain: status === 401 ? 'OAuth' : 'API_SANDBOX',
          category: 'REQUEST',
          message,
          longMessage: message,
        },
      ],
    },
    headers,
  );

function sendHtml(res: ServerResponse, status: number, html: string): void {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
  res.end(html);
}

const escapeXml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function xmlTag(xml: string, name: string): string | null {
  const match = new RegExp(`<${name}>([^<]*)</${name}>`).exec(xml);
  return match ? match[1]!.trim() : null;
}

function inventoryRecord(item: SandboxInventoryItem) {
  return {
    sku: item.sku,
    locale: 'en_GB',
    product: {
      title: item.title,
      brand: item.brand,
      aspects: { Brand: [item.brand] },
      imageUrls: [item.imageUrl],
    },
    condition: item.condition,
    availability: { shipToLocationAvailability: { quantity: item.quantity } },
  };
}

function orderRecord(order: SandboxOrder) {
  const total = order.lineItems.reduce((sum, line) => sum + line.price * line.quantity, 0);
  const money = (value: number) => ({ value: value.toFixed(2), currency: 'GBP' });
  return {
    orderId: order.orderId,
    creationDate: order.creationDate,
    lastModifiedDate: order.creationDate,
    orderFulfillmentStatus: order.status,
    orderPaymentStatus: 'PAID',
    sellerId: 'stockroom_sandbox_seller',
    buyer: { username: order.buyer },
    pricingSummary: { total: money(total) },
    lineItems: order.lineItems.map((line) => ({
      lineItemId: line.lineItemId,
      legacyItemId: line.legacyItemId,
      sku: line.sku,
      title: line.title,
      quantity: line.quantity,
      lineItemCost: money(line.price * line.quantity),
      lineItemFulfillmentStatus: order.status === 'FULFILLED' ? 'FULFILLED' : 'NOT_STARTED',
    })),
  };
}

function intParam(value: string | null, fallback: number): number {
  if (value === null || value === '') return fallback;
  const n = Number(value);
  return Number.isInteger(n) ? n : Number.NaN;
}

export async function startEbaySandbox(opts: EbaySandboxOptions): Promise<EbaySandbox> {
  const log = opts.log ?? (() => undefined);
  const accessLifetime = opts.accessTokenSeconds ?? 7200;
  const codes = new Map<string, { connection: Connection; expiresAt: number }>();
  const accessTokens = new Map<string, AccessToken>();
  const refreshTokens = new Map<string, Connection>();
  let authorizeMode: 'approve' | 'deny' = 'approve';
  /** States whose authorize request is declined once (a test's seller, not everyone's). */
  const denyStates = new Set<string>();
  let baseUrl = '';

  function connectionOf(value: unknown): Connection | null {
    if (typeof value !== 'string') return null;
    return accessTokens.get(value)?.connection ?? refreshTokens.get(value) ?? null;
  }

  function issueAccess(connection: Connection): string {
    const access = token(ACCESS_PREFIX);
    accessTokens.set(access, { connection, expiresAt: Date.now() + accessLifetime * 1000 });
    return access;
  }

  /** The connection behind a live bearer token, or null after answering 401. */
  function authorise(req: IncomingMessage, res: ServerResponse): Connection | null {
    const header = req.headers.authorization ?? '';
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    const entry = match ? accessTokens.get(match[1]!) : undefined;
    if (!entry || entry.expiresAt <= Date.now()) {
      restError(res, 401, 1001, 'Invalid access token');
      return null;
    }
    return entry.connection;
  }

  /** An injected failure for this call, if a test asked for one. */
  function injected(connection: Connection | null, api: Api): number | null {
    return injectedFailure(connection, api)?.status ?? null;
  }

  function injectedFailure(connection: Connection | null, api: Api) {
    const failure = connection?.failures[api];
    if (!failure || failure.remaining <= 0) return null;
    failure.remaining -= 1;
    return failure;
  }

  /** A REST failure a test asked for: 429 carries Retry-After and eBay's errorId 2001. */
  function restFailure(res: ServerResponse, connection: Connection, api: Api, errorId: number) {
    const failure = injectedFailure(connection, api);
    if (!failure) return false;
    if (failure.status === 429) {
      restError(
        res,
        429,
        2001,
        'Too many requests. The request limit has been reached for the resource.',
        failure.retryAfter === null ? {} : { 'retry-after': String(failure.retryAfter) },
      );
    } else {
      restError(res, failure.status, errorId, 'A system error has occurred.');
    }
    return true;
  }

  function checkClient(req: IncomingMessage): boolean {
    const header = req.headers.authorization ?? '';
    const match = /^Basic\s+(\S+)$/i.exec(header);
    if (!match) return false;
    const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
    return decoded === `${opts.clientId}:${opts.clientSecret}`;
  }

  function handleAuthorize(res: ServerResponse, url: URL): void {
    const params = url.searchParams;
    if (params.get('client_id') !== opts.clientId) {
      sendHtml(res, 400, '<h1>Invalid request</h1><p>The client_id is not valid.</p>');
      return;
    }
    if (params.get('redirect_uri') !== opts.ruName) {
      sendHtml(
        res,
        400,
        '<h1>Invalid request</h1><p>The redirect_uri is not a RuName of this application.</p>',
      );
      return;
    }
    if (params.get('response_type') !== 'code') {
      sendHtml(res, 400, '<h1>Invalid request</h1><p>response_type must be code.</p>');
      return;
    }
    const state = params.get('state');
    if (authorizeMode === 'deny' || (state !== null && denyStates.delete(state))) {
      // eBay sends a seller who declines to the RuName's declined URL, with no code.
      const declined = new URL((opts.declineUrl ?? opts.acceptUrl)());
      if (!opts.declineUrl) declined.searchParams.set('error', 'access_denied');
      if (state !== null) declined.searchParams.set('state', state);
      res.writeHead(302, { location: declined.toString(), 'cache-control': 'no-store' });
      res.end();
      return;
    }
    const back = new URL(opts.acceptUrl());
    {
      const connection: Connection = {
        id: randomBytes(8).toString('hex'),
        userId: `sandbox-seller-${randomBytes(3).toString('hex')}`,
        scopes: (params.get('scope') ?? '').split(/\s+/).filter(Boolean),
        refreshToken: token(REFRESH_PREFIX),
        refreshRevoked: false,
        grants: { authorization_code: 0, refresh_token: 0 },
        calls: { inventory: 0, listings: 0, orders: 0 },
        failures: {},
        lastMarketplaceId: null,
        lastSiteId: null,
        inventoryOffsets: [],
        kind: 'reseller',
        latencyMs: 0,
        truncateListings: false,
        lastTrading: null,
      };
      const code = `v^1.1#i^1#sandbox#c^${randomBytes(24).toString('base64url')}`;
      codes.set(code, { connection, expiresAt: Date.now() + 299_000 });
      back.searchParams.set('code', code);
      back.searchParams.set('expires_in', '299');
    }
    if (state !== null) back.searchParams.set('state', state);
    res.writeHead(302, { location: back.toString(), 'cache-control': 'no-store' });
    res.end();
  }

  async function handleToken(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (!checkClient(req)) {
      oauthError(res, 401, 'invalid_client', 'client authentication failed');
      return;
    }
    const form = new URLSearchParams((await readBody(req)).toString('utf8'));
    const grant = form.get('grant_type');
    if (grant === 'authorization_code') {
      const code = form.get('code') ?? '';
      const entry = codes.get(code);
      codes.delete(code); // single use, even when refused
      if (!entry || entry.expiresAt <= Date.now() || form.get('redirect_uri') !== opts.ruName) {
        oauthError(
          res,
          400,
          'invalid_grant',
          'the provided authorization grant code is invalid or was issued to another client',
        );
        return;
      }
      const failed = injected(entry.connection, 'token');
      if (failed) {
        oauthError(res, failed, 'server_error', 'sandbox failure');
        return;
      }
      entry.connection.grants.authorization_code += 1;
      refreshTokens.set(entry.connection.refreshToken, entry.connection);
      sendJson(res, 200, {
        access_token: issueAccess(entry.connection),
        expires_in: accessLifetime,
        refresh_token: entry.connection.refreshToken,
        refresh_token_expires_in: REFRESH_TOKEN_SECONDS,
        token_type: 'User Access Token',
      });
      return;
    }
    if (grant === 'refresh_token') {
      const connection = refreshTokens.get(form.get('refresh_token') ?? '');
      if (!connection || connection.refreshRevoked) {
        oauthError(
          res,
          400,
          'invalid_grant',
          'the provided authorization refresh token is invalid or was issued to another client',
        );
        return;
      }
      const failed = injected(connection, 'token');
      if (failed) {
        oauthError(res, failed, 'server_error', 'sandbox failure');
        return;
      }
      connection.grants.refresh_token += 1;
      sendJson(res, 200, {
        access_token: issueAccess(connection),
        expires_in: accessLifetime,
        token_type: 'User Access Token',
      });
      return;
    }
    oauthError(
      res,
      400,
      'unsupported_grant_type',
      'grant type in request is not supported by the authorization server',
    );
  }

  function noteMarketplace(req: IncomingMessage, connection: Connection): void {
    const id = req.headers['x-ebay-c-marketplace-id'];
    if (typeof id === 'string') connection.lastMarketplaceId = id;
  }

  async function handleInventory(req: IncomingMessage, res: ServerResponse, url: URL) {
    const connection = authorise(req, res);
    if (!connection) return;
    connection.calls.inventory += 1;
    noteMarketplace(req, connection);
    await sleep(connection.latencyMs);
    if (restFailure(res, connection, 'inventory', 25001)) return;
    const { inventory } = catalogueFor(connection.kind);
    const limit = intParam(url.searchParams.get('limit'), 25);
    // getInventoryItems' offset is "the page number to retrieve", the first page 0 (eBay's
    // sell_inventory OpenAPI file), unlike the record offset of Fulfillment's getOrders.
    const offset = intParam(url.searchParams.get('offset'), 0);
    if (!(limit >= 1 && limit <= 200) || !(offset >= 0)) {
      return restError(res, 400, 25709, 'Invalid value for limit or offset.');
    }
    connection.inventoryOffsets.push(offset);
    const pages = Math.ceil(inventory.length / limit);
    const items = inventory.slice(offset * limit, (offset + 1) * limit);
    const href = (o: number) =>
      `${baseUrl}/sell/inventory/v1/inventory_item?limit=${limit}&offset=${o}`;
    sendJson(res, 200, {
      href: href(offset),
      limit,
      ...(offset + 1 < pages ? { next: href(offset + 1) } : {}),
      ...(offset > 0 ? { prev: href(Math.min(offset, pages) - 1) } : {}),
      size: pages,
      total: inventory.length,
      inventoryItems: items.map(inventoryRecord),
    });
  }

  async function handleOrders(req: IncomingMessage, res: ServerResponse, url: URL) {
    const connection = authorise(req, res);
    if (!connection) return;
    connection.calls.orders += 1;
    noteMarketplace(req, connection);
    await sleep(connection.latencyMs);
    if (restFailure(res, connection, 'orders', 30500)) return;
    const orders = catalogueFor(connection.kind).orders;
    const limit = intParam(url.searchParams.get('limit'), 50);
    const offset = intParam(url.searchParams.get('offset'), 0);
    if (!(limit >= 1 && limit <= 200) || !(offset >= 0)) {
      return restError(res, 400, 31100, 'Invalid limit or offset.');
    }
    const page = orders.slice(offset, offset + limit);
    const href = (o: number) => `${baseUrl}/sell/fulfillment/v1/order?limit=${limit}&offset=${o}`;
    sendJson(res, 200, {
      href: href(offset),
      limit,
      offset,
      ...(offset + limit < orders.length ? { next: href(offset + limit) } : {}),
      total: orders.length,
      warnings: [],
      orders: page.map(orderRecord),
    });
  }

  function tradingFailure(res: ServerResponse, code: number, message: string): void {
    res.writeHead(200, { 'content-type': 'text/xml; charset=utf-8' });
    res.end(
      `<?xml version="1.0" encoding="UTF-8"?><GetMyeBaySellingResponse xmlns="urn:ebay:apis:eBLBaseComponents"><Timestamp>${new Date().toISOString()}</Timestamp><Ack>Failure</Ack><Errors><ShortMessage>${escapeXml(message)}</ShortMessage><LongMessage>${escapeXml(message)}</LongMessage><ErrorCode>${code}</ErrorCode><SeverityCode>Error</SeverityCode><ErrorClassification>RequestError</ErrorClassification></Errors><Version>${SANDBOX_TRADING_VERSION}</Version></GetMyeBaySellingResponse>`,
    );
  }

  async function handleTrading(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = (await readBody(req)).toString('utf8');
    const callName = req.headers['x-ebay-api-call-name'];
    if (callName !== 'GetMyeBaySelling' && callName !== 'GetUser') {
      return tradingFailure(res, 2, 'Unsupported API call.');
    }
    // The Trading API takes OAuth user tokens in X-EBAY-API-IAF-TOKEN and answers HTTP 200
    // with Ack=Failure when the token is not valid.
    const iaf = req.headers['x-ebay-api-iaf-token'];
    const entry = typeof iaf === 'string' ? accessTokens.get(iaf) : undefined;
    if (!entry) return tradingFailure(res, 21916984, 'Invalid IAF token.');
    if (entry.expiresAt <= Date.now())
      return tradingFailure(res, 21917053, 'IAF token supplied is expired.');
    const connection = entry.connection;
    if (callName === 'GetUser') {
      // GetUser without a UserID answers for the token's own user, as eBay does.
      res.writeHead(200, { 'content-type': 'text/xml; charset=utf-8' });
      res.end(
        `<?xml version="1.0" encoding="UTF-8"?><GetUserResponse xmlns="urn:ebay:apis:eBLBaseComponents"><Timestamp>${new Date().toISOString()}</Timestamp><Ack>Success</Ack><Version>${SANDBOX_TRADING_VERSION}</Version><User><UserID>${escapeXml(connection.userId)}</UserID><Status>Confirmed</Status><Site>UK</Site></User></GetUserResponse>`,
      );
      return;
    }
    connection.calls.listings += 1;
    const site = req.headers['x-ebay-api-siteid'];
    if (typeof site === 'string') connection.lastSiteId = site;
    const level = req.headers['x-ebay-api-compatibility-level'];
    const detailLevel = xmlTag(body, 'DetailLevel');
    const included = [
      'ActiveList',
      'SoldList',
      'UnsoldList',
      'ScheduledList',
      'SellingSummary',
    ].filter((name) =>
      new RegExp(`<${name}>(?:(?!</${name}>)[\\s\\S])*<Include>true</Include>`).test(body),
    );
    connection.lastTrading = {
      compatibilityLevel: typeof level === 'string' ? level : null,
      detailLevel,
      containers: included,
    };
    await sleep(connection.latencyMs);
    const failure = injectedFailure(connection, 'listings');
    if (failure?.status === 429) {
      // Trading's call limits answer HTTP 200 with error 518, and no Retry-After.
      return tradingFailure(res, 518, 'Call usage limit has been reached.');
    }
    if (failure) {
      res.writeHead(failure.status, { 'content-type': 'text/plain' });
      res.end('Service Unavailable');
      return;
    }
    // ReturnAll returns every container, whatever was asked; without it only what was included.
    const returnAll = detailLevel === 'ReturnAll';
    const active = returnAll || included.includes('ActiveList');
    const listings = catalogueFor(connection.kind).listings;
    const perPage = Math.min(200, Math.max(1, Number(xmlTag(body, 'EntriesPerPage') ?? 25) || 25));
    const pageNumber = Math.max(1, Number(xmlTag(body, 'PageNumber') ?? 1) || 1);
    const start = (pageNumber - 1) * perPage;
    let items = listings.slice(start, start + perPage);
    // A large answer is cut short with a warning, as eBay does for high-volume sellers.
    const truncated = connection.truncateListings || (returnAll && connection.kind === 'elite');
    if (truncated) items = items.slice(0, Math.ceil(items.length / 2));
    const itemXml = items
      .map(
        (l) =>
          `<Item><ItemID>${l.itemId}</ItemID><ListingDetails><StartTime>${l.startTime}</StartTime></ListingDetails><ListingType>${l.listingType}</ListingType><Quantity>${l.quantity}</Quantity><SellingStatus><CurrentPrice currencyID="GBP">${l.price.toFixed(2)}</CurrentPrice></SellingStatus><Title>${escapeXml(l.title)}</Title>${l.sku ? `<SKU>${escapeXml(l.sku)}</SKU>` : ''}<QuantityAvailable>${l.quantityAvailable}</QuantityAvailable><PictureDetails><GalleryURL>${escapeXml(l.galleryUrl)}</GalleryURL></PictureDetails></Item>`,
      )
      .join('');
    const warning = truncated
      ? '<Errors><ShortMessage>Response truncated.</ShortMessage><LongMessage>The amount of data returned is over the system limit and has been truncated.</LongMessage><ErrorCode>21917063</ErrorCode><SeverityCode>Warning</SeverityCode><ErrorClassification>RequestError</ErrorClassification></Errors>'
      : '';
    const summary =
      returnAll || included.includes('SellingSummary')
        ? `<SellingSummary><ActiveAuctionCount>0</ActiveAuctionCount><TotalListingsWithLeads>0</TotalListingsWithLeads></SellingSummary>`
        : '';
    const others = returnAll
      ? '<SoldList><ItemArray/></SoldList><UnsoldList><ItemArray/></UnsoldList>'
      : '';
    const activeXml = active
      ? `<ActiveList><ItemArray>${itemXml}</ItemArray><PaginationResult><TotalNumberOfPages>${Math.ceil(listings.length / perPage)}</TotalNumberOfPages><TotalNumberOfEntries>${listings.length}</TotalNumberOfEntries></PaginationResult></ActiveList>`
      : '';
    res.writeHead(200, { 'content-type': 'text/xml; charset=utf-8' });
    res.end(
      `<?xml version="1.0" encoding="UTF-8"?><GetMyeBaySellingResponse xmlns="urn:ebay:apis:eBLBaseComponents"><Timestamp>${new Date().toISOString()}</Timestamp><Ack>${truncated ? 'Warning' : 'Success'}</Ack>${warning}<Version>${SANDBOX_TRADING_VERSION}</Version><Build>E${SANDBOX_TRADING_VERSION}_CORE_API_SANDBOX</Build>${summary}${activeXml}${others}</GetMyeBaySellingResponse>`,
    );
  }

  async function handleControls(
    req: IncomingMessage,
    res: ServerResponse,
    url: URL,
  ): Promise<void> {
    const action = url.pathname.slice('/_sandbox/'.length);
    const raw = req.method === 'POST' ? (await readBody(req)).toString('utf8') : '';
    const body = (raw ? JSON.parse(raw) : {}) as Record<string, unknown>;
    if (action === 'authorize-mode' && req.method === 'POST') {
      const mode = body.mode === 'deny' ? 'deny' : 'approve';
      if (typeof body.state === 'string') {
        if (mode === 'deny') denyStates.add(body.state);
        else denyStates.delete(body.state);
        return sendJson(res, 200, { mode, state: body.state });
      }
      authorizeMode = mode;
      return sendJson(res, 200, { mode: authorizeMode });
    }
    const connection = connectionOf(body.token ?? url.searchParams.get('token'));
    if (!connection) return sendJson(res, 404, { error: 'No connection has this token' });
    switch (action) {
      case 'expire-access-tokens':
        for (const entry of accessTokens.values())
          if (entry.connection === connection) entry.expiresAt = 0;
        return sendJson(res, 200, { expired: true });
      case 'revoke-refresh-token':
        connection.refreshRevoked = true;
        return sendJson(res, 200, { revoked: true });
      case 'fail': {
        const api = body.api as Api;
        if (!['inventory', 'listings', 'orders', 'token'].includes(api)) {
          return sendJson(res, 400, { error: 'api must be inventory, listings, orders or token' });
        }
        connection.failures[api] = {
          status: Number(body.status ?? 500),
          remaining: Number(body.times ?? 1),
          retryAfter: body.retryAfter === undefined ? null : Number(body.retryAfter),
        };
        return sendJson(res, 200, { api, ...connection.failures[api] });
      }
      case 'seller': {
        if (body.kind !== undefined) {
          if (!SELLER_KINDS.includes(body.kind as SellerKind)) {
            return sendJson(res, 400, { error: `kind must be one of ${SELLER_KINDS.join(', ')}` });
          }
          connection.kind = body.kind as SellerKind;
        }
        if (body.latencyMs !== undefined)
          connection.latencyMs = Math.max(0, Number(body.latencyMs) || 0);
        if (body.truncateListings !== undefined)
          connection.truncateListings = body.truncateListings === true;
        return sendJson(res, 200, {
          kind: connection.kind,
          latencyMs: connection.latencyMs,
          truncateListings: connection.truncateListings,
        });
      }
      case 'stats':
        return sendJson(res, 200, {
          userId: connection.userId,
          kind: connection.kind,
          lastTrading: connection.lastTrading,
          scopes: connection.scopes,
          grants: connection.grants,
          calls: connection.calls,
          lastMarketplaceId: connection.lastMarketplaceId,
          lastSiteId: connection.lastSiteId,
          inventoryOffsets: connection.inventoryOffsets,
        });
      default:
        return sendJson(res, 404, { error: `Unknown sandbox control ${action}` });
    }
  }

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://sandbox');
    const route = `${req.method} ${url.pathname}`;
    try {
      if (route === 'GET /oauth2/authorize') handleAuthorize(res, url);
      else if (route === 'POST /identity/v1/oauth2/token') await handleToken(req, res);
      else if (route === 'GET /sell/inventory/v1/inventory_item')
        await handleInventory(req, res, url);
      else if (route === 'GET /sell/fulfillment/v1/order') await handleOrders(req, res, url);
      else if (route === 'POST /ws/api.dll') await handleTrading(req, res);
      else if (url.pathname.startsWith('/_sandbox/')) await handleControls(req, res, url);
      else restError(res, 404, 2002, `Resource not found: ${url.pathname}`);
    } catch (error) {
      log(`ebay sandbox: ${route} failed: ${(error as Error).message}`);
      if (!res.headersSent) restError(res, 500, 10001, 'Sandbox error');
      else res.destroy();
    }
  });

  const port = await listenLocal(server, opts.port);
  baseUrl = `http://127.0.0.1:${port}`;

  return { url: baseUrl, port, stop: () => closeServer(server) };
}
