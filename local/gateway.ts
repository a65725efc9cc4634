import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import zlib from 'node:zlib';
import { apiKeyRole } from './keys.ts';
import { acceptsEncoding, sendJson } from './http.ts';

export type RouteHandler = (
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
) => Promise<void> | void;
export type UpgradeHandler = (req: IncomingMessage, socket: Duplex, head: Buffer) => void;

// Auth routes Supabase's gateway leaves open: e-mail links and OAuth redirects carry no apikey.
const OPEN_AUTH_PATHS = ['/verify', '/callback', '/authorize'];

/**
 * Storage routes that carry their own proof instead of a key, as on Supabase: a signed URL's token,
 * or a public bucket. An <img src> of a signed URL sends no apikey.
 */
function isOpenStoragePath(method: string | undefined, path: string): boolean {
  if (method === 'GET' || method === 'HEAD') {
    return path.startsWith('/object/sign/') || path.startsWith('/object/public/');
  }
  return method === 'PUT' && path.startsWith('/object/upload/sign/');
}

// Headers a request may carry when the preflight names none: what supabase-js sends, its retries'
// X-Retry-Count among them.
const CORS_HEADERS = {
  'access-control-allow-methods': 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS',
  'access-control-allow-headers':
    'authorization, x-client-info, apikey, content-type, prefer, range, accept, accept-profile, content-profile, x-supabase-api-version, x-upsert, x-region, x-retry-count',
  'access-control-expose-headers':
    'content-range, content-location, content-length, etag, x-supabase-api-version, retry-after',
  'access-control-max-age': '3600',
};

function corsHeaders(req: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {
    ...CORS_HEADERS,
    'access-control-allow-origin': req.headers.origin ?? '*',
    vary: 'Origin',
  };
  // Supabase's gateway (Kong's cors plugin, no header list configured) allows whatever headers a
  // preflight asks for, so any header a client library adds works there and must work here.
  const asked = headerValue(req.headers['access-control-request-headers']);
  if (req.method === 'OPTIONS' && asked) headers['access-control-allow-headers'] = asked;
  return headers;
}

/**
 * One port like Supabase's API gateway: checks the `apikey`, answers CORS, and routes
 * /rest/v1 to PostgREST, /auth/v1 to the auth service and /storage/v1 to the storage service.
 */
