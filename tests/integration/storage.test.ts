/**
 * The local Storage service through supabase-js's own `supabase.storage`, as the app will use it:
 * a private bucket made by the service role, with RLS policies on storage.objects (made here over
 * SQL, as a migration would) letting a seller reach only the objects under their account's folder.
 * Upload, download, list, signed URLs, signed upload URLs, move, copy, upsert and remove work; what
 * Storage refuses is refused with its status codes and error bodies.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  closeDb,
  createDbUserPair,
  db,
  serviceDbClient,
  type DbUser,
} from '../helpers/db-users.ts';
import { stack } from '../helpers/stack.ts';

const bucket = `test-${randomUUID().slice(0, 8)}`;
const policy = (what: string) => JSON.stringify(`${bucket} ${what}`);
let a: DbUser;
let b: DbUser;

/** The raw answer of a Storage route, for the bodies storage-js does not keep whole. */
async function raw(path: string, init: RequestInit & { token?: string } = {}) {
  const env = stack();
  const response = await fetch(`${env.apiUrl}/storage/v1${path}`, {
    ...init,
    headers: {
      apikey: env.anonKey,
      authorization: `Bearer ${init.token ?? env.anonKey}`,
      ...(init.headers as Record<string, string> | undefined),
    },
  });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    body: text ? (JSON.parse(text) as unknown) : null,
  };
}

beforeAll(async () => {
  [a, b] = await createDbUserPair({ prefix: 'storage' });
  const { error } = await serviceDbClient().storage.createBucket(bucket, {
    public: false,
    fileSizeLimit: 1024,
    allowedMimeTypes: ['image/*', 'text/plain'],
  });
  expect(error).toBeNull();
  // A seller reaches the objects under their own accounts' folders: `<account_id>/...`.
  const mine = `bucket_id = '${bucket}' and (storage.foldername(name))[1] in (select m::text from private.member_account_ids() m)`;
  await db().query(`
    create policy ${policy('read')} on storage.objects for select to authenticated using (${mine});
    create policy ${policy('add')} on storage.objects for insert to authenticated with check (${mine});
    create policy ${policy('change')} on storage.objects for update to authenticated using (${mine}) with check (${mine});
    create policy ${policy('remove')} on storage.objects for delete to authenticated using (${mine});
  `);
});

afterAll(async () => {
  for (const what of ['read', 'add', 'change', 'remove']) {
    await db().query(`drop policy if exists ${policy(what)} on storage.objects`);
  }
  await serviceDbClient().storage.emptyBucket(bucket);
  await serviceDbClient().storage.deleteBucket(bucket);
  await closeDb();
});

const jpeg = (bytes: number[]) => new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' });

