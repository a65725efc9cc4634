import { createReadStream, existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { pathToFileURL } from 'node:url';
import { ROOT_DIR } from './config.ts';
import { acceptsEncoding, readBody, sendJson } from './http.ts';

const gzip = promisify(zlib.gzip);

const FUNCTIONS_DIR = path.join(ROOT_DIR, 'netlify', 'functions');

/** Netlify refuses a synchronous function's request body above 6 MB with a 413, as we do. */
export const FUNCTION_BODY_LIMIT = 6 * 1024 * 1024;

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.webmanifest': 'application/manifest+json',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.csv': 'text/csv; charset=utf-8',
  '.wasm': 'application/wasm',
};

/** The shape of a modern Netlify function module. */
interface FunctionModule {
  default: (req: Request, context: FunctionContext) => Promise<Response> | Response;
}

/** The part of Netlify's Context our functions use. */
export interface FunctionContext {
  requestId: string;
  ip: string;
  params: Record<string, string>;
  site: { url: string };
}

/** Calls `netlify/functions/<name>.ts` the way Netlify would, with a Web Request. */
export async function invokeFunction(
  name: string,
  request: Request,
  siteUrl: string,
  functionsDir = FUNCTIONS_DIR,
): Promise<Response> {
  if (!/^[a-z0-9-]+$/.test(name))
    return Response.json({ error: 'Function not found' }, { status: 404 });
  const file = path.join(functionsDir, `${name}.ts`);
  if (!existsSync(file)) return Response.json({ error: 'Function not found' }, { status: 404 });
  const mod = (await import(pathToFileURL(file).href)) as FunctionModule;
  const context: FunctionContext = {
    requestId: crypto.randomUUID(),
    ip: '127.0.0.1',
    params: {},
    site: { url: siteUrl },
  };
  return mod.default(request, context);
}

async function toRequest(req: IncomingMessage, origin: string): Promise<Request> {
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    // Only the scheduler (below) may say a call is a scheduled run, as on Netlify.
    if (value === undefined || key === 'x-nf-event') continue;
    headers.set(key, Array.isArray(value) ? value.join(', ') : value);
  }
  const method = req.method ?? 'GET';
  const body =
    method === 'GET' || method === 'HEAD'
      ? undefined
      : new Uint8Array(
          await readBody(req, FUNCTION_BODY_LIMIT).catch((error: { status?: number }) => {
            if (error.status !== 413) throw error;
            throw Object.assign(
              new Error('Request body too large: a function accepts at most 6 MB'),
              {
                status: 413,
              },
            );
          }),
        );
  return new Request(new URL(req.url ?? '/', origin), { method, headers, body });
}

async function writeResponse(res: ServerResponse, response: Response): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, key) => {
    if (key === 'set-cookie') return;
    headers[key] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length) headers['set-cookie'] = cookies;
  res.writeHead(response.status, headers);
  res.end(Buffer.from(await response.arrayBuffer()));
}

/**
 * The page with this stack's configuration in it, ahead of the app's scripts: src/lib/env.ts reads
 * `window.__STOCKROOM_ENV__` before the variables built into the bundle, so one build serves any
 * stack, as one Netlify build serves whatever its environment names.
 */
function withRuntimeEnv(html: Buffer, env: Record<string, string>): Buffer {
  // JSON inside <script>: escape '<' so no value can close the element.
  const json = JSON.stringify(env).replaceAll('<', '\\u003c');
  const script = `<script>window.__STOCKROOM_ENV__=${json};</script>`;
  const text = html.toString('utf8');
  const at = text.search(/<script\b/i);
  const head = text.indexOf('</head>');
  const where = at >= 0 && (head < 0 || at < head) ? at : head >= 0 ? head : 0;
  return Buffer.from(text.slice(0, where) + script + text.slice(where));
}

// Netlify's CDN compresses the site's text files; served raw, the app's code is three times the bytes.
const COMPRESSIBLE = new Set([
  '.html',
  '.js',
  '.mjs',
  '.css',
  '.json',
  '.svg',
  '.webmanifest',
  '.txt',
  '.csv',
  '.wasm',
]);
const compressed = new Map<string, { mtimeMs: number; size: number; body: Promise<Buffer> }>();

/** The file gzipped, once per version of it (a build replaces the files). */
function gzipped(file: string, stat: { mtimeMs: number; size: number }): Promise<Buffer> {
  const hit = compressed.get(file);
  if (hit && hit.mtimeMs === stat.mtimeMs && hit.size === stat.size) return hit.body;
  const body = fs.readFile(file).then((raw) => gzip(raw, { level: 9 }));
  compressed.set(file, { mtimeMs: stat.mtimeMs, size: stat.size, body });
  body.catch(() => compressed.delete(file));
  return body;
}

