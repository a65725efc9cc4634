import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import pg from 'pg';
import { WebSocketServer, type WebSocket } from 'ws';
import { Catalog } from './catalog.ts';
import { startChangeFeed, type ChangeFeed, type RowChange } from './feed.ts';
import { parseFilter } from './filter.ts';
import { decode, encode, type Message, type Vsn } from './protocol.ts';
import { secondsLeft, verifyToken, type Claims } from './tokens.ts';
import { visibleChanges, type Binding, type Subscriber } from './visibility.ts';

export interface RealtimeService {
  /** Takes a WebSocket upgrade the gateway has let through (its apikey checked). */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void;
  stop(): Promise<void>;
}

export interface RealtimeOptions {
  databaseUrl: string;
  jwtSecret: string;
  log: (line: string) => void;
  /** How often the change feed asks Postgres while someone listens (default 25 ms). */
  pollMs?: number;
}

interface Channel {
  topic: string;
  joinRef: string | null;
  token: string;
  claims: Claims;
  bindings: Binding[];
  expiry: NodeJS.Timeout | null;
  joinedAt: Date;
}

interface Connection {
  ws: WebSocket;
  vsn: Vsn;
  apikey: string;
  channels: Map<string, Channel>;
  lastSeen: number;
}

// Phoenix closes a socket that sent nothing (not even a heartbeat) for this long.
const IDLE_TIMEOUT_MS = 60_000;
// Postgres's limit on one timeout; a token valid for longer is checked again when it fires.
const MAX_TIMER_MS = 2 ** 31 - 1;

/** A number for a binding's params, the same for the same params (Realtime uses :erlang.phash2). */
function bindingId(params: unknown): number {
  let h = 0x811c9dc5;
  for (const ch of JSON.stringify(params)) h = Math.imul(h ^ ch.charCodeAt(0), 0x01000193) >>> 0;
  return h % 100_000_000;
}

/**
 * The local Supabase Realtime: Phoenix channels over WebSocket, speaking what realtime-js speaks
 * (join with `config.postgres_changes`, heartbeats on `phoenix`, `access_token` updates, `system`
 * messages, `postgres_changes` events), fed by logical decoding and filtered by each subscriber's
 * RLS. Broadcast and Presence are not offered: the app does not use them.
 */