describe('storage-js against the local Storage', () => {
  it('uploads a file and downloads the same bytes, with its type, size, etag and cache-control', async () => {
    const path = `${a.accountId}/item-1/photo-1.jpg`;
    const upload = await a.client.storage.from(bucket).upload(path, jpeg([0xff, 0xd8, 1, 2, 3]));
    expect(upload.error).toBeNull();
    expect(upload.data).toMatchObject({ path, fullPath: `${bucket}/${path}` });
    expect(upload.data?.id).toMatch(/^[0-9a-f-]{36}$/);

    const download = await a.client.storage.from(bucket).download(path);
    expect(download.error).toBeNull();
    expect([...new Uint8Array(await download.data!.arrayBuffer())]).toEqual([0xff, 0xd8, 1, 2, 3]);

    const answer = await fetch(`${stack().apiUrl}/storage/v1/object/${bucket}/${path}`, {
      headers: { apikey: stack().anonKey, authorization: `Bearer ${a.token}`, range: 'bytes=1-2' },
    });
    expect(answer.status).toBe(206);
    expect([...new Uint8Array(await answer.arrayBuffer())]).toEqual([0xd8, 1]);
    expect(answer.headers.get('content-type')).toBe('image/jpeg');
    expect(answer.headers.get('content-length')).toBe('2');
    expect(answer.headers.get('content-range')).toBe('bytes 1-2/5');
    expect(answer.headers.get('cache-control')).toBe('max-age=3600');
    expect(answer.headers.get('etag')).toMatch(/^"[0-9a-f]{32}"$/);

    const info = await a.client.storage.from(bucket).info(path);
    expect(info.data).toMatchObject({
      name: path,
      size: 5,
      contentType: 'image/jpeg',
      cacheControl: 'max-age=3600',
    });

    const { rows } = await db().query<{ owner: string; size: number; version: string }>(
      `select owner, (metadata->>'size')::int as size, version from storage.objects where bucket_id = $1 and name = $2`,
      [bucket, path],
    );
    expect(rows).toEqual([{ owner: a.id, size: 5, version: expect.any(String) }]);
  });

  it('lists a folder: its objects with their sizes, its subfolders without ids', async () => {
    const folder = `${a.accountId}/list-${randomUUID().slice(0, 6)}`;
    const files = a.client.storage.from(bucket);
    expect((await files.upload(`${folder}/b.jpg`, jpeg([1, 2, 3]))).error).toBeNull();
    expect(
      (await files.upload(`${folder}/a.txt`, 'hello', { contentType: 'text/plain' })).error,
    ).toBeNull();
    expect((await files.upload(`${folder}/sub/c.jpg`, jpeg([1]))).error).toBeNull();

    const { data, error } = await files.list(folder);
    expect(error).toBeNull();
    expect(
      data!.map((f) => [f.name, f.id === null ? null : 'id', f.metadata?.size ?? null]),
    ).toEqual([
      ['sub', null, null],
      ['a.txt', 'id', 5],
      ['b.jpg', 'id', 3],
    ]);
    expect(data!.find((f) => f.name === 'b.jpg')?.metadata).toMatchObject({
      mimetype: 'image/jpeg',
      size: 3,
    });
    const searched = await files.list(folder, { search: 'b.', limit: 10 });
    expect(searched.data!.map((f) => f.name)).toEqual(['b.jpg']);
    // B's policies show them nothing of A's folder.
    expect((await b.client.storage.from(bucket).list(folder)).data).toEqual([]);
  });

  it('signs a URL that downloads without a key, and refuses it once expired or for another object', async () => {
    const path = `${a.accountId}/signed/photo.jpg`;
    const files = a.client.storage.from(bucket);
    expect((await files.upload(path, jpeg([9, 8, 7]))).error).toBeNull();

    const { data, error } = await files.createSignedUrl(path, 60);
    expect(error).toBeNull();
    const answer = await fetch(data!.signedUrl); // no apikey, as an <img src> sends
    expect(answer.status).toBe(200);
    expect([...new Uint8Array(await answer.arrayBuffer())]).toEqual([9, 8, 7]);

    const many = await files.createSignedUrls([path, `${a.accountId}/signed/none.jpg`], 60, {
      download: 'mine.jpg',
    });
    expect(many.data!.map((s) => [s.path, s.error, s.signedUrl === null])).toEqual([
      [path, null, false],
      [
        `${a.accountId}/signed/none.jpg`,
        'Either the object does not exist or you do not have access to it',
        true,
      ],
    ]);
    const attachment = await fetch(many.data![0]!.signedUrl!);
    expect(attachment.headers.get('content-disposition')).toBe('attachment; filename=mine.jpg;');
    expect(await files.exists(path)).toMatchObject({ data: true });
    expect((await files.exists(`${a.accountId}/signed/none.jpg`)).data).toBe(false);

    const token = new URL(data!.signedUrl).searchParams.get('token');
    const other = await raw(
      `/object/sign/${bucket}/${a.accountId}/signed/other.jpg?token=${token}`,
    );
    expect(other).toMatchObject({
      status: 400,
      body: {
        statusCode: '400',
        code: 'InvalidSignature',
        error: 'InvalidSignature',
        message: 'The url do not match the signature',
      },
    });

    const short = await files.createSignedUrl(path, 1);
    await new Promise((r) => setTimeout(r, 2_100));
    const expired = await fetch(short.data!.signedUrl);
    expect(expired.status).toBe(400);
    expect(await expired.json()).toEqual({
      statusCode: '400',
      code: 'InvalidJWT',
      error: 'InvalidJWT',
      message: 'jwt expired',
    });

    // Signing needs read access under RLS: B cannot sign A's object.
    const refused = await b.client.storage.from(bucket).createSignedUrl(path, 60);
    expect(refused.error).toMatchObject({
      status: 400,
      statusCode: '404',
      message: 'Object not found',
    });
  });

  it('uploads through a signed upload URL, made only for whom the policies let insert', async () => {
    const path = `${a.accountId}/signed-upload/photo.jpg`;
    const made = await a.client.storage.from(bucket).createSignedUploadUrl(path);
    expect(made.error).toBeNull();
    // Anyone holding the token may upload, once, without a key of their own.
    const sent = await serviceDbClient()
      .storage.from(bucket)
      .uploadToSignedUrl(path, made.data!.token, jpeg([4, 2]));
    expect(sent.error).toBeNull();
    const got = await a.client.storage.from(bucket).download(path);
    expect([...new Uint8Array(await got.data!.arrayBuffer())]).toEqual([4, 2]);
    const { rows } = await db().query(
      'select owner from storage.objects where bucket_id = $1 and name = $2',
      [bucket, path],
    );
    expect(rows).toEqual([{ owner: a.id }]);

    const again = await serviceDbClient()
      .storage.from(bucket)
      .uploadToSignedUrl(path, made.data!.token, jpeg([1]));
    expect(again.error).toMatchObject({
      status: 400,
      statusCode: '409',
      message: 'The resource already exists',
    });

    const notTheirs = await b.client.storage
      .from(bucket)
      .createSignedUploadUrl(`${a.accountId}/x.jpg`);
    expect(notTheirs.error).toMatchObject({
      status: 400,
      statusCode: '403',
      message: 'new row violates row-level security policy',
    });
  });

  it('moves, copies, replaces with upsert and removes objects', async () => {
    const dir = `${a.accountId}/ops-${randomUUID().slice(0, 6)}`;
    const files = a.client.storage.from(bucket);
    expect((await files.upload(`${dir}/one.jpg`, jpeg([1, 1]))).error).toBeNull();

    expect(await files.move(`${dir}/one.jpg`, `${dir}/two.jpg`)).toEqual({
      data: { message: 'Successfully moved' },
      error: null,
    });
    expect((await files.download(`${dir}/one.jpg`)).error).toMatchObject({
      status: 400,
      statusCode: '404',
    });

    const copy = await files.copy(`${dir}/two.jpg`, `${dir}/three.jpg`);
    expect(copy).toEqual({ data: { path: `${bucket}/${dir}/three.jpg` }, error: null });

    const replaced = await files.upload(`${dir}/three.jpg`, jpeg([3, 3, 3]), { upsert: true });
    expect(replaced.error).toBeNull();
    expect([
      ...new Uint8Array(await (await files.download(`${dir}/three.jpg`)).data!.arrayBuffer()),
    ]).toEqual([3, 3, 3]);
    expect([
      ...new Uint8Array(await (await files.download(`${dir}/two.jpg`)).data!.arrayBuffer()),
    ]).toEqual([1, 1]);

    const removed = await files.remove([`${dir}/two.jpg`, `${dir}/three.jpg`, `${dir}/never.jpg`]);
    expect(removed.error).toBeNull();
    expect(removed.data!.map((o) => o.name).sort()).toEqual([`${dir}/three.jpg`, `${dir}/two.jpg`]);
    expect((await files.list(dir)).data).toEqual([]);
  });
});

