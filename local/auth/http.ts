// Request plumbing: size-capped body reading, JSON parsing with GoTrue's error codes, typed
// field access, client IP.
import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';
import { AuthError, badRequest } from './errors.ts';

/** GoTrue caps request bodies at 1 MiB and answers 413 request_entity_too_large above it. */
export const MAX_BODY_BYTES = 1 << 20;
/** Past this we stop draining an oversized upload and drop the connection. */
const MAX_DRAIN_BYTES = 16 << 20;

export function readBody(req: IncomingMessage, limit = MAX_BODY_BYTES): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_DRAIN_BYTES) {
        req.destroy();
        return;
      }
      if (size > limit) {
        // Keep draining (so the client can read our 413) but stop buffering.
        tooLarge = true;
        chunks.length = 0;
        return;
      }
      if (!tooLarge) chunks.push(chunk);
    });
    req.on('end', () => {
      if (tooLarge) {
        reject(
          new AuthError(
            413,
            'request_entity_too_large',
            `Request body too large (max ${limit} bytes)`,
          ),
        );
      } else {
        resolve(Buffer.concat(chunks));
      }
    });
    req.on('error', reject);
    req.on('close', () => {
      if (size > MAX_DRAIN_BYTES) {
        reject(new AuthError(413, 'request_entity_too_large', 'Request body too large'));
      }
    });
  });
}

export type Params = Record<string, unknown>;

/** Reads the JSON body as an object. Like GoTrue, an empty or non-object body is bad_json. */
export async function readParams(req: IncomingMessage): Promise<Params> {
  const body = await readBody(req);
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString('utf8'));
  } catch (e) {
    throw badRequest(
      'bad_json',
      `Could not parse request body as JSON: ${e instanceof Error ? e.message : 'invalid JSON'}`,
    );
  }
  if (parsed === null) return {};
  if (typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw badRequest('bad_json', 'Could not parse request body as JSON: expected an object');
  }
  return parsed as Params;
}

function typeError(field: string, expected: string): AuthError {
  return badRequest(
    'bad_json',
    `Could not parse request body as JSON: field "${field}" must be ${expected}`,
  );
}

/** A string field; absent or null gives ''. Any other type is bad_json, as Go's decoder says. */
export function str(p: Params, field: string): string {
  const v = p[field];
  if (v === undefined || v === null) return '';
  if (typeof v !== 'string') throw typeError(field, 'a string');
  return v;
}

/** Like str() but keeps "absent" distinct from "" (GoTrue uses *string for passwords). */
export function optStr(p: Params, field: string): string | undefined {
  const v = p[field];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'string') throw typeError(field, 'a string');
  return v;
}

export function bool(p: Params, field: string, dflt = false): boolean {
  const v = p[field];
  if (v === undefined || v === null) return dflt;
  if (typeof v !== 'boolean') throw typeError(field, 'a boolean');
  return v;
}

export function obj(p: Params, field: string): Record<string, unknown> | undefined {
  const v = p[field];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'object' || Array.isArray(v)) throw typeError(field, 'an object');
  return v as Record<string, unknown>;
}

/**
 * The client address used for rate limits and MFA challenges. Behind the gateway every
 * request comes from 127.0.0.1, so like GoTrue behind Kong we trust the first
 * X-Forwarded-For entry when it is a valid IP (the gateway should set it).
 */
export function clientIp(req: IncomingMessage): string {
  const raw = req.headers['x-forwarded-for'];
  const header = Array.isArray(raw) ? raw[0] : raw;
  const first = header?.split(',')[0]?.trim();
  if (first && isIP(first)) return first;
  const remote = req.socket.remoteAddress ?? '';
  return remote.startsWith('::ffff:') ? remote.slice(7) : remote || '0.0.0.0';
}

export function userAgent(req: IncomingMessage): string | null {
  const ua = req.headers['user-agent'];
  return ua ? ua.slice(0, 1000) : null;
}

export function bearerToken(req: IncomingMessage): string | null {
  const h = req.headers.authorization;
  const m = h ? /^\s*bearer\s+(\S+)\s*$/i.exec(h) : null;
  return m?.[1] ?? null;
}
