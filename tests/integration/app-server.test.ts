import fs from 'node:fs/promises';
import type http from 'node:http';
import { get as httpGet } from 'node:http';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppServer } from '../../local/app-server.ts';

// A tiny built app and a function in the modern Netlify shape, served the way `npm start` serves
// the real ones.
describe('the app server', () => {
  let dir: string;
  let server: http.Server;
  let base: string;

  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'stockroom-app-'));
    const dist = path.join(dir, 'dist');
    const functions = path.join(dir, 'functions');
    await fs.mkdir(path.join(dist, 'assets'), { recursive: true });
    await fs.mkdir(functions);
    await fs.writeFile(
      path.join(dist, 'index.html'),
      '<!doctype html><html><head><title>Stockroom</title><script type="module" src="/assets/app-1234.js"></script></head><body><div id="root"></div></body></html>',
    );
    await fs.writeFile(path.join(dist, 'assets', 'app-1234.js'), 'console.log(1)');
    await fs.writeFile(
      path.join(functions, 'echo.ts'),
      `export default async (req: Request, context: { requestId: string }) => {
         const body = req.method === 'POST' ? await req.json() : null;
         return Response.json({ method: req.method, body, auth: req.headers.get('authorization'), hasId: Boolean(context.requestId) }, { status: 201 });
       };
       export const config = { path: '/echo' };`,
    );
    server = createAppServer({
      distDir: dist,
      siteUrl: () => base,
      functionsDir: functions,
      appEnv: () => ({
        VITE_SUPABASE_URL: 'http://127.0.0.1:1234',
        VITE_SUPABASE_ANON_KEY: 'key</script><b>',
      }),
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('serves files, and the SPA for client-side routes', async () => {
    const asset = await fetch(`${base}/assets/app-1234.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('content-type')).toContain('javascript');
    expect(asset.headers.get('cache-control')).toContain('immutable');

    for (const route of ['/', '/dashboard/inventory', '/pricing?x=1']) {
      const page = await fetch(`${base}${route}`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<title>Stockroom</title>');
    }

    expect((await fetch(`${base}/assets/missing-9999.js`)).status).toBe(404);
    expect((await fetch(`${base}/..%2f..%2fetc/passwd`)).status).toBe(400);
  });

  it('sends text files as the build’s Brotli copy or gzipped, to a browser that takes them, as Netlify’s CDN does', async () => {
    const get = (pathname: string, encoding: string) =>
      new Promise<{ encoding: string | undefined; body: Buffer }>((resolve, reject) => {
        const req = httpGet(
          `${base}${pathname}`,
          { headers: { 'accept-encoding': encoding } },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (chunk: Buffer) => chunks.push(chunk));
            res.on('end', () =>
              resolve({ encoding: res.headers['content-encoding'], body: Buffer.concat(chunks) }),
            );
          },
        );
        req.on('error', reject);
      });
    await fs.writeFile(
      path.join(dir, 'dist', 'assets', 'app-1234.js.br'),
      brotliCompressSync(Buffer.from('console.log(1)')),
    );
    const brotli = await get('/assets/app-1234.js', 'gzip, deflate, br');
    expect(brotli.encoding).toBe('br');
    expect(brotliDecompressSync(brotli.body).toString('utf8')).toBe('console.log(1)');
    for (const pathname of ['/assets/app-1234.js', '/dashboard']) {
      const zipped = await get(pathname, 'gzip, deflate');
      expect(zipped.encoding).toBe('gzip');
      const plain = await get(pathname, 'identity');
      expect(plain.encoding).toBeUndefined();
      expect(gunzipSync(zipped.body).toString('utf8')).toBe(plain.body.toString('utf8'));
    }
  });

  it('gives every page the stack’s settings at run time, ahead of the app’s scripts', async () => {
    for (const route of ['/', '/index.html', '/dashboard/inventory']) {
      const html = await (await fetch(`${base}${route}`)).text();
      const script = /<script>window\.__STOCKROOM_ENV__=(.*?);<\/script>/.exec(html);
      expect(script, route).not.toBeNull();
      // '<' is escaped, so no value can end the script element early.
      expect(JSON.parse(script![1]!)).toEqual({
        VITE_SUPABASE_URL: 'http://127.0.0.1:1234',
        VITE_SUPABASE_ANON_KEY: 'key</script><b>',
      });
      expect(html.indexOf('__STOCKROOM_ENV__')).toBeLessThan(html.indexOf('<script type="module"'));
    }
  });

  it('runs a function module with a Web Request, as Netlify does', async () => {
    const res = await fetch(`${base}/.netlify/functions/echo`, {
      method: 'POST',
      headers: { authorization: 'Bearer abc', 'content-type': 'application/json' },
      body: JSON.stringify({ priceId: 'price_growing' }),
    });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({
      method: 'POST',
      body: { priceId: 'price_growing' },
      auth: 'Bearer abc',
      hasId: true,
    });
  });

  it('refuses a body over Netlify’s 6 MB with a 413 the client can read, and takes one under it', async () => {
    const post = (bytes: number) =>
      fetch(`${base}/.netlify/functions/echo`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ note: 'x'.repeat(bytes) }),
      });
    const tooLarge = await post(11 * 1024 * 1024);
    expect(tooLarge.status).toBe(413);
    expect(await tooLarge.json()).toEqual({
      error: 'Request body too large: a function accepts at most 6 MB',
    });
    const fits = await post(6 * 1024 * 1024 - 100);
    expect(fits.status).toBe(201);
  });

  it('answers 404 for a function that does not exist, and refuses odd names', async () => {
    expect((await fetch(`${base}/.netlify/functions/nope`)).status).toBe(404);
    expect((await fetch(`${base}/.netlify/functions/..%2fsecret`)).status).toBe(404);
  });
});
