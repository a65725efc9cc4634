// @vitest-environment node
import { readdirSync, readlinkSync } from 'node:fs';
import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppServer } from '../../../local/app-server';
import { closeServer } from '../../../local/http';

/** How many of this process's file descriptors are open on `file`. */
function openOn(file: string): number {
  return readdirSync('/proc/self/fd').filter((fd) => {
    try {
      return readlinkSync(`/proc/self/fd/${fd}`) === file;
    } catch {
      return false;
    }
  }).length;
}

// A page closed in the middle of a download (a slow line, a browser closed by the bench) must not
// leave the file open: the bench's process kept one per cut-off icon until it exited.
describe('the app server, a download cut off', () => {
  let dist: string;
  let server: http.Server;
  let port: number;
  const big = () => path.join(dist, 'assets', 'big.bin');

  beforeAll(async () => {
    dist = await fs.mkdtemp(path.join(os.tmpdir(), 'stockroom-app-server-'));
    await fs.mkdir(path.join(dist, 'assets'));
    await fs.writeFile(big(), Buffer.alloc(32 * 1024 * 1024, 1));
    server = createAppServer({ distDir: dist, siteUrl: () => 'http://127.0.0.1' });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await closeServer(server);
    await fs.rm(dist, { recursive: true, force: true });
  });

  it('closes the file when the client goes away mid-response', async () => {
    await new Promise<void>((resolve, reject) => {
      const req = http.get({ port, host: '127.0.0.1', path: '/assets/big.bin' }, (res) => {
        res.once('data', () => {
          expect(openOn(big())).toBe(1);
          req.destroy();
          resolve();
        });
      });
      req.on('error', () => undefined);
      req.on('close', resolve);
      setTimeout(() => reject(new Error('no response')), 10_000);
    });
    const deadline = Date.now() + 5000;
    while (openOn(big()) > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(openOn(big())).toBe(0);
  });
});
