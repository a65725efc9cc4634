import type { IncomingMessage, Server, ServerResponse } from 'node:http';

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}

/**
 * Whether the client takes the content coding `name` (RFC 9110 12.5.3): named or covered by `*`,
 * in any case, and not weighted q=0.
 */
export function acceptsEncoding(req: IncomingMessage, name: string): boolean {
  const header = req.headers['accept-encoding'];
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  let any: boolean | undefined;
  for (const part of value.split(',')) {
    const [coding = '', ...params] = part.split(';').map((piece) => piece.trim().toLowerCase());
    const q = params.find((param) => param.startsWith('q='));
    const taken = q === undefined || Number(q.slice(2)) > 0;
    if (coding === name.toLowerCase()) return taken;
    if (coding === '*') any = taken;
  }
  return any ?? false;
}

/** Past this an oversized upload is no longer drained: the connection is dropped. */
const MAX_DRAIN_BYTES = 64 << 20;

/**
 * Reads a request body, refusing anything larger than `limit` bytes with a 413 error. An
 * oversized body is still read to its end (not kept) so the client gets the 413, not a reset.
 */
export function readBody(req: IncomingMessage, limit = 10 * 1024 * 1024): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const tooLarge = () =>
      Object.assign(new Error(`Request body too large (max ${limit} bytes)`), { status: 413 });
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_DRAIN_BYTES) req.destroy();
      else if (size > limit) chunks.length = 0;
      else chunks.push(chunk);
    });
    req.on('end', () => (size > limit ? reject(tooLarge()) : resolve(Buffer.concat(chunks))));
    req.on('error', reject);
    req.on('close', () => {
      if (req.complete) return;
      reject(
        size > limit
          ? tooLarge()
          : Object.assign(new Error('Request body cut off'), { status: 400 }),
      );
    });
  });
}

/** Starts a local server on the loopback interface; port 0 takes a free one. Answers the port. */
export function listenLocal(server: Server, port = 0): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      const address = server.address();
      resolve(typeof address === 'object' && address ? address.port : 0);
    });
  });
}

/** Stops a server without waiting for kept-alive connections to go idle. */
export function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });
}