export function createGateway(opts: {
  jwtSecret: string;
  postgrestUrl: string;
  auth: RouteHandler;
  storage?: RouteHandler;
  /** WebSocket upgrades to /realtime/v1/websocket, once their apikey is checked. */
  realtime?: UpgradeHandler;
}): http.Server {
  const upstream = new URL(opts.postgrestUrl);
  // Keep-alive to PostgREST: a fresh TCP connection per request would be most of our overhead.
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const keyCache = new Map<string, Promise<string | null>>();
  const roleOf = (key: string) => {
    let role = keyCache.get(key);
    if (!role) {
      role = apiKeyRole(key, opts.jwtSecret);
      if (keyCache.size > 1000) keyCache.clear();
      keyCache.set(key, role);
    }
    return role;
  };

  const server = http.createServer(async (req, res) => {
    const cors = corsHeaders(req);
    for (const [k, v] of Object.entries(cors)) res.setHeader(k, v);
    if (req.method === 'OPTIONS') {
      res.writeHead(200, { 'content-length': '0' });
      res.end();
      return;
    }
    const url = new URL(req.url ?? '/', 'http://gateway');
    const [service, rest] = splitService(url.pathname);
    if (!service) {
      sendJson(res, 404, { message: 'no Route matched with those values' });
      return;
    }

    const open =
      (service === 'auth' && OPEN_AUTH_PATHS.some((p) => rest === p || rest.startsWith(`${p}/`))) ||
      (service === 'storage' && isOpenStoragePath(req.method, rest));
    const apikey = headerValue(req.headers.apikey) ?? url.searchParams.get('apikey');
    if (!open) {
      if (!apikey) {
        sendJson(res, 401, { message: 'No API key found in request' });
        return;
      }
      if (!(await roleOf(apikey))) {
        sendJson(res, 401, { message: 'Invalid API key' });
        return;
      }
    }
    // The client's own address, as Supabase's gateway passes it on: the auth rate limits key on it,
    // so a caller must not be able to choose it.
    req.headers['x-forwarded-for'] = req.socket.remoteAddress ?? '127.0.0.1';
    // Like Supabase: with no user token, a REST request runs as the key's role. Auth gets no such
    // copy, so a request without a session hears GoTrue's "requires a valid Bearer token".
    if (service === 'rest' && !req.headers.authorization && apikey) {
      req.headers.authorization = `Bearer ${apikey}`;
    }

    try {
      if (service === 'auth') {
        await opts.auth(req, res, rest + url.search);
      } else if (service === 'storage') {
        if (opts.storage) await opts.storage(req, res, rest + url.search);
        else sendJson(res, 404, { message: 'no Route matched with those values' });
      } else {
        proxy(req, res, upstream, rest + url.search, agent);
      }
    } catch (error) {
      if (!res.headersSent) sendJson(res, 500, { message: (error as Error).message });
      else res.destroy();
    }
  });

  // Realtime: like Supabase's gateway, the socket is opened only with a valid apikey (query or header).
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(req.url ?? '/', 'http://gateway');
    const refuse = (status: string, message: string) => {
      const body = JSON.stringify({ message });
      socket.end(
        `HTTP/1.1 ${status}\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
      );
    };
    if (url.pathname !== '/realtime/v1/websocket' || !opts.realtime) {
      refuse('404 Not Found', 'no Route matched with those values');
      return;
    }
    const apikey = url.searchParams.get('apikey') ?? headerValue(req.headers.apikey);
    if (!apikey) {
      refuse('401 Unauthorized', 'No API key found in request');
      return;
    }
    const realtime = opts.realtime;
    void roleOf(apikey).then((role) => {
      if (!role) refuse('401 Unauthorized', 'Invalid API key');
      else realtime(req, socket, head);
    });
  });
  return server;
}

function headerValue(value: string | string[] | undefined): string | null {
  if (Array.isArray(value)) return value[0] ?? null;
  return value ?? null;
}

function splitService(pathname: string): ['rest' | 'auth' | 'storage' | null, string] {
  for (const service of ['rest', 'auth', 'storage'] as const) {
    const prefix = `/${service}/v1`;
    if (pathname === prefix || pathname.startsWith(`${prefix}/`)) {
      return [service, pathname.slice(prefix.length) || '/'];
    }
  }
  return [null, pathname];
}

/**
 * What PostgREST 12 says when Postgres went away in the middle of a request (a restart): libpq's
 * broken-connection result has no SQLSTATE, which PostgREST answers 400 `{"code":"","message":""}`.
 * The request did not fail for anything the client sent, so it becomes PostgREST's own answer to a
 * lost connection, a 503 (PGRST001) that supabase-js and the app retry.
 */
function isCutOff(status: number | undefined, body: Buffer): boolean {
  if (status !== 400) return false;
  try {
    const parsed = JSON.parse(body.toString('utf8')) as { code?: unknown; message?: unknown };
    return parsed.code === '' && (parsed.message === '' || parsed.message === undefined);
  } catch {
    return false;
  }
}

const CUT_OFF = {
  code: 'PGRST001',
  details: 'The connection to the database was lost while the request ran.',
  hint: null,
  message: 'Database client error. Retrying the connection.',
};

/** A JSON answer of more than a few packets, to a client that takes gzip. */
function worthCompressing(req: IncomingMessage, answer: IncomingMessage): boolean {
  if (!acceptsEncoding(req, 'gzip')) return false;
  if (answer.headers['content-encoding'] || !/json/.test(answer.headers['content-type'] ?? ''))
    return false;
  return Number(answer.headers['content-length'] ?? Number.POSITIVE_INFINITY) > 4096;
}

function proxy(
  req: IncomingMessage,
  res: ServerResponse,
  upstream: URL,
  path: string,
  agent: http.Agent,
): void {
  const headers: http.OutgoingHttpHeaders = { ...req.headers, host: upstream.host };
  delete headers['apikey'];
  const outgoing = http.request(
    { host: upstream.hostname, port: upstream.port, method: req.method, path, headers, agent },
    (answer) => {
      if (answer.statusCode !== 400) {
        if (worthCompressing(req, answer)) {
          // As Supabase's edge does: a seller's 5000 items are 2 MB of JSON, under 450 KB gzipped.
          const { 'content-length': _length, ...rest } = answer.headers;
          res.writeHead(answer.statusCode ?? 502, {
            ...rest,
            'content-encoding': 'gzip',
            vary: 'accept-encoding',
          });
          answer.pipe(zlib.createGzip({ level: 1 })).pipe(res);
          return;
        }
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
        return;
      }
      // A 400 is a short JSON error: read it whole to tell a cut-off request from a bad one.
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('error', () => res.destroy());
      answer.on('end', () => {
        const body = Buffer.concat(chunks);
        if (isCutOff(answer.statusCode, body)) {
          sendJson(res, 503, CUT_OFF);
          return;
        }
        res.writeHead(400, answer.headers);
        res.end(body);
      });
    },
  );
  outgoing.on('error', (error) => {
    if (!res.headersSent)
      sendJson(res, 502, { message: `PostgREST unavailable: ${error.message}` });
    else res.destroy();
  });
  req.pipe(outgoing);
}
