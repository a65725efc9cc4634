// @vitest-environment node
import http from 'node:http';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGateway } from '../../../local/gateway';
import { closeServer, listenLocal } from '../../../local/http';
import { DEFAULT_JWT_SECRET, signApiKey } from '../../../local/keys';

// The gateway in front of a stand-in for PostgREST 12 answering what the real one answered when
// Postgres went away mid-request (seen in about 2 of 100 requests cut off by a kill; a race the
// stack tests cannot make happen on purpose), and an ordinary bad request.
const CUT_OFF_BY_POSTGRES = { code: '', details: null, hint: null, message: '' };
const BAD_FILTER = {
  code: 'PGRST100',
  details: 'unexpected "x"',
  hint: null,
  message: 'bad filter',
};

const MANY_ITEMS = Array.from({ length: 200 }, (_, i) => ({ item_id: i, item_name: `Item ${i}` }));

describe('the gateway in front of PostgREST', () => {
  let upstream: http.Server;
  let gateway: http.Server;
  let api: string;
  let apikey: string;

  beforeAll(async () => {
    upstream = http.createServer((req, res) => {
      if (req.url?.startsWith('/storage_items')) {
        res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
        res.end(JSON.stringify(MANY_ITEMS));
        return;
      }
      const body = JSON.stringify(req.url?.startsWith('/items') ? CUT_OFF_BY_POSTGRES : BAD_FILTER);
      res.writeHead(400, { 'content-type': 'application/json; charset=utf-8' });
      res.end(body);
    });
    const upstreamPort = await listenLocal(upstream);
    gateway = createGateway({
      jwtSecret: DEFAULT_JWT_SECRET,
      postgrestUrl: `http://127.0.0.1:${upstreamPort}`,
      auth: () => undefined,
    });
    api = `http://127.0.0.1:${await listenLocal(gateway)}`;
    apikey = await signApiKey('anon', DEFAULT_JWT_SECRET);
  });

  afterAll(async () => {
    await closeServer(gateway);
    await closeServer(upstream);
  });

  it('answers a request Postgres cut off 503 PGRST001, which supabase-js and the app retry', async () => {
    const res = await fetch(`${api}/rest/v1/items?select=*`, { headers: { apikey } });
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({
      code: 'PGRST001',
      message: 'Database client error. Retrying the connection.',
    });
  });

  it('passes any other 400 on as PostgREST gave it', async () => {
    const res = await fetch(`${api}/rest/v1/rooms?name=x.x`, { headers: { apikey } });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual(BAD_FILTER);
  });

  it('gzips a large JSON answer for a client that takes gzip, as Supabase’s edge does', async () => {
    const get = (encoding: string) =>
      new Promise<http.IncomingMessage & { body: Buffer }>((resolve, reject) => {
        const req = http.get(
          `${api}/rest/v1/storage_items?select=*`,
          { headers: { apikey, 'accept-encoding': encoding } },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (chunk: Buffer) => chunks.push(chunk));
            res.on('end', () => resolve(Object.assign(res, { body: Buffer.concat(chunks) })));
          },
        );
        req.on('error', reject);
      });
    const gzipped = await get('gzip, deflate, br');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gzipped.body).toString('utf8'))).toEqual(MANY_ITEMS);
    const plain = await get('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(plain.body.toString('utf8'))).toEqual(MANY_ITEMS);
  });
});
