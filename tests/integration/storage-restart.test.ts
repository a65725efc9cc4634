/**
 * The local Storage on a stack of its own, where its data folder can be looked at: a database
 * from before Storage gets the storage schema from a start's project setup, with the privileges a
 * fresh one has; an upload the database refuses (a trigger's error) leaves no file behind and reaches the
 * client as Storage words it; and objects and their rows outlive a restart.
 */
import '../../local/node-websocket.ts';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createClient } from '@supabase/supabase-js';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { setUpProjectDatabase } from '../../local/migrate.ts';
import { startStack, type RunningStack } from '../../local/stack.ts';
import { freePortStackOptions } from '../../local/test-stack.ts';
import { privilegeCatalog } from '../helpers/privileges.ts';

async function sql(stack: RunningStack, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: stack.env.DB_URL });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

const service = (stack: RunningStack) =>
  createClient(stack.env.API_URL, stack.env.SERVICE_ROLE_KEY, { auth: { persistSession: false } })
    .storage;

/** Every file under `dir`, recursively. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

describe('Storage on its own stack', { timeout: 240_000 }, () => {
  it('comes to an older data folder, refuses cleanly, and keeps objects across a restart', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'stockroom-storage-'));
    const options = () => freePortStackOptions(dataDir, { ephemeral: true });
    try {
      const first = await startStack({ ...(await options()), fresh: true });
      try {
        // A data folder from before Storage (no storage schema, no record of its setup file) gets
        // it from a start's project setup, with the privileges a fresh database has.
        // The project's own policies on storage.objects come from its migrations, which an older
        // folder runs after this setup; the setup's part is compared without them.
        const setupPart = async () => {
          const catalog = await privilegeCatalog(first.env.DB_URL);
          return {
            ...catalog,
            policies: catalog.policies.filter((line) => !line.startsWith('storage.objects ')),
          };
        };
        const fresh = await setupPart();
        await sql(
          first,
          `drop schema storage cascade;
          delete from supabase_migrations.local_setup where name = '40-storage-schema.sql'`,
        );
        expect(await setUpProjectDatabase(first.env.DB_URL)).toEqual(['40-storage-schema.sql']);
        expect(await setupPart()).toEqual(fresh);

        const storage = service(first);
        expect((await storage.createBucket('photos', { public: false })).error).toBeNull();
        const kept = await storage
          .from('photos')
          .upload('a/kept.jpg', new Blob([new Uint8Array([7, 7, 7])], { type: 'image/jpeg' }));
        expect(kept.error).toBeNull();

        // A quota trigger like the photos' own: Storage hides a raised message behind its SQLSTATE,
        // and passes one raised as insufficient_privilege (42501) on as AccessDenied.
        await sql(
          first,
          `
          create function public.refuse_photo() returns trigger language plpgsql as $$
          begin
            if new.name like '%quota%' then raise exception 'Photo quota reached' using errcode = 'P0001'; end if;
            if new.name like '%limit%' then raise exception 'Photo limit reached for this plan.' using errcode = '42501'; end if;
            return new;
          end $$;
          create trigger refuse_photo before insert on storage.objects for each row execute function public.refuse_photo();`,
        );
        const objectsDir = path.join(dataDir, 'storage', 'objects');
        const before = await filesUnder(objectsDir);
        expect(before).toHaveLength(1);

        const headers = {
          apikey: first.env.SERVICE_ROLE_KEY,
          authorization: `Bearer ${first.env.SERVICE_ROLE_KEY}`,
          'content-type': 'image/jpeg',
        };
        const quota = await fetch(`${first.env.API_URL}/storage/v1/object/photos/a/quota.jpg`, {
          method: 'POST',
          headers,
          body: new Uint8Array([1, 2]),
        });
        expect([quota.status, await quota.json()]).toEqual([
          500,
          {
            statusCode: '500',
            code: 'DatabaseError',
            error: 'DatabaseError',
            message: 'database error, code: P0001',
          },
        ]);
        const limit = await storage
          .from('photos')
          .upload('a/limit.jpg', new Blob([new Uint8Array([1])], { type: 'image/jpeg' }));
        expect(limit.error).toMatchObject({
          status: 400,
          statusCode: '403',
          message: 'Photo limit reached for this plan.',
        });

        // Nothing half-uploaded: no file for either, no temp file left.
        expect(await filesUnder(objectsDir)).toEqual(before);
        expect(await filesUnder(path.join(dataDir, 'storage', 'tmp'))).toEqual([]);
      } finally {
        await first.stop();
      }

      const second = await startStack(await options());
      try {
        const storage = service(second);
        const got = await storage.from('photos').download('a/kept.jpg');
        expect(got.error).toBeNull();
        expect([...new Uint8Array(await got.data!.arrayBuffer())]).toEqual([7, 7, 7]);
        expect(
          (await storage.from('photos').list('a')).data!.map((f) => [f.name, f.metadata?.size]),
        ).toEqual([['kept.jpg', 3]]);
      } finally {
        await second.stop();
      }
    } finally {
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });
});