async function serveStatic(
  res: ServerResponse,
  dist: string,
  pathname: string,
  runtimeEnv: Record<string, string> | null,
  acceptsGzip = false,
  acceptsBrotli = false,
): Promise<void> {
  const distDir = path.resolve(dist);
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    sendJson(res, 400, { error: 'Bad path' });
    return;
  }
  const file = path.normalize(path.join(distDir, decoded));
  if (file !== distDir && !file.startsWith(distDir + path.sep)) {
    sendJson(res, 400, { error: 'Bad path' });
    return;
  }
  const stat = await fs.stat(file).catch(() => null);
  if (stat?.isFile() && !(runtimeEnv && decoded === '/index.html')) {
    const ext = path.extname(file);
    const headers = {
      'content-type': TYPES[ext] ?? 'application/octet-stream',
      // Vite fingerprints everything under /assets; the rest may change between builds.
      'cache-control': decoded.startsWith('/assets/')
        ? 'public, max-age=31536000, immutable'
        : 'no-cache',
    };
    // The build's Brotli copy (scripts/precompress-plugin.ts), as Netlify sends browsers.
    const brotli =
      acceptsBrotli && COMPRESSIBLE.has(ext)
        ? await fs.readFile(`${file}.br`).catch(() => null)
        : null;
    if (brotli) {
      res.writeHead(200, {
        ...headers,
        'content-encoding': 'br',
        vary: 'accept-encoding',
        'content-length': brotli.length,
      });
      res.end(brotli);
      return;
    }
    if (acceptsGzip && COMPRESSIBLE.has(ext)) {
      const body = await gzipped(file, stat);
      res.writeHead(200, {
        ...headers,
        'content-encoding': 'gzip',
        vary: 'accept-encoding',
        'content-length': body.length,
      });
      res.end(body);
      return;
    }
    res.writeHead(200, { ...headers, 'content-length': stat.size });
    // pipeline, not pipe: a response cut off (a page closed mid-download) closes the file too,
    // where pipe would leave it open for as long as the process runs.
    pipeline(createReadStream(file), res).catch(() => undefined);
    return;
  }
  // A missing asset is a 404; any other path is a client-side route (Netlify's SPA redirect).
  if (path.extname(decoded) && decoded.startsWith('/assets/')) {
    res.writeHead(404, { 'content-type': 'text/plain' });
    res.end('Not found');
    return;
  }
  const index = path.join(distDir, 'index.html');
  const html = await fs.readFile(index).catch(() => null);
  if (!html) {
    res.writeHead(503, { 'content-type': 'text/plain' });
    res.end('The app is not built. Run `npm run build`.');
    return;
  }
  const page = runtimeEnv ? withRuntimeEnv(html, runtimeEnv) : html;
  const headers = { 'content-type': TYPES['.html']!, 'cache-control': 'no-cache' };
  if (!acceptsGzip) {
    res.writeHead(200, headers);
    res.end(page);
    return;
  }
  const body = await gzip(page, { level: 9 });
  res.writeHead(200, { ...headers, 'content-encoding': 'gzip', vary: 'accept-encoding' });
  res.end(body);
}

/** Port 8888 like `netlify dev`: the built SPA with history fallback, and the functions. */
export function createAppServer(opts: {
  distDir: string | null;
  siteUrl: () => string;
  functionsDir?: string;
  /** The app's `VITE_` variables for this stack, given to the page at run time. */
  appEnv?: () => Record<string, string>;
}): http.Server {
  return http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://app');
    try {
      const fn = /^\/\.netlify\/functions\/([^/]+)\/?$/.exec(url.pathname);
      if (fn) {
        const request = await toRequest(req, opts.siteUrl());
        await writeResponse(
          res,
          await invokeFunction(fn[1]!, request, opts.siteUrl(), opts.functionsDir),
        );
        return;
      }
      // Netlify's scheduler (a local stand-in, run on demand): POST, user-agent Netlify Clockwork,
      // x-nf-event: schedule, body { next_run }. Plain calls by URL do not carry the event header.
      const run = /^\/_scheduler\/([a-z0-9-]+)$/.exec(url.pathname);
      if (run && req.method === 'POST') {
        const headers = { 'user-agent': 'Netlify Clockwork', 'x-nf-event': 'schedule' };
        const body = JSON.stringify({ next_run: new Date(Date.now() + 3_600_000).toISOString() });
        const scheduled = new Request(`${opts.siteUrl()}/.netlify/functions/${run[1]}`, {
          method: 'POST',
          headers,
          body,
        });
        await writeResponse(
          res,
          await invokeFunction(run[1]!, scheduled, opts.siteUrl(), opts.functionsDir),
        );
        return;
      }
      if (!opts.distDir) {
        sendJson(res, 404, { error: 'Not found' });
        return;
      }
      await serveStatic(
        res,
        opts.distDir,
        url.pathname,
        opts.appEnv?.() ?? null,
        acceptsEncoding(req, 'gzip'),
        acceptsEncoding(req, 'br'),
      );
    } catch (error) {
      const status = (error as { status?: number }).status ?? 500;
      if (!res.headersSent) sendJson(res, status, { error: (error as Error).message });
      else res.destroy();
    }
  });
}