export async function startRealtime(opts: RealtimeOptions): Promise<RealtimeService> {
  const secret = new TextEncoder().encode(opts.jwtSecret);
  const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 4, application_name: 'stockroom-realtime-rls' });
  pool.on('error', () => undefined);
  const catalog = new Catalog(pool);
  const wss = new WebSocketServer({ noServer: true });
  const connections = new Set<Connection>();

  const send = (conn: Connection, m: Message) => {
    if (conn.ws.readyState === conn.ws.OPEN) conn.ws.send(encode(conn.vsn, m));
  };
  const reply = (conn: Connection, m: Message, status: 'ok' | 'error', response: Record<string, unknown>) =>
    send(conn, { joinRef: m.joinRef, ref: m.ref, topic: m.topic, event: 'phx_reply', payload: { status, response } });
  const system = (conn: Connection, ch: Channel, extension: string, status: 'ok' | 'error', message: string) =>
    send(conn, {
      joinRef: ch.joinRef,
      ref: null,
      topic: ch.topic,
      event: 'system',
      payload: { extension, status, message, channel: ch.topic.slice('realtime:'.length) },
    });

  const close = (conn: Connection, ch: Channel) => {
    if (ch.expiry) clearTimeout(ch.expiry);
    if (conn.channels.get(ch.topic) === ch) conn.channels.delete(ch.topic);
  };
  /** Ends a channel with a reason, as Realtime's shutdown_response does. */
  const shutdown = (conn: Connection, ch: Channel, message: string) => {
    system(conn, ch, 'system', 'error', message);
    send(conn, { joinRef: ch.joinRef, ref: ch.joinRef, topic: ch.topic, event: 'phx_close', payload: {} });
    close(conn, ch);
  };
  const armExpiry = (conn: Connection, ch: Channel) => {
    if (ch.expiry) clearTimeout(ch.expiry);
    const ms = Math.min(MAX_TIMER_MS, Math.max(0, secondsLeft(ch.claims) * 1000));
    ch.expiry = setTimeout(() => {
      if (secondsLeft(ch.claims) > 0) armExpiry(conn, ch);
      else shutdown(conn, ch, `Token has expired ${Math.floor(-secondsLeft(ch.claims))} seconds ago`);
    }, ms);
  };

  const join = async (conn: Connection, m: Message) => {
    if (!m.topic.startsWith('realtime:') || m.topic === 'realtime:') {
      reply(conn, m, 'error', { reason: 'TopicNameRequired: You must provide a topic name' });
      return;
    }
    const given = m.payload.access_token ?? m.payload.user_token;
    const token = typeof given === 'string' && !given.startsWith('sb_') ? given : conn.apikey;
    const verified = await verifyToken(token, secret);
    if ('error' in verified) {
      reply(conn, m, 'error', { reason: verified.error });
      return;
    }
    const { claims } = verified;
    const config = (m.payload.config ?? {}) as { postgres_changes?: unknown };
    const requested = Array.isArray(config.postgres_changes) ? config.postgres_changes : [];
    const bindings: Binding[] = [];
    const echoed: Array<Record<string, unknown>> = [];
    const problems: string[] = [];
    for (const raw of requested) {
      if (!raw || typeof raw !== 'object') continue;
      const params = raw as { event?: unknown; schema?: unknown; table?: unknown; filter?: unknown };
      const id = bindingId(params);
      echoed.push({ ...params, id });
      const event = String(params.event ?? '*').toUpperCase();
      const schema = typeof params.schema === 'string' ? params.schema : 'public';
      const table = typeof params.table === 'string' ? params.table : null;
      if (!['*', 'INSERT', 'UPDATE', 'DELETE'].includes(event)) {
        problems.push(`Error parsing \`event\` params: ${event}`);
        continue;
      }
      let filter = null;
      if (typeof params.filter === 'string' && params.filter !== '') {
        const parsed = parseFilter(params.filter);
        if (typeof parsed === 'string') {
          problems.push(parsed);
          continue;
        }
        const columns = table && schema !== '*' ? await catalog.columnsOf(schema, table) : null;
        if (!columns?.has(parsed.column)) {
          problems.push(`Error parsing \`filter\` params: unknown column ${parsed.column} for ${schema}.${table ?? '*'}`);
          continue;
        }
        filter = parsed;
      }
      bindings.push({ id, event: event as Binding['event'], schema, table, filter });
    }
    const previous = conn.channels.get(m.topic);
    if (previous) close(conn, previous);
    const ch: Channel = { topic: m.topic, joinRef: m.joinRef ?? m.ref, token, claims, bindings, expiry: null, joinedAt: new Date() };
    conn.channels.set(m.topic, ch);
    armExpiry(conn, ch);
    reply(conn, m, 'ok', { postgres_changes: echoed });
    if (problems.length) system(conn, ch, 'postgres_changes', 'error', problems.join('; '));
    else if (bindings.length) system(conn, ch, 'postgres_changes', 'ok', 'Subscribed to PostgreSQL');
  };

  const accessToken = async (conn: Connection, ch: Channel, m: Message) => {
    const token = m.payload.access_token;
    if (typeof token !== 'string' || token.startsWith('sb_') || token === ch.token) return;
    const verified = await verifyToken(token, secret);
    if ('error' in verified) {
      shutdown(conn, ch, verified.error.replace(/^[A-Za-z]+: /, ''));
      return;
    }
    ch.token = token;
    ch.claims = verified.claims;
    armExpiry(conn, ch);
  };

  const onMessage = async (conn: Connection, m: Message) => {
    if (m.topic === 'phoenix' && m.event === 'heartbeat') {
      reply(conn, m, 'ok', {});
      return;
    }
    if (m.event === 'phx_join') {
      await join(conn, m);
      return;
    }
    const ch = conn.channels.get(m.topic);
    if (!ch) {
      reply(conn, m, 'error', { reason: 'unmatched topic' });
      return;
    }
    if (m.event === 'phx_leave') {
      close(conn, ch);
      reply(conn, m, 'ok', {});
      send(conn, { joinRef: ch.joinRef, ref: ch.joinRef, topic: ch.topic, event: 'phx_close', payload: {} });
    } else if (m.event === 'access_token') {
      await accessToken(conn, ch, m);
    }
    // Anything else (broadcast, presence) is ignored, as Realtime ignores unexpected messages.
  };

  const deliver = async (changes: RowChange[]) => {
    const work: Array<Promise<void>> = [];
    for (const conn of connections) {
      for (const ch of conn.channels.values()) {
        if (ch.bindings.length === 0) continue;
        if (secondsLeft(ch.claims) <= 0) {
          shutdown(conn, ch, `Token has expired ${Math.floor(-secondsLeft(ch.claims))} seconds ago`);
          continue;
        }
        const sub: Subscriber = { role: ch.claims.role, claims: ch.claims, bindings: ch.bindings, since: ch.joinedAt };
        work.push(
          visibleChanges(pool, catalog, sub, changes).then(
            (deliveries) => {
              if (conn.channels.get(ch.topic) !== ch) return;
              for (const d of deliveries) {
                send(conn, { joinRef: ch.joinRef, ref: null, topic: ch.topic, event: 'postgres_changes', payload: { ids: d.ids, data: d.data } });
              }
            },
            (error: Error) => {
              opts.log(`[realtime] checking changes for ${ch.topic}: ${error.message}`);
              system(conn, ch, 'postgres_changes', 'error', `Error checking changes: ${error.message}`);
            },
          ),
        );
      }
    }
    await Promise.all(work);
  };

  let feed: ChangeFeed | null = null;
  let feedError: string | null = null;
  try {
    feed = await startChangeFeed({
      databaseUrl: opts.databaseUrl,
      onChanges: deliver,
      // Changes were lost with the slot: make every client reconnect, rejoin and catch up.
      onRestart: () => {
        for (const conn of connections) conn.ws.close(1011, 'change feed restarted');
      },
      busyIntervalMs: opts.pollMs ?? 25,
      idleIntervalMs: 1000,
      isBusy: () => [...connections].some((c) => [...c.channels.values()].some((ch) => ch.bindings.length > 0)),
      log: opts.log,
    });
  } catch (error) {
    feedError = `Realtime has no change feed: ${(error as Error).message} (Postgres needs wal_level=logical)`;
    opts.log(`[realtime] ${feedError}`);
  }

  const idle = setInterval(() => {
    const now = Date.now();
    for (const conn of connections) if (now - conn.lastSeen > IDLE_TIMEOUT_MS) conn.ws.terminate();
  }, 15_000);
  idle.unref();

  wss.on('connection', (ws: WebSocket, req: IncomingMessage) => {
    const url = new URL(req.url ?? '/', 'http://realtime');
    const vsn: Vsn = url.searchParams.get('vsn') === '2.0.0' ? '2.0.0' : '1.0.0';
    const apikey = url.searchParams.get('apikey') ?? String(req.headers.apikey ?? '');
    const conn: Connection = { ws, vsn, apikey, channels: new Map(), lastSeen: Date.now() };
    connections.add(conn);
    let queue = Promise.resolve();
    ws.on('message', (data, isBinary) => {
      conn.lastSeen = Date.now();
      if (isBinary) return;
      const m = decode(vsn, data.toString());
      if (!m) return;
      // One at a time, so a join's reply goes out before anything the client sent after it.
      queue = queue.then(() => onMessage(conn, m)).catch((error: Error) => opts.log(`[realtime] ${error.message}`));
      if (feedError && m.event === 'phx_join') {
        void queue.then(() => {
          const ch = conn.channels.get(m.topic);
          if (ch?.bindings.length) system(conn, ch, 'postgres_changes', 'error', feedError!);
        });
      }
    });
    ws.on('close', () => {
      for (const ch of conn.channels.values()) close(conn, ch);
      connections.delete(conn);
    });
    ws.on('error', () => ws.terminate());
  });

  return {
    handleUpgrade(req, socket, head) {
      wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req));
    },
    async stop() {
      clearInterval(idle);
      for (const conn of connections) conn.ws.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      await feed?.stop();
      await pool.end().catch(() => undefined);
    },
  };
}
