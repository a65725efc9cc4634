// Objects on disk under <dataDir>/storage: each stored version is one file named by its version id
// (objects/<2 chars>/<version>), so a move or rename is a row update and a half-written upload never
// sits where a row points. Bodies are streamed to tmp/ first, with the size limit counted as they come.
import { randomUUID } from 'node:crypto';
import { createWriteStream, openAsBlob } from 'node:fs';
import fs from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ERRORS } from './errors.ts';

/** Past this many bytes over the limit the client is no longer drained: the connection is cut. */
const MAX_DRAIN_BYTES = 64 << 20;

export class ObjectFiles {
  readonly objectsDir: string;
  readonly tmpDir: string;

  constructor(root: string) {
    this.objectsDir = path.join(root, 'objects');
    this.tmpDir = path.join(root, 'tmp');
  }

  async init(): Promise<void> {
    await fs.mkdir(this.objectsDir, { recursive: true });
    // A temp file outlives only a crash mid-upload; nothing points at it.
    await fs.rm(this.tmpDir, { recursive: true, force: true });
    await fs.mkdir(this.tmpDir, { recursive: true });
  }

  pathOf(version: string): string {
    if (!/^[0-9a-f-]{36}$/.test(version)) throw ERRORS.internal('Invalid object version');
    return path.join(this.objectsDir, version.slice(0, 2), version);
  }

  tempPath(): string {
    return path.join(this.tmpDir, randomUUID());
  }

  /** Moves a finished temp file to where version `version` lives. */
  async place(temp: string, version: string): Promise<void> {
    const target = this.pathOf(version);
    await fs.mkdir(path.dirname(target), { recursive: true });
    await fs.rename(temp, target);
  }

  async copy(fromVersion: string, toVersion: string): Promise<void> {
    const target = this.pathOf(toVersion);
    await fs.mkdir(path.dirname(target), { recursive: true });
    await fs.copyFile(this.pathOf(fromVersion), target);
  }

  async remove(versions: Array<string | null>): Promise<void> {
    for (const version of versions) {
      if (version) await fs.rm(this.pathOf(version), { force: true });
    }
  }
}

/**
 * Streams the request body to `file`, refusing past `limit` bytes with Storage's EntityTooLarge.
 * An oversized body is read to its end (not kept) so the client hears the refusal.
 */
export async function receiveBody(
  req: IncomingMessage,
  file: string,
  limit: number,
): Promise<number> {
  let size = 0;
  let tooLarge = false;
  const out = createWriteStream(file, { flags: 'wx' });
  const counted = async function* (source: AsyncIterable<Buffer>) {
    for await (const chunk of source) {
      size += chunk.length;
      if (size > limit) {
        tooLarge = true;
        if (size > limit + MAX_DRAIN_BYTES) {
          req.destroy();
          return;
        }
        continue;
      }
      yield chunk;
    }
  };
  try {
    await pipeline(req, counted, out);
  } catch (error) {
    if (tooLarge) throw ERRORS.entityTooLarge();
    throw ERRORS.invalidRequest(`The upload was cut off: ${(error as Error).message}`);
  }
  if (tooLarge) throw ERRORS.entityTooLarge();
  return size;
}

export interface FormUpload {
  /** Where the file part's bytes now are. */
  file: string;
  size: number;
  mimeType: string;
  cacheControl: string | null;
  userMetadata: Record<string, unknown> | null;
}

/**
 * A multipart/form-data upload (what storage-js sends for a Blob or File) read from the temp file
 * its body went to: the first file part becomes the object, `cacheControl` and `metadata` fields
 * its settings, as Storage's uploader takes them.
 */
export async function readFormUpload(
  raw: string,
  contentType: string,
  out: string,
): Promise<FormUpload> {
  let form: FormData;
  try {
    form = await new Response(await openAsBlob(raw), {
      headers: { 'content-type': contentType },
    }).formData();
  } catch {
    throw ERRORS.invalidRequest('Could not parse the multipart body');
  }
  let part: File | null = null;
  for (const [, value] of form.entries()) {
    if (typeof value !== 'string') {
      part = value;
      break;
    }
  }
  if (!part) throw ERRORS.invalidRequest('No content provided');
  await pipeline(Readable.fromWeb(part.stream() as never), createWriteStream(out, { flags: 'wx' }));
  const cacheControl = form.get('cacheControl');
  const metadata = form.get('metadata');
  return {
    file: out,
    size: part.size,
    mimeType: part.type || 'text/plain',
    cacheControl: typeof cacheControl === 'string' ? cacheControl : null,
    userMetadata: typeof metadata === 'string' ? parseJsonObject(metadata) : null,
  };
}

export function parseJsonObject(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    if (value && typeof value === 'object' && !Array.isArray(value))
      return value as Record<string, unknown>;
  } catch {
    // fall through
  }
  throw ERRORS.invalidRequest('Invalid metadata');
}
