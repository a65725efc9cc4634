// The pure parts of the Storage API: which route a path is, and the rules Storage applies to
// bucket names, object keys, size limits and mime types before it touches the database.
import { ERRORS } from './errors.ts';

// Storage's isValidKey / isValidBucketName (src/storage/limits.ts): printable ASCII it can put in
// an S3 key, minus the characters S3 treats specially.
const KEY_CHARS = /^(\w|\/|!|-|\.|\*|'|\(|\)| |&|\$|@|=|;|:|\+|,|\?)*$/;
const BUCKET_CHARS = /^(\w|!|-|\.|\*|'|\(|\)| |&|\$|@|=|;|:|\+|,|\?)*$/;

export function isValidKey(key: string): boolean {
  return key.length > 0 && key.length <= 1024 && KEY_CHARS.test(key);
}

export function isValidBucketName(name: string): boolean {
  return name.length > 0 && name.length <= 100 && BUCKET_CHARS.test(name);
}

/** `bucket/some/key.jpg` (already decoded) as [bucket, key]; refuses what Storage refuses. */
export function splitObjectPath(rest: string): { bucket: string; key: string } {
  const slash = rest.indexOf('/');
  if (slash <= 0) throw ERRORS.missingParameter('*');
  const bucket = rest.slice(0, slash);
  const key = rest.slice(slash + 1);
  if (!key) throw ERRORS.missingParameter('*');
  if (!isValidKey(key)) throw ERRORS.invalidKey(key);
  return { bucket, key };
}

/** A URL path segment run decoded as Storage's router does; a bad escape is an invalid key. */
export function decodePath(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    throw ERRORS.invalidKey(raw);
  }
}

const UNITS: Record<string, number> = { B: 1, KB: 1000, MB: 1000 ** 2, GB: 1000 ** 3 };

/**
 * A bucket's file_size_limit as Storage reads it: a number of bytes, or a string such as '5MB',
 * '20GB', '30KB', '3B' (decimal units, as Storage's parseFileSizeToBytes). null: no limit.
 */
export function parseFileSizeLimit(value: unknown): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') {
    if (!Number.isInteger(value) || value < 0) throw invalidSize();
    return value;
  }
  if (typeof value !== 'string') throw invalidSize();
  const match = /^(\d+(?:\.\d+)?)\s*(B|KB|MB|GB)$/i.exec(value.trim());
  if (!match) {
    if (/^\d+$/.test(value.trim())) return Number(value.trim());
    throw invalidSize();
  }
  return Math.floor(Number(match[1]) * UNITS[match[2]!.toUpperCase()]!);
}

function invalidSize() {
  return ERRORS.invalidRequest('Invalid file size format, hint: use 20GB / 20MB / 30KB / 3B');
}

/** The media type without its parameters, lower-cased: 'image/jpeg; q=1' → 'image/jpeg'. */
export function bareMimeType(mimeType: string): string {
  return mimeType.split(';')[0]!.trim().toLowerCase();
}

/** Whether a bucket's allowed_mime_types (exact types or 'image/*') admit `mimeType`. */
export function mimeTypeAllowed(allowed: string[] | null | undefined, mimeType: string): boolean {
  if (!allowed || allowed.length === 0) return true;
  const bare = bareMimeType(mimeType);
  const [type] = bare.split('/');
  return allowed.some((rule) => {
    const r = rule.trim().toLowerCase();
    return r === bare || r === `${type}/*` || r === '*/*';
  });
}

/** The prefix storage.search lists, and its depth: 'a/b' → 'a/b/' at level 3. */
export function listPrefix(prefix: string): { prefix: string; levels: number } {
  const parts = prefix.split('/').filter(Boolean);
  return { prefix: parts.length ? `${parts.join('/')}/` : '', levels: parts.length + 1 };
}

/** A single `bytes=a-b` range of a `size`-byte object, or null for a header Storage ignores. */
export function parseRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | 'unsatisfiable' | null {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return null;
  let start: number;
  let end: number;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0) return 'unsatisfiable';
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  if (start >= size || start > end) return 'unsatisfiable';
  return { start, end };
}

/** Storage's bulk remove takes at most this many names a request (supabase/storage limits.ts). */
export const MAX_OBJECTS_PER_REQUEST = 1000;

/** The names of a bulk remove's body ({ prefixes }), refused past Storage's per-request cap. */
export function removeNames(body: { prefixes?: unknown }): string[] {
  if (!Array.isArray(body.prefixes)) throw ERRORS.missingParameter('prefixes');
  if (body.prefixes.length > MAX_OBJECTS_PER_REQUEST) {
    throw ERRORS.invalidRequest(
      `Bulk object requests are limited to ${MAX_OBJECTS_PER_REQUEST} objects per request.`,
    );
  }
  return body.prefixes.map(String);
}