describe('what Storage refuses, with its status codes and error bodies', () => {
  it("refuses another account's object: no upload into it, no download, no removal", async () => {
    const path = `${b.accountId}/theirs.jpg`;
    expect((await b.client.storage.from(bucket).upload(path, jpeg([5]))).error).toBeNull();

    const upload = await raw(`/object/${bucket}/${a.accountId}-not-mine/x.jpg`, {
      method: 'POST',
      token: a.token,
      headers: { 'content-type': 'image/jpeg' },
      body: new Uint8Array([1]),
    });
    expect(upload).toMatchObject({
      status: 400,
      body: {
        statusCode: '403',
        code: 'AccessDenied',
        error: 'Unauthorized',
        message: 'new row violates row-level security policy',
      },
    });
    const intoB = await a.client.storage
      .from(bucket)
      .upload(`${b.accountId}/planted.jpg`, jpeg([1]));
    expect(intoB.error).toMatchObject({
      status: 400,
      statusCode: '403',
      message: 'new row violates row-level security policy',
    });

    const download = await raw(`/object/${bucket}/${path}`, { token: a.token });
    expect(download).toEqual({
      status: 400,
      headers: expect.anything(),
      body: {
        statusCode: '404',
        code: 'NoSuchKey',
        error: 'not_found',
        message: 'Object not found',
      },
    });
    expect((await a.client.storage.from(bucket).remove([path])).data).toEqual([]);
    expect((await b.client.storage.from(bucket).download(path)).error).toBeNull();

    // The anon key sees nothing of a private bucket, and without a key the gateway lets nothing by.
    const anon = await raw(`/object/${bucket}/${path}`);
    expect(anon.body).toMatchObject({ statusCode: '404', error: 'not_found' });
    const keyless = await fetch(`${stack().apiUrl}/storage/v1/object/${bucket}/${path}`, {
      headers: { authorization: `Bearer ${b.token}` },
    });
    expect([keyless.status, await keyless.json()]).toEqual([
      401,
      { message: 'No API key found in request' },
    ]);
  });

  it('refuses a missing object, a duplicate without upsert, a wrong type and a file too large', async () => {
    const files = a.client.storage.from(bucket);
    const missing = await raw(`/object/${bucket}/${a.accountId}/nothing-here.jpg`, {
      token: a.token,
    });
    expect(missing.body).toEqual({
      statusCode: '404',
      code: 'NoSuchKey',
      error: 'not_found',
      message: 'Object not found',
    });

    const path = `${a.accountId}/dup-${randomUUID().slice(0, 6)}.jpg`;
    expect((await files.upload(path, jpeg([1]))).error).toBeNull();
    const duplicate = await raw(`/object/${bucket}/${path}`, {
      method: 'POST',
      token: a.token,
      headers: { 'content-type': 'image/jpeg' },
      body: new Uint8Array([2]),
    });
    expect(duplicate).toMatchObject({
      status: 400,
      body: {
        statusCode: '409',
        code: 'ResourceAlreadyExists',
        error: 'Duplicate',
        message: 'The resource already exists',
      },
    });

    const wrongType = await raw(`/object/${bucket}/${a.accountId}/doc.pdf`, {
      method: 'POST',
      token: a.token,
      headers: { 'content-type': 'application/pdf' },
      body: new Uint8Array([1]),
    });
    expect(wrongType).toMatchObject({
      status: 400,
      body: {
        statusCode: '415',
        code: 'InvalidMimeType',
        error: 'invalid_mime_type',
        message: 'mime type application/pdf is not supported',
      },
    });
    // A Blob goes as multipart/form-data: its part's type is what the bucket checks.
    const wrongBlob = await files.upload(
      `${a.accountId}/doc2.pdf`,
      new Blob(['%PDF'], { type: 'application/pdf' }),
    );
    expect(wrongBlob.error).toMatchObject({ status: 400, statusCode: '415' });

    const tooLarge = await raw(`/object/${bucket}/${a.accountId}/big.jpg`, {
      method: 'POST',
      token: a.token,
      headers: { 'content-type': 'image/jpeg' },
      body: new Uint8Array(1025),
    });
    expect(tooLarge).toMatchObject({
      status: 400,
      body: {
        statusCode: '413',
        code: 'EntityTooLarge',
        error: 'Payload too large',
        message: 'The object exceeded the maximum allowed size',
      },
    });
    const { rows } = await db().query(
      `select name from storage.objects where bucket_id = $1 and name in ($2, $3, $4)`,
      [bucket, `${a.accountId}/doc.pdf`, `${a.accountId}/doc2.pdf`, `${a.accountId}/big.jpg`],
    );
    expect(rows).toEqual([]);
  });

  it('keeps buckets to the service role, and answers a missing bucket as Storage does', async () => {
    const made = await a.client.storage.createBucket(`mine-${randomUUID().slice(0, 6)}`);
    expect(made.error).toMatchObject({
      status: 400,
      statusCode: '403',
      message: 'new row violates row-level security policy',
    });
    const upload = await serviceDbClient().storage.from('no-such-bucket').upload('x.txt', 'x');
    expect(upload.error).toMatchObject({
      status: 400,
      statusCode: '404',
      message: 'Bucket not found',
    });
    expect((await serviceDbClient().storage.getBucket(bucket)).data).toMatchObject({
      id: bucket,
      public: false,
      file_size_limit: 1024,
      allowed_mime_types: ['image/*', 'text/plain'],
    });
    const changed = await serviceDbClient().storage.updateBucket(bucket, {
      public: false,
      fileSizeLimit: '2KB',
      allowedMimeTypes: ['image/*', 'text/plain'],
    });
    expect(changed).toEqual({ data: { message: 'Successfully updated' }, error: null });
    expect((await serviceDbClient().storage.getBucket(bucket)).data?.file_size_limit).toBe(2000);
    await serviceDbClient().storage.updateBucket(bucket, { public: false, fileSizeLimit: 1024 });
    const notEmpty = await serviceDbClient().storage.deleteBucket(bucket);
    expect(notEmpty.error).toMatchObject({
      status: 400,
      statusCode: '409',
      message: 'The bucket you tried to delete is not empty',
    });
  });

  it('serves a public bucket without a key, and no private one', async () => {
    const service = serviceDbClient().storage;
    const open = `public-${randomUUID().slice(0, 6)}`;
    expect((await service.createBucket(open, { public: true })).error).toBeNull();
    try {
      expect(
        (await service.from(open).upload('logo.txt', 'hi', { contentType: 'text/plain' })).error,
      ).toBeNull();
      const answer = await fetch(service.from(open).getPublicUrl('logo.txt').data.publicUrl);
      expect([answer.status, await answer.text()]).toEqual([200, 'hi']);
      const closed = await fetch(
        `${stack().apiUrl}/storage/v1/object/public/${bucket}/${a.accountId}/item-1/photo-1.jpg`,
      );
      expect([closed.status, await closed.json()]).toEqual([
        400,
        {
          statusCode: '404',
          code: 'NoSuchBucket',
          error: 'Bucket not found',
          message: 'Bucket not found',
        },
      ]);
    } finally {
      await service.emptyBucket(open);
      await service.deleteBucket(open);
    }
  });
});
