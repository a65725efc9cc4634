// @vitest-environment node
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { ERRORS, fromDbError } from '../../../local/storage/errors';
import {
  isValidBucketName,
  listPrefix,
  mimeTypeAllowed,
  parseFileSizeLimit,
  parseRange,
  removeNames,
  splitObjectPath,
} from '../../../local/storage/paths';
import { callerFrom, signUrlToken, verifyUrlToken } from '../../../local/storage/tokens';
import { DEFAULT_JWT_SECRET, signApiKey } from '../../../local/keys';

const secret = DEFAULT_JWT_SECRET;

/** The body a refusal would carry, or the value when there is none. */
async function outcome<T>(run: () => Promise<T> | T): Promise<T | Record<string, string>> {
  try {
    return await run();
  } catch (error) {
    return (error as { body(): Record<string, string> }).body();
  }
}

describe('Storage paths and rules', () => {
  it('splits bucket and key, refusing an empty or unusable key as Storage does', async () => {
    expect(splitObjectPath('item-photos/acc/item/p.jpg')).toEqual({
      bucket: 'item-photos',
      key: 'acc/item/p.jpg',
    });
    expect(await outcome(() => splitObjectPath('item-photos'))).toMatchObject({
      code: 'MissingParameter',
    });
    expect(await outcome(() => splitObjectPath('item-photos/a/<b>.jpg'))).toEqual({
      statusCode: '400',
      code: 'InvalidKey',
      error: 'InvalidKey',
      message: 'Invalid key: a/<b>.jpg',
    });
    expect(isValidBucketName('item-photos')).toBe(true);
    expect(isValidBucketName('a/b')).toBe(false);
  });

  it('reads size limits in bytes or units, and mime rules with wildcards', async () => {
    expect(parseFileSizeLimit(1024)).toBe(1024);
    expect(parseFileSizeLimit('5MB')).toBe(5_000_000);
    expect(parseFileSizeLimit('30kb')).toBe(30_000);
    expect(parseFileSizeLimit(null)).toBeNull();
    expect(await outcome(() => parseFileSizeLimit('lots'))).toMatchObject({ statusCode: '400' });
    expect(mimeTypeAllowed(['image/*'], 'image/webp')).toBe(true);
    expect(mimeTypeAllowed(['image/jpeg'], 'image/jpeg; charset=binary')).toBe(true);
    expect(mimeTypeAllowed(['image/*'], 'application/pdf')).toBe(false);
    expect(mimeTypeAllowed(null, 'application/pdf')).toBe(true);
  });

  it('removes at most 1000 names a request, as Storage does', async () => {
    const names = Array.from({ length: 1000 }, (_, i) => `a/${i}.jpg`);
    expect(removeNames({ prefixes: names })).toHaveLength(1000);
    expect(await outcome(() => removeNames({ prefixes: [...names, 'a/x.jpg'] }))).toEqual({
      statusCode: '400',
      code: 'InvalidRequest',
      error: 'InvalidRequest',
      message: 'Bulk object requests are limited to 1000 objects per request.',
    });
    expect(await outcome(() => removeNames({}))).toMatchObject({ code: 'MissingParameter' });
  });

  it('lists one level under a prefix and reads single byte ranges', () => {
    expect(listPrefix('')).toEqual({ prefix: '', levels: 1 });
    expect(listPrefix('acc/item/')).toEqual({ prefix: 'acc/item/', levels: 3 });
    expect(parseRange('bytes=0-1', 5)).toEqual({ start: 0, end: 1 });
    expect(parseRange('bytes=-2', 5)).toEqual({ start: 3, end: 4 });
    expect(parseRange('bytes=3-', 5)).toEqual({ start: 3, end: 4 });
    expect(parseRange('bytes=9-', 5)).toBe('unsatisfiable');
    expect(parseRange('items=1-2', 5)).toBeNull();
  });
});

describe('Storage tokens and errors', () => {
  it('signs a URL token for one object until it expires', async () => {
    const now = Date.UTC(2026, 0, 1);
    const token = await signUrlToken(secret, { url: 'b/k.jpg' }, 60, now);
    expect(await verifyUrlToken(secret, token, 'b/k.jpg', now + 59_000)).toMatchObject({
      url: 'b/k.jpg',
    });
    expect(await outcome(() => verifyUrlToken(secret, token, 'b/k.jpg', now + 61_000))).toEqual({
      statusCode: '400',
      code: 'InvalidJWT',
      error: 'InvalidJWT',
      message: 'jwt expired',
    });
    expect(await outcome(() => verifyUrlToken(secret, token, 'b/other.jpg', now))).toMatchObject({
      code: 'InvalidSignature',
      message: 'The url do not match the signature',
    });
    expect(
      await outcome(() =>
        verifyUrlToken('another-secret-of-at-least-32-characters', token, 'b/k.jpg', now),
      ),
    ).toMatchObject({
      code: 'InvalidJWT',
      message: 'invalid signature',
    });
  });

  it('takes the caller from a key or session token, refusing a forged one', async () => {
    expect(await callerFrom(await signApiKey('anon', secret), secret)).toMatchObject({
      role: 'anon',
      sub: null,
    });
    expect(await outcome(() => callerFrom('not-a-jwt', secret))).toEqual({
      statusCode: '403',
      code: 'AccessDenied',
      error: 'Unauthorized',
      message: 'jwt malformed',
    });
  });

  it('words database refusals as Storage does', () => {
    const pgError = (code: string, message: string) =>
      Object.assign(new pg.DatabaseError(message, 0, 'error'), { code });
    expect(
      fromDbError(
        pgError('42501', 'new row violates row-level security policy for table "objects"'),
      ).body(),
    ).toEqual(ERRORS.accessDenied('new row violates row-level security policy').body());
    expect(fromDbError(pgError('42501', 'Photo limit reached.')).message).toBe(
      'Photo limit reached.',
    );
    expect(fromDbError(pgError('23505', 'duplicate key')).body()).toMatchObject({
      statusCode: '409',
      error: 'Duplicate',
    });
    const raised = fromDbError(pgError('P0001', 'Photo quota reached'));
    expect([raised.httpStatus, raised.body()]).toEqual([
      500,
      {
        statusCode: '500',
        code: 'DatabaseError',
        error: 'DatabaseError',
        message: 'database error, code: P0001',
      },
    ]);
  });
});
