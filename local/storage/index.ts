// Our local implementation of the Supabase Storage HTTP API, the part storage-js uses. The gateway
// mounts it under /storage/v1:
//
//   const storage = await createStorageService({ pool, jwtSecret, root: '<dataDir>/storage' });
//   await storage.handle(req, res, '/object/item-photos/a/b.jpg');
//
// Rows live in storage.buckets and storage.objects (local/sql/40-storage-schema.sql) and every
// request's SQL runs as its caller (db.ts), so those tables' RLS policies decide as on hosted
// projects; bytes live in files under `root` (files.ts).
import { createHash, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type pg from 'pg';
import { readBody } from '../http.ts';
import { SUPERUSER, inTransaction, type Tx } from './db.ts';
import { ERRORS, StorageError, fromDbError, sendStorageError } from './errors.ts';
import { ObjectFiles, parseJsonObject, readFormUpload, receiveBody } from './files.ts';
import {
  decodePath,
  isValidBucketName,
  listPrefix,
  mimeTypeAllowed,
  parseFileSizeLimit,
  parseRange,
  removeNames,
  splitObjectPath,
} from './paths.ts';
import { callerFrom, signUrlToken, verifyUrlToken, type Caller } from './tokens.ts';

/** Supabase Storage's default global upload limit (FILE_SIZE_LIMIT), 50 MB. */
export const DEFAULT_FILE_SIZE_LIMIT = 50 * 1024 * 1024;
/** Signed upload URLs are valid for two hours, as Storage's. */
const SIGNED_UPLOAD_SECONDS = 2 * 60 * 60;

export interface StorageConfig {
  pool: pg.Pool;
  jwtSecret: string;
  /** Folder the objects' files live in (<dataDir>/storage). */
  root: string;
  /** Largest upload, whatever a bucket allows (STORAGE_FILE_SIZE_LIMIT). */
  fileSizeLimit?: number;
  now?: () => number;
}

interface Ctx {
  req: IncomingMessage;
  res: ServerResponse;
  query: URLSearchParams;
}

interface ObjectRow {
  id: string;
  version: string | null;
  metadata: Record<string, unknown> | null;
  user_metadata: Record<string, unknown> | null;
  updated_at: Date;
  created_at: Date;
  last_accessed_at: Date;
}

interface BucketRow {
  id: string;
  public: boolean;
  file_size_limit: string | null;
  allowed_mime_types: string[] | null;
}

const BUCKET_COLUMNS =
  'id, name, owner, owner_id, public, file_size_limit, allowed_mime_types, created_at, updated_at';

export interface StorageService {
  handle(req: IncomingMessage, res: ServerResponse, path: string): Promise<void>;
}

export async function createStorageService(config: StorageConfig): Promise<StorageService> {
  const { pool, jwtSecret } = config;
  const now = config.now ?? Date.now;
  const globalLimit = config.fileSizeLimit ?? DEFAULT_FILE_SIZE_LIMIT;
  const files = new ObjectFiles(config.root);
  await files.init();

  const callerOf = async (req: IncomingMessage): Promise<Caller> => {
    const header = req.headers.authorization;
    const bearer = header ? /^\s*bearer\s+(\S+)\s*$/i.exec(header)?.[1] : undefined;
    const apikey = req.headers.apikey;
    const token = bearer ?? (Array.isArray(apikey) ? apikey[0] : apikey);
    if (!token)
      throw new StorageError(
        400,
        'InvalidRequest',
        "headers must have required property 'authorization'",
        'Error',
      );
    return callerFrom(token, jwtSecret);
  };

  const json = async (req: IncomingMessage): Promise<Record<string, unknown>> => {
    const body = await readBody(req, 1 << 20).catch(() => {
      throw ERRORS.invalidRequest('Request body too large');
    });
    if (body.length === 0) return {};
    try {
      const value: unknown = JSON.parse(body.toString('utf8'));
      if (value && typeof value === 'object' && !Array.isArray(value))
        return value as Record<string, unknown>;
    } catch {
      // fall through
    }
    throw ERRORS.invalidRequest('Body is not valid JSON');
  };

  const send = (res: ServerResponse, status: number, body: unknown) => {
    const text = JSON.stringify(body);
    res.writeHead(status, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(text),
    });
    res.end(text);
  };

  const findBucket = async (id: string): Promise<BucketRow> => {
    const row = await inTransaction(
      pool,
      SUPERUSER,
      async (tx) =>
        (
          await tx.query<BucketRow>(
            'select id, public, file_size_limit, allowed_mime_types from storage.buckets where id = $1',
            [id],
          )
        ).rows[0],
    );
    if (!row) throw ERRORS.noSuchBucket();
    return row;
  };

  const findObject = async (tx: Tx, bucket: string, key: string): Promise<ObjectRow> => {
    const row = (
      await tx.query<ObjectRow>(
        `select id, version, metadata, user_metadata, updated_at, created_at, last_accessed_at
           from storage.objects where bucket_id = $1 and name = $2`,
        [bucket, key],
      )
    ).rows[0];
    if (!row) throw ERRORS.noSuchKey();
    return row;
  };

  /**
   * The caller may insert `key` (or upsert it): Storage's canUpload, a rolled-back insert under RLS
   * run before the body is read, with what the headers tell of the file (its type and length).
   */
  const checkCanUpload = (
    caller: Caller,
    bucket: string,
    key: string,
    upsert: boolean,
    known: {
      metadata?: Record<string, unknown>;
      userMetadata?: Record<string, unknown> | null;
    } = {},
  ) =>
    inTransaction(
      pool,
      caller,
      async (tx) => {
        await tx.query(
          `insert into storage.objects (bucket_id, name, owner, owner_id, version, metadata, user_metadata)
           values ($1, $2, $3, $4, '1', $5, $6)
           ${upsert ? 'on conflict (bucket_id, name) do update set version = excluded.version, metadata = excluded.metadata' : ''}`,
          [
            bucket,
            key,
            uuidOrNull(caller.sub),
            caller.sub,
            known.metadata ?? null,
            known.userMetadata ?? null,
          ],
        );
      },
      { rollback: true },
    );

  // ---- uploads ---------------------------------------------------------------------------

  async function upload(
    ctx: Ctx,
    caller: Caller,
    bucketId: string,
    key: string,
    mode: { upsert: boolean; update: boolean; owner?: string | null },
  ): Promise<{ id: string }> {
    const { req } = ctx;
    const bucket = await findBucket(bucketId);
    const bucketLimit = bucket.file_size_limit === null ? null : Number(bucket.file_size_limit);
    const limit = bucketLimit === null ? globalLimit : Math.min(bucketLimit, globalLimit);
    const contentType = headerOf(req, 'content-type') ?? 'text/plain;charset=UTF-8';
    const multipart = /^multipart\/form-data/i.test(contentType);
    if (!multipart && !mimeTypeAllowed(bucket.allowed_mime_types, contentType)) {
      throw ERRORS.invalidMimeType(contentType);
    }

    let userMetadata: Record<string, unknown> | null = null;
    const metadataHeader = headerOf(req, 'x-metadata');
    if (metadataHeader)
      userMetadata = parseJsonObject(Buffer.from(metadataHeader, 'base64').toString('utf8'));
    const declaredLength = Number(headerOf(req, 'content-length') ?? Number.NaN);
    // A multipart body is larger than its file, so only a plain body is measured before it comes.
    if (!multipart && declaredLength > limit) throw ERRORS.entityTooLarge();
    await checkCanUpload(caller, bucketId, key, mode.upsert || mode.update, {
      metadata: {
        mimetype: contentType,
        ...(Number.isFinite(declaredLength) ? { contentLength: declaredLength } : {}),
      },
      userMetadata,
    });

    const temps: string[] = [];
    let placed: string | null = null;
    try {
      const raw = files.tempPath();
      temps.push(raw);
      let size = await receiveBody(req, raw, limit);
      let file = raw;
      let mimeType = contentType;
      let cacheControl = headerOf(req, 'cache-control') ?? 'no-cache';
      if (multipart) {
        const out = files.tempPath();
        temps.push(out);
        const form = await readFormUpload(raw, contentType, out);
        await fs.rm(raw, { force: true });
        if (form.size > limit) throw ERRORS.entityTooLarge();
        if (!mimeTypeAllowed(bucket.allowed_mime_types, form.mimeType))
          throw ERRORS.invalidMimeType(form.mimeType);
        ({ file, size, mimeType } = form);
        if (form.cacheControl) cacheControl = `max-age=${form.cacheControl}`;
        if (form.userMetadata) userMetadata = form.userMetadata;
      }

      const version = randomUUID();
      const metadata = {
        eTag: `"${await md5Of(file)}"`,
        size,
        mimetype: mimeType,
        cacheControl,
        lastModified: new Date(now()).toISOString(),
        contentLength: size,
        httpStatusCode: 200,
      };
      await files.place(file, version);
      placed = version;

      const owner = mode.owner !== undefined ? mode.owner : caller.sub;
      const params = [
        bucketId,
        key,
        uuidOrNull(owner),
        owner ?? null,
        metadata,
        version,
        userMetadata,
      ];
      const { id, oldVersion } = await inTransaction(pool, caller, async (tx) => {
        const previous = (
          await tx.query<{ version: string | null }>(
            'select version from storage.objects where bucket_id = $1 and name = $2',
            [bucketId, key],
          )
        ).rows[0];
        let sql: string;
        if (mode.update) {
          if (!previous) throw ERRORS.noSuchKey();
          sql = `update storage.objects
                    set owner = $3, owner_id = $4, metadata = $5, version = $6, user_metadata = $7,
                        last_accessed_at = now()
                  where bucket_id = $1 and name = $2
              returning id`;
        } else {
          sql = `insert into storage.objects (bucket_id, name, owner, owner_id, metadata, version, user_metadata)
                 values ($1, $2, $3, $4, $5, $6, $7)
                 ${
                   mode.upsert
                     ? `on conflict (bucket_id, name) do update
                          set owner = excluded.owner, owner_id = excluded.owner_id, metadata = excluded.metadata,
                              version = excluded.version, user_metadata = excluded.user_metadata,
                              last_accessed_at = now()`
                     : ''
                 }
                 returning id`;
        }
        const row = (await tx.query<{ id: string }>(sql, params)).rows[0];
        if (!row) throw ERRORS.noSuchKey();
        return { id: row.id, oldVersion: previous?.version ?? null };
      });
      placed = null;
      if (oldVersion && oldVersion !== version) await files.remove([oldVersion]);
      return { id };
    } finally {
      // Nothing half-uploaded: a refused or failed upload leaves no file behind.
      for (const temp of temps) await fs.rm(temp, { force: true });
      if (placed) await files.remove([placed]);
    }
  }

  // ---- downloads -------------------------------------------------------------------------

  async function serve(ctx: Ctx, row: ObjectRow, opts: { head?: boolean } = {}): Promise<void> {
    const { req, res, query } = ctx;
    if (!row.version) throw ERRORS.noSuchKey();
    const meta = row.metadata ?? {};
    const path = files.pathOf(row.version);
    const stat = await fs.stat(path).catch(() => null);
    if (!stat) throw ERRORS.noSuchKey();
    const size = stat.size;
    const headers: Record<string, string | number> = {
      'content-type': String(meta.mimetype ?? 'application/octet-stream'),
      'cache-control': String(meta.cacheControl ?? 'no-cache'),
      etag: String(meta.eTag ?? ''),
      'last-modified': new Date(String(meta.lastModified ?? row.updated_at)).toUTCString(),
      'accept-ranges': 'bytes',
    };
    const download = query.get('download');
    if (download !== null) {
      const name = download || ctx.req.url?.split('?')[0]?.split('/').pop() || 'download';
      headers['content-disposition'] =
        `attachment; filename=${encodeURIComponent(decodeSafe(name))};`;
    }
    if (headerOf(req, 'if-none-match') && headerOf(req, 'if-none-match') === headers.etag) {
      res.writeHead(304, headers);
      res.end();
      return;
    }
    const range = parseRange(headerOf(req, 'range') ?? undefined, size);
    if (range === 'unsatisfiable') {
      res.writeHead(416, { 'content-range': `bytes */${size}` });
      res.end();
      return;
    }
    const start = range?.start ?? 0;
    const end = range?.end ?? size - 1;
    headers['content-length'] = size === 0 ? 0 : end - start + 1;
    if (range) headers['content-range'] = `bytes ${start}-${end}/${size}`;
    res.writeHead(range ? 206 : 200, headers);
    if (opts.head || req.method === 'HEAD' || size === 0) {
      res.end();
      return;
    }
    createReadStream(path, { start, end })
      .on('error', () => res.destroy())
      .pipe(res);
  }

  // ---- routes ----------------------------------------------------------------------------

  async function route(ctx: Ctx, method: string, path: string): Promise<void> {
    const { req, res } = ctx;
    const segments = path.split('/').filter((_, i) => i > 0);
    const [area, second] = segments;

    if (area === 'bucket') return bucketRoute(ctx, method, segments.slice(1));
    if (area !== 'object') throw ERRORS.notFoundRoute();

    const after = (n: number) => decodePath(segments.slice(n).join('/'));

    if (method === 'POST' && second === 'list' && segments.length >= 3) {
      const caller = await callerOf(req);
      const bucket = after(2);
      const body = await json(req);
      const { prefix, levels } = listPrefix(String(body.prefix ?? ''));
      const sortBy = (body.sortBy ?? {}) as { column?: string; order?: string };
      const rows = await inTransaction(
        pool,
        caller,
        async (tx) =>
          (
            await tx.query('select * from storage.search($1, $2, $3, $4, $5, $6, $7, $8)', [
              prefix,
              bucket,
              clampInt(body.limit, 100),
              levels,
              clampInt(body.offset, 0),
              String(body.search ?? ''),
              String(sortBy.column ?? 'name'),
              String(sortBy.order ?? 'asc'),
            ])
          ).rows,
      );
      return send(res, 200, rows);
    }

    if (method === 'POST' && (second === 'move' || second === 'copy') && segments.length === 2) {
      const caller = await callerOf(req);
      const body = await json(req);
      for (const field of ['bucketId', 'sourceKey', 'destinationKey']) {
        if (typeof body[field] !== 'string' || !body[field]) throw ERRORS.missingParameter(field);
      }
      const from = { bucket: String(body.bucketId), key: String(body.sourceKey) };
      const to = {
        bucket:
          typeof body.destinationBucket === 'string' && body.destinationBucket
            ? body.destinationBucket
            : from.bucket,
        key: String(body.destinationKey),
      };
      splitObjectPath(`${to.bucket}/${to.key}`);
      if (second === 'move') {
        await inTransaction(pool, caller, async (tx) => {
          await findObject(tx, from.bucket, from.key);
          await tx.query(
            `update storage.objects set bucket_id = $3, name = $4, last_accessed_at = now()
              where bucket_id = $1 and name = $2`,
            [from.bucket, from.key, to.bucket, to.key],
          );
        });
        return send(res, 200, { message: 'Successfully moved' });
      }
      const version = randomUUID();
      let copied = false;
      try {
        const id = await inTransaction(pool, caller, async (tx) => {
          const source = await findObject(tx, from.bucket, from.key);
          if (!source.version) throw ERRORS.noSuchKey();
          await files.copy(source.version, version);
          copied = true;
          const metadata = {
            ...(source.metadata ?? {}),
            lastModified: new Date(now()).toISOString(),
          };
          const row = (
            await tx.query<{ id: string }>(
              `insert into storage.objects (bucket_id, name, owner, owner_id, metadata, version, user_metadata)
               values ($1, $2, $3, $4, $5, $6, $7) returning id`,
              [
                to.bucket,
                to.key,
                uuidOrNull(caller.sub),
                caller.sub,
                metadata,
                version,
                source.user_metadata,
              ],
            )
          ).rows[0]!;
          return row.id;
        });
        copied = false;
        return send(res, 200, { Id: id, Key: `${to.bucket}/${to.key}` });
      } finally {
        if (copied) await files.remove([version]);
      }
    }

    if (second === 'sign') {
      if (method === 'POST' && segments.length === 3) {
        // Several objects at once: each answered on its own, missing ones with an error.
        const caller = await callerOf(req);
        const bucket = after(2);
        const body = await json(req);
        const paths = Array.isArray(body.paths) ? body.paths.map(String) : null;
        if (!paths) throw ERRORS.missingParameter('paths');
        const expiresIn = positiveInt(body.expiresIn);
        const seen = await inTransaction(
          pool,
          caller,
          async (tx) =>
            new Set(
              (
                await tx.query<{ name: string }>(
                  'select name from storage.objects where bucket_id = $1 and name = any($2::text[])',
                  [bucket, paths],
                )
              ).rows.map((r) => r.name),
            ),
        );
        const answers = await Promise.all(
          paths.map(async (p: string) =>
            seen.has(p)
              ? {
                  error: null,
                  path: p,
                  signedURL: `/object/sign/${bucket}/${p}?token=${await signUrlToken(jwtSecret, { url: `${bucket}/${p}` }, expiresIn, now())}`,
                }
              : {
                  error: 'Either the object does not exist or you do not have access to it',
                  path: p,
                  signedURL: null,
                },
          ),
        );
        return send(res, 200, answers);
      }
      const { bucket, key } = splitObjectPath(after(2));
      if (method === 'POST') {
        const caller = await callerOf(req);
        const body = await json(req);
        const expiresIn = positiveInt(body.expiresIn);
        await inTransaction(pool, caller, (tx) => findObject(tx, bucket, key));
        const token = await signUrlToken(jwtSecret, { url: `${bucket}/${key}` }, expiresIn, now());
        return send(res, 200, { signedURL: `/object/sign/${bucket}/${key}?token=${token}` });
      }
      if (method === 'GET' || method === 'HEAD') {
        await verifyUrlToken(jwtSecret, ctx.query.get('token'), `${bucket}/${key}`, now());
        const row = await inTransaction(pool, SUPERUSER, (tx) => findObject(tx, bucket, key));
        return serve(ctx, row);
      }
    }

    if (second === 'upload' && segments[2] === 'sign') {
      const { bucket, key } = splitObjectPath(after(3));
      if (method === 'POST') {
        const caller = await callerOf(req);
        const upsert = headerOf(req, 'x-upsert') === 'true';
        await findBucket(bucket);
        await checkCanUpload(caller, bucket, key, upsert);
        const token = await signUrlToken(
          jwtSecret,
          { url: `${bucket}/${key}`, owner: caller.sub ?? undefined, upsert },
          SIGNED_UPLOAD_SECONDS,
          now(),
        );
        return send(res, 200, {
          url: `/object/upload/sign/${bucket}/${key}?token=${token}`,
          token,
        });
      }
      if (method === 'PUT') {
        const payload = await verifyUrlToken(
          jwtSecret,
          ctx.query.get('token'),
          `${bucket}/${key}`,
          now(),
        );
        const { id } = await upload(ctx, SUPERUSER, bucket, key, {
          upsert: Boolean(payload.upsert),
          update: false,
          owner: payload.owner ?? null,
        });
        return send(res, 200, { Id: id, Key: `${bucket}/${key}` });
      }
    }

    if (second === 'public' && (method === 'GET' || method === 'HEAD')) {
      const { bucket, key } = splitObjectPath(after(2));
      const found = await findBucket(bucket).catch(() => null);
      if (!found?.public) throw ERRORS.noSuchBucket();
      const row = await inTransaction(pool, SUPERUSER, (tx) => findObject(tx, bucket, key));
      return serve(ctx, row);
    }

    if (second === 'info' && method === 'GET') {
      const rest = segments[2] === 'authenticated' || segments[2] === 'public' ? 3 : 2;
      const { bucket, key } = splitObjectPath(after(rest));
      const asPublic = segments[2] === 'public';
      if (asPublic && !(await findBucket(bucket)).public) throw ERRORS.noSuchBucket();
      const caller = asPublic ? SUPERUSER : await callerOf(req);
      const row = await inTransaction(pool, caller, (tx) => findObject(tx, bucket, key));
      const meta = row.metadata ?? {};
      return send(res, 200, {
        id: row.id,
        name: key,
        version: row.version,
        bucket_id: bucket,
        size: meta.size ?? null,
        content_type: meta.mimetype ?? null,
        cache_control: meta.cacheControl ?? null,
        etag: meta.eTag ?? null,
        metadata: row.user_metadata,
        last_modified: meta.lastModified ?? null,
        created_at: row.created_at,
      });
    }

    if (method === 'DELETE' && segments.length === 2 && second) {
      const caller = await callerOf(req);
      const bucket = decodePath(second);
      const body = await json(req);
      const names = removeNames(body);
      const rows = await inTransaction(
        pool,
        caller,
        async (tx) =>
          (
            await tx.query<{ version: string | null }>(
              'delete from storage.objects where bucket_id = $1 and name = any($2::text[]) returning *',
              [bucket, names],
            )
          ).rows,
        { canDelete: true },
      );
      await files.remove(rows.map((r) => r.version));
      return send(res, 200, rows);
    }

    // Plain object routes: /object/<bucket>/<key> and /object/authenticated/<bucket>/<key>.
    const authenticated = second === 'authenticated' && (method === 'GET' || method === 'HEAD');
    const { bucket, key } = splitObjectPath(after(authenticated ? 2 : 1));
    const caller = await callerOf(req);
    if (method === 'GET' || method === 'HEAD') {
      const row = await inTransaction(pool, caller, (tx) => findObject(tx, bucket, key));
      return serve(ctx, row);
    }
    if (method === 'POST' || method === 'PUT') {
      const upsert = method === 'POST' && headerOf(req, 'x-upsert') === 'true';
      const { id } = await upload(ctx, caller, bucket, key, { upsert, update: method === 'PUT' });
      return send(res, 200, { Id: id, Key: `${bucket}/${key}` });
    }
    if (method === 'DELETE') {
      const rows = await inTransaction(
        pool,
        caller,
        async (tx) =>
          (
            await tx.query<{ version: string | null }>(
              'delete from storage.objects where bucket_id = $1 and name = $2 returning version',
              [bucket, key],
            )
          ).rows,
        { canDelete: true },
      );
      if (rows.length === 0) throw ERRORS.noSuchKey();
      await files.remove(rows.map((r) => r.version));
      return send(res, 200, { message: 'Successfully deleted' });
    }
    throw ERRORS.notFoundRoute();
  }

  async function bucketRoute(ctx: Ctx, method: string, segments: string[]): Promise<void> {
    const { req, res, query } = ctx;
    const caller = await callerOf(req);
    const id = segments[0] === undefined ? undefined : decodePath(segments[0]);

    if (id === undefined || id === '') {
      if (method === 'GET') {
        const search = query.get('search') ?? '';
        const column = ['id', 'name', 'created_at', 'updated_at'].includes(
          query.get('sortColumn') ?? '',
        )
          ? query.get('sortColumn')!
          : 'name';
        const order = query.get('sortOrder') === 'desc' ? 'desc' : 'asc';
        const rows = await inTransaction(
          pool,
          caller,
          async (tx) =>
            (
              await tx.query(
                `select ${BUCKET_COLUMNS}, 'STANDARD' as type from storage.buckets
                where name ilike '%' || $1 || '%'
                order by ${column} ${order} limit $2 offset $3`,
                [search, clampInt(query.get('limit'), 1000), clampInt(query.get('offset'), 0)],
              )
            ).rows,
        );
        return send(res, 200, rows.map(bucketJson));
      }
      if (method === 'POST') {
        const body = await json(req);
        const name = typeof body.name === 'string' ? body.name : '';
        const bucketId = typeof body.id === 'string' && body.id ? body.id : name;
        if (!name) throw ERRORS.missingParameter('name');
        if (!isValidBucketName(bucketId) || !isValidBucketName(name))
          throw ERRORS.invalidBucketName();
        const limit = parseFileSizeLimit(body.file_size_limit);
        await inTransaction(pool, caller, (tx) =>
          tx.query(
            `insert into storage.buckets (id, name, owner, owner_id, public, file_size_limit, allowed_mime_types)
             values ($1, $2, $3, $4, $5, $6, $7)`,
            [
              bucketId,
              name,
              uuidOrNull(caller.sub),
              caller.sub,
              body.public === true,
              limit,
              mimeList(body.allowed_mime_types),
            ],
          ),
        ).catch((error: unknown) => {
          const e = fromDbError(error);
          throw e.code === 'ResourceAlreadyExists'
            ? new StorageError(
                409,
                'BucketAlreadyExists',
                'The resource already exists',
                'Duplicate',
              )
            : e;
        });
        return send(res, 200, { name: bucketId });
      }
    }
    if (id !== undefined && segments.length === 1) {
      if (method === 'GET') {
        const row = await inTransaction(
          pool,
          caller,
          async (tx) =>
            (
              await tx.query(
                `select ${BUCKET_COLUMNS}, 'STANDARD' as type from storage.buckets where id = $1`,
                [id],
              )
            ).rows[0],
        );
        if (!row) throw ERRORS.noSuchBucket();
        return send(res, 200, bucketJson(row));
      }
      if (method === 'PUT') {
        const body = await json(req);
        const sets: string[] = [];
        const params: unknown[] = [id];
        const set = (column: string, value: unknown) => {
          params.push(value);
          sets.push(`${column} = $${params.length}`);
        };
        if (body.public !== undefined) set('public', body.public === true);
        if (body.file_size_limit !== undefined)
          set('file_size_limit', parseFileSizeLimit(body.file_size_limit));
        if (body.allowed_mime_types !== undefined)
          set('allowed_mime_types', mimeList(body.allowed_mime_types));
        const updated = await inTransaction(
          pool,
          caller,
          async (tx) =>
            (
              await tx.query(
                `update storage.buckets set ${[...sets, 'updated_at = now()'].join(', ')} where id = $1 returning id`,
                params,
              )
            ).rowCount,
        );
        if (!updated) throw ERRORS.noSuchBucket();
        return send(res, 200, { message: 'Successfully updated' });
      }
      if (method === 'DELETE') {
        await inTransaction(
          pool,
          caller,
          async (tx) => {
            const found = (await tx.query('select 1 from storage.buckets where id = $1', [id]))
              .rowCount;
            if (!found) throw ERRORS.noSuchBucket();
            const { rows } = await pool.query<{ n: number }>(
              'select count(*)::int as n from storage.objects where bucket_id = $1',
              [id],
            );
            if (rows[0]!.n > 0) throw ERRORS.bucketNotEmpty();
            const deleted = await tx.query('delete from storage.buckets where id = $1', [id]);
            if (!deleted.rowCount)
              throw ERRORS.accessDenied('new row violates row-level security policy');
          },
          { canDelete: true },
        );
        return send(res, 200, { message: 'Successfully deleted' });
      }
    }
    if (id !== undefined && segments[1] === 'empty' && segments.length === 2 && method === 'POST') {
      const versions = await inTransaction(
        pool,
        caller,
        async (tx) => {
          if (!(await tx.query('select 1 from storage.buckets where id = $1', [id])).rowCount)
            throw ERRORS.noSuchBucket();
          return (
            await tx.query<{ version: string | null }>(
              'delete from storage.objects where bucket_id = $1 returning version',
              [id],
            )
          ).rows.map((r) => r.version);
        },
        { canDelete: true },
      );
      await files.remove(versions);
      return send(res, 200, { message: 'Successfully emptied' });
    }
    throw ERRORS.notFoundRoute();
  }

  return {
    async handle(req, res, path) {
      const url = new URL(path || '/', 'http://storage.local');
      const ctx: Ctx = { req, res, query: url.searchParams };
      try {
        await route(
          ctx,
          (req.method ?? 'GET').toUpperCase(),
          url.pathname.replace(/\/+$/, '') || '/',
        );
      } catch (error) {
        // Drain anything unread so the connection can carry the error response.
        if (!req.readableEnded) req.resume();
        if (res.headersSent) {
          res.destroy();
          return;
        }
        sendStorageError(res, fromDbError(error));
      }
    },
  };
}

function headerOf(req: IncomingMessage, name: string): string | null {
  const value = req.headers[name];
  return (Array.isArray(value) ? value[0] : value) ?? null;
}

function uuidOrNull(value: string | null | undefined): string | null {
  return value && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value)
    ? value
    : null;
}

function clampInt(value: unknown, fallback: number): number {
  const n = Number(value ?? fallback);
  return Number.isInteger(n) && n >= 0 ? Math.min(n, 10_000) : fallback;
}

function positiveInt(value: unknown): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw ERRORS.missingParameter('expiresIn');
  return n;
}

function mimeList(value: unknown): string[] | null {
  if (value === null || value === undefined) return null;
  if (!Array.isArray(value) || value.some((v) => typeof v !== 'string')) {
    throw ERRORS.invalidRequest('allowed_mime_types must be an array of strings');
  }
  return value as string[];
}

function bucketJson(row: Record<string, unknown>): Record<string, unknown> {
  return {
    ...row,
    file_size_limit: row.file_size_limit === null ? null : Number(row.file_size_limit),
  };
}

function decodeSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

async function md5Of(file: string): Promise<string> {
  const hash = createHash('md5');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}
