// Errors in the shape Supabase Storage sends them (src/internal/errors in supabase/storage): the body
// carries the error's own status as a string (`statusCode`), a `code`, the older `error` name and a
// `message`, and the HTTP status is 400 for every refusal (500 for a fault), so storage-js's
// StorageApiError has status 400 and statusCode '404', '403', '409'…
import type { ServerResponse } from 'node:http';
import pg from 'pg';

export class StorageError extends Error {
  constructor(
    /** The status Storage names in the body ("statusCode"). */
    readonly statusCode: number,
    readonly code: string,
    message: string,
    /** Storage's older error name, sent as `error` where it has one (else the code). */
    readonly error?: string,
  ) {
    super(message);
    this.name = 'StorageError';
  }

  /** Storage answers 400 for every refusal and 500 only for its own faults. */
  get httpStatus(): number {
    return this.statusCode === 500 ? 500 : 400;
  }

  body(): Record<string, string> {
    return {
      statusCode: String(this.statusCode),
      code: this.code,
      error: this.error ?? this.code,
      message: this.message,
    };
  }
}

export const ERRORS = {
  noSuchBucket: () => new StorageError(404, 'NoSuchBucket', 'Bucket not found', 'Bucket not found'),
  noSuchKey: () => new StorageError(404, 'NoSuchKey', 'Object not found', 'not_found'),
  accessDenied: (message: string) =>
    new StorageError(403, 'AccessDenied', message || 'Access denied', 'Unauthorized'),
  alreadyExists: () =>
    new StorageError(409, 'ResourceAlreadyExists', 'The resource already exists', 'Duplicate'),
  bucketNotEmpty: () =>
    new StorageError(409, 'ResourceNotEmpty', 'The bucket you tried to delete is not empty'),
  entityTooLarge: () =>
    new StorageError(
      413,
      'EntityTooLarge',
      'The object exceeded the maximum allowed size',
      'Payload too large',
    ),
  invalidMimeType: (mimeType: string) =>
    new StorageError(
      415,
      'InvalidMimeType',
      `mime type ${mimeType} is not supported`,
      'invalid_mime_type',
    ),
  invalidJwt: (message: string) => new StorageError(400, 'InvalidJWT', message || 'Invalid JWT'),
  invalidSignature: (message = 'The url do not match the signature') =>
    new StorageError(400, 'InvalidSignature', message),
  invalidKey: (key: string) => new StorageError(400, 'InvalidKey', `Invalid key: ${key}`),
  invalidBucketName: () =>
    new StorageError(400, 'InvalidBucketName', 'Bucket name invalid', 'Invalid Input'),
  invalidRequest: (message: string) => new StorageError(400, 'InvalidRequest', message),
  invalidRange: () =>
    new StorageError(400, 'InvalidRange', 'invalid range provided', 'invalid_range'),
  missingParameter: (name: string) =>
    new StorageError(400, 'MissingParameter', `Missing Required Parameter ${name}`),
  relatedNotFound: () =>
    new StorageError(404, 'InvalidRequest', 'The related resource does not exist'),
  notFoundRoute: () => new StorageError(404, 'NotFound', 'Route not found', 'Not Found'),
  internal: (message = 'Internal server error') => new StorageError(500, 'InternalError', message),
};

/**
 * A Postgres error as Storage's DBError.fromDBError turns it: RLS and privilege refusals (42501)
 * become AccessDenied carrying the database's message (RLS's own worded as Storage words it), unique
 * violations Duplicate, missing references RelatedResourceNotFound, and anything else, a trigger's
 * `raise exception` (P0001) or a check violation included, a 500 that names only the SQLSTATE.
 */
export function fromDbError(error: unknown): StorageError {
  if (error instanceof StorageError) return error;
  if (!(error instanceof pg.DatabaseError)) return ERRORS.internal((error as Error)?.message);
  switch (error.code) {
    case '42501':
      return ERRORS.accessDenied(
        error.message.includes('row-level security')
          ? 'new row violates row-level security policy'
          : error.message,
      );
    case '23505':
      return ERRORS.alreadyExists();
    case '23503':
      return ERRORS.relatedNotFound();
    case '22P02':
    case '22007':
    case '22008':
      return new StorageError(
        400,
        'InvalidParameter',
        error.message || 'Invalid value format or type conversion failed',
      );
    default:
      return new StorageError(500, 'DatabaseError', `database error, code: ${error.code}`);
  }
}

export function sendStorageError(res: ServerResponse, error: StorageError): void {
  const text = JSON.stringify(error.body());
  res.writeHead(error.httpStatus, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
}
