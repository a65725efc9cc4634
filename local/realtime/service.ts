import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import pg from 'pg';
import { WebSocketServer, type WebSocket } from 'ws';
import {
  noPolicies,
  readPolicies,
  writePolicies,
  type Extension,
  type Policies,
} from './authorization.ts';
import { Catalog } from './catalog.ts';
import { PUBLICATION, startChangeFeed, type ChangeFeed, type RowChange } from './feed.ts';
import { parseFilter, type RowFilter } from './filter.ts';
import { PresenceRegistry, type PresenceDiff } from './presence.ts';
import {
  decode,
  decodeBinary,
  encode,
  encodeUserBroadcast,
  userBroadcastJson,
  type Message,
  type UserBroadcast,
  type Vsn,
} from './protocol.ts';
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
  /** The topic without `realtime:`, as policies and messages name it. */
  subTopic: string;
  /** Who hears this channel's broadcasts and presence: private and public channels of one name apart. */
  shared: string;
  joinRef: string | null;
  token: string;
  claims: Claims;
  bindings: Binding[];
  expiry: NodeJS.Timeout | null;
  joinedAt: Date;
  selfBroadcast: boolean;
  ackBroadcast: boolean;
  presenceKey: string;
  presenceEnabled: boolean;
  /** The payload this channel tracks (null: none). */
  tracked: Record<string, unknown> | null;
  /** A private channel's answers from realtime.messages' policies; null for a public channel. */
  policies: Policies | null;
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

/** Realtime's FlexibleBoolean: true, or the text "true". */
function flag(value: unknown): boolean {
  return value === true || value === 'true';
}

function isMap(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A value as Elixir's inspect prints it in Realtime's messages (strings quoted, nil, lists). */
function inspect(value: unknown): string {
  if (value === null || value === undefined) return 'nil';
  if (typeof value === 'string') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(inspect).join(', ')}]`;
  return String(value);
}

/** A binding's params as Realtime's subscription errors list them (its params_to_log). */
function paramsToLog(
  event: string,
  schema: string,
  table: string,
  filter: RowFilter | null,
  select: unknown,
): string {
  const filters = filter
    ? [
        `{${[filter.column, filter.op, filter.op === 'in' ? `{${filter.values.join(',')}}` : filter.values[0]].map(inspect).join(', ')}, false}`,
      ]
    : [];
  const selected =
    Array.isArray(select) && select.some((c) => typeof c === 'string')
      ? inspect(select.filter((c) => typeof c === 'string'))
      : 'nil';
  return `[event: ${event}, schema: ${schema}, table: ${table}, filters: [${filters.join(', ')}], select: ${selected}]`;
}

/**
 * The local Supabase Realtime: Phoenix channels over WebSocket, speaking what realtime-js speaks
 * (join with `config.postgres_changes`, `broadcast`, `presence` and `private`, heartbeats on
 * `phoenix`, `access_token` updates, `system` messages). `postgres_changes` are fed by logical
 * decoding and filtered by each subscriber's RLS; broadcast (`self`, `ack`) and presence (track,
 * untrack, state, diff) pass between the channels of one topic in this process; a private channel
 * is let in, and let send, by the RLS policies of realtime.messages, as Realtime asks them.
 */
export async function startRealtime(opts: RealtimeOptions): Promise<RealtimeService> {
  const secret = new TextEncoder().encode(opts.jwtSecret);
  const pool = new pg.Pool({
    connectionString: opts.databaseUrl,
    max: 4,
    application_name: 'stockroom-realtime-rls',
  });
  pool.on('error', () => undefined);
  const catalog = new Catalog(pool);
  const wss = new WebSocketServer({ noServer: true });
  const connections = new Set<Connection>();
  const presence = new PresenceRegistry<Channel>();

  const send = (conn: Connection, m: Message) => {
    if (conn.ws.readyState === conn.ws.OPEN) conn.ws.send(encode(conn.vsn, m));
  };
  const reply = (
    conn: Connection,
    m: Message,
    status: 'ok' | 'error',
    response: Record<string, unknown>,
  ) =>
    send(conn, {
      joinRef: m.joinRef,
      ref: m.ref,
      topic: m.topic,
      event: 'phx_reply',
      payload: { status, response },
    });
  const system = (
    conn: Connection,
    ch: Channel,
    extension: string,
    status: 'ok' | 'error',
    message: string,
  ) =>
    send(conn, {
      joinRef: ch.joinRef,
      ref: null,
      topic: ch.topic,
      event: 'system',
      payload: { extension, status, message, channel: ch.topic.slice('realtime:'.length) },
    });

  /** Every joined channel of the topic `ch` shares (itself included). */
  const peers = function* (ch: Channel): Generator<[Connection, Channel]> {
    for (const conn of connections) {
      const other = conn.channels.get(ch.topic);
      if (other && other.shared === ch.shared) yield [conn, other];
    }
  };
  /** Tells the topic's subscribers who came and went; a private one only if it may read presence. */
  const presenceDiff = (ch: Channel, diff: PresenceDiff) => {
    for (const [conn, other] of peers(ch)) {
      if (other.policies && other.policies.presence.read !== true) continue;
      send(conn, {
        joinRef: null,
        ref: null,
        topic: other.topic,
        event: 'presence_diff',
        payload: { ...diff },
      });
    }
  };

  const close = (conn: Connection, ch: Channel) => {
    if (ch.expiry) clearTimeout(ch.expiry);
    if (conn.channels.get(ch.topic) === ch) conn.channels.delete(ch.topic);
    // A channel's presence ends with it, as Phoenix Presence untracks a process that exits.
    const left = presence.untrack(ch.shared, ch);
    if (left) presenceDiff(ch, left);
  };
  /** Ends a channel with a reason, as Realtime's shutdown_response does. */
  const shutdown = (conn: Connection, ch: Channel, message: string) => {
    system(conn, ch, 'system', 'error', message);
    send(conn, {
      joinRef: ch.joinRef,
      ref: ch.joinRef,
      topic: ch.topic,
      event: 'phx_close',
      payload: {},
    });
    close(conn, ch);
  };
  const armExpiry = (conn: Connection, ch: Channel) => {
    if (ch.expiry) clearTimeout(ch.expiry);
    const ms = Math.min(MAX_TIMER_MS, Math.max(0, secondsLeft(ch.claims) * 1000));
    ch.expiry = setTimeout(() => {
      if (secondsLeft(ch.claims) > 0) armExpiry(conn, ch);
      else
        shutdown(conn, ch, `Token has expired ${Math.floor(-secondsLeft(ch.claims))} seconds ago`);
    }, ms);
  };

  /**
   * The `postgres_changes` a join asks for, checked as Realtime's subscription insert checks them,
   * all or nothing: each must name tables of the publication (and columns of them for a filter).
   */
  const checkBindings = async (requested: unknown[]) => {
    const bindings: Binding[] = [];
    const echoed: Array<Record<string, unknown>> = [];
    let problem: string | null = null;
    let published: Array<{ schemaname: string; tablename: string }> | null = null;
    for (const raw of requested) {
      if (!raw || typeof raw !== 'object') continue;
      const params = raw as {
        event?: unknown;
        schema?: unknown;
        table?: unknown;
        filter?: unknown;
        select?: unknown;
      };
      const id = bindingId(params);
      echoed.push({ ...params, id });
      if (problem) continue;
      const event = String(params.event ?? '*').toUpperCase();
      const schema = typeof params.schema === 'string' ? params.schema : 'public';
      const table = typeof params.table === 'string' ? params.table : null;
      if (!['*', 'INSERT', 'UPDATE', 'DELETE'].includes(event)) {
        problem = `Error parsing \`event\` params: ${event}`;
        continue;
      }
      let filter: RowFilter | null = null;
      if (typeof params.filter === 'string' && params.filter !== '') {
        const parsed = parseFilter(params.filter);
        if (typeof parsed === 'string') {
          problem = parsed;
          continue;
        }
        filter = parsed;
      }
      published ??= (
        await pool.query<{ schemaname: string; tablename: string }>(
          'select schemaname, tablename from pg_publication_tables where pubname = $1',
          [PUBLICATION],
        )
      ).rows;
      const inPublication = published.some(
        (t) =>
          (schema === '*' || t.schemaname === schema) &&
          (table === null || table === '*' || t.tablename === table),
      );
      if (!inPublication) {
        problem =
          'Unable to subscribe to changes with given parameters. Please check Realtime is enabled for the given ' +
          `connect parameters: ${paramsToLog(event, schema, table ?? '*', filter, params.select)}`;
        continue;
      }
      if (filter) {
        const columns = table && schema !== '*' ? await catalog.columnsOf(schema, table) : null;
        if (!columns?.has(filter.column)) {
          problem = `Error parsing \`filter\` params: unknown column ${filter.column} for ${schema}.${table ?? '*'}`;
          continue;
        }
      }
      bindings.push({ id, event: event as Binding['event'], schema, table, filter });
    }
    // Realtime inserts a channel's subscriptions in one transaction: one refused, none made.
    return { bindings: problem ? [] : bindings, echoed, problem };
  };

  /** Realtime's check of a private channel: may its subscriber read it through any extension? */
  const authorizeRead = async (subTopic: string, claims: Claims, presenceEnabled: boolean) => {
    const extensions: Extension[] = presenceEnabled ? ['broadcast', 'presence'] : ['broadcast'];
    try {
      const policies = await readPolicies(pool, subTopic, claims, extensions, noPolicies());
      return policies.broadcast.read || policies.presence.read ? policies : null;
    } catch (error) {
      opts.log(`[realtime] RlsPolicyError: ${(error as Error).message}`);
      return null;
    }
  };

  const join = async (conn: Connection, m: Message) => {
    if (!m.topic.startsWith('realtime:') || m.topic === 'realtime:') {
      reply(conn, m, 'error', { reason: 'TopicNameRequired: You must provide a topic name' });
      return;
    }
    const subTopic = m.topic.slice('realtime:'.length);
    const given = m.payload.access_token ?? m.payload.user_token;
    const token = typeof given === 'string' && !given.startsWith('sb_') ? given : conn.apikey;
    const verified = await verifyToken(token, secret);
    if ('error' in verified) {
      reply(conn, m, 'error', { reason: verified.error });
      return;
    }
    const { claims } = verified;
    const config = isMap(m.payload.config) ? m.payload.config : {};
    const broadcast = isMap(config.broadcast) ? config.broadcast : {};
    const presenceConfig = isMap(config.presence) ? config.presence : {};
    const isPrivate = flag(config.private);
    const presenceEnabled = flag(presenceConfig.enabled);
    let policies: Policies | null = null;
    if (isPrivate) {
      policies = await authorizeRead(subTopic, claims, presenceEnabled);
      if (!policies) {
        reply(conn, m, 'error', {
          reason: `Unauthorized: You do not have permissions to read from this Channel topic: ${subTopic}`,
        });
        return;
      }
    }
    const requested = Array.isArray(config.postgres_changes) ? config.postgres_changes : [];
    const { bindings, echoed, problem } = await checkBindings(requested);
    const previous = conn.channels.get(m.topic);
    if (previous) close(conn, previous);
    const key = presenceConfig.key;
    const ch: Channel = {
      topic: m.topic,
      subTopic,
      shared: `${isPrivate ? 'private' : 'public'}:${subTopic}`,
      joinRef: m.joinRef ?? m.ref,
      token,
      claims,
      bindings,
      expiry: null,
      joinedAt: new Date(),
      selfBroadcast: flag(broadcast.self),
      ackBroadcast: flag(broadcast.ack),
      presenceKey: key === undefined || key === null || key === '' ? randomUUID() : String(key),
      presenceEnabled,
      tracked: null,
      policies,
    };
    conn.channels.set(m.topic, ch);
    armExpiry(conn, ch);
    reply(conn, m, 'ok', { postgres_changes: echoed });
    if (presenceEnabled && (!policies || policies.presence.read)) {
      send(conn, {
        joinRef: ch.joinRef,
        ref: null,
        topic: ch.topic,
        event: 'presence_state',
        payload: presence.state(ch.shared),
      });
    }
    if (problem) system(conn, ch, 'postgres_changes', 'error', problem);
    else if (bindings.length)
      system(conn, ch, 'postgres_changes', 'ok', 'Subscribed to PostgreSQL');
  };

  /** Asks realtime.messages' INSERT policies once per channel (and token), as Realtime caches them. */
  const mayWrite = async (ch: Channel, extension: Extension): Promise<boolean> => {
    if (!ch.policies) return true;
    if (ch.policies[extension].write === null) {
      try {
        if (ch.policies.presence.read === null && extension === 'presence') {
          ch.policies = await readPolicies(
            pool,
            ch.subTopic,
            ch.claims,
            ['broadcast', 'presence'],
            ch.policies,
          );
        }
        ch.policies = await writePolicies(
          pool,
          ch.subTopic,
          ch.claims,
          ['broadcast', 'presence'],
          ch.policies,
        );
      } catch (error) {
        opts.log(`[realtime] RlsPolicyError: ${(error as Error).message}`);
        return false;
      }
    }
    return ch.policies[extension].write === true;
  };

  /**
   * A broadcast to every channel of the topic that may read it (the sender too with `self`), in the
   * frame each one's protocol takes; acknowledged with `ack`. A private channel whose policies do
   * not let it send is ignored, as Realtime ignores it (with `ack`, the sender's push times out).
   */
  const onBroadcast = async (
    conn: Connection,
    ch: Channel,
    m: Message,
    user: UserBroadcast | null,
  ) => {
    if (!(await mayWrite(ch, 'broadcast'))) return;
    const json = user ? null : m.payload;
    for (const [to, other] of peers(ch)) {
      if (other === ch && !ch.selfBroadcast) continue;
      if (other.policies && other.policies.broadcast.read !== true) continue;
      if (to.ws.readyState !== to.ws.OPEN) continue;
      if (user && to.vsn === '2.0.0') {
        to.ws.send(encodeUserBroadcast(other.topic, user));
        continue;
      }
      const payload = json ?? (user ? userBroadcastJson(user) : null);
      if (payload)
        send(to, { joinRef: null, ref: null, topic: other.topic, event: 'broadcast', payload });
    }
    if (ch.ackBroadcast) reply(conn, m, 'ok', {});
  };

  /** Presence `track` and `untrack`, answered as Realtime answers them. */
  const onPresence = async (conn: Connection, ch: Channel, m: Message) => {
    const event = typeof m.payload.event === 'string' ? m.payload.event.toLowerCase() : null;
    if (event === null) {
      reply(conn, m, 'ok', {});
    } else if (event === 'track') {
      if (!(await mayWrite(ch, 'presence'))) {
        reply(conn, m, 'error', {});
        return;
      }
      const payload = 'payload' in m.payload ? m.payload.payload : {};
      if (!isMap(payload)) {
        reply(conn, m, 'error', { reason: 'Presence track payload must be a map' });
        return;
      }
      // The same payload again changes nothing, and tells no one.
      if (ch.tracked === null || JSON.stringify(ch.tracked) !== JSON.stringify(payload)) {
        ch.tracked = payload;
        ch.presenceEnabled = true;
        presenceDiff(ch, presence.track(ch.shared, ch, ch.presenceKey, payload));
      }
      reply(conn, m, 'ok', {});
    } else if (event === 'untrack') {
      ch.tracked = null;
      const left = presence.untrack(ch.shared, ch);
      if (left) presenceDiff(ch, left);
      reply(conn, m, 'ok', {});
    } else {
      opts.log(`[realtime] UnknownPresenceEvent: ${event}`);
      reply(conn, m, 'error', {});
    }
  };

  const accessToken = async (conn: Connection, ch: Channel, m: Message) => {
    const token = m.payload.access_token;
    if (typeof token !== 'string' || token.startsWith('sb_') || token === ch.token) return;
    const verified = await verifyToken(token, secret);
    if ('error' in verified) {
      shutdown(conn, ch, verified.error.replace(/^[A-Za-z]+: /, ''));
      return;
    }
    if (ch.policies) {
      // Realtime asks the policies again with the new token, and ends a channel it may no longer read.
      const previous = ch.policies;
      const next = await authorizeRead(ch.subTopic, verified.claims, ch.presenceEnabled);
      if (!next) {
        shutdown(
          conn,
          ch,
          `You do not have permissions to read from this Channel topic: ${ch.subTopic}`,
        );
        return;
      }
      if (
        (previous.broadcast.read && !next.broadcast.read) ||
        (previous.presence.read && !next.presence.read)
      ) {
        shutdown(
          conn,
          ch,
          `You no longer have permission to read from this Channel topic: ${ch.subTopic}`,
        );
        return;
      }
      ch.policies = next;
    }
    ch.token = token;
    ch.claims = verified.claims;
    armExpiry(conn, ch);
  };

  const onMessage = async (conn: Connection, m: Message, user: UserBroadcast | null = null) => {
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
      send(conn, {
        joinRef: ch.joinRef,
        ref: ch.joinRef,
        topic: ch.topic,
        event: 'phx_close',
        payload: {},
      });
    } else if (m.event === 'access_token') {
      await accessToken(conn, ch, m);
    } else if (m.event === 'broadcast') {
      await onBroadcast(conn, ch, m, user);
    } else if (m.event === 'presence') {
      await onPresence(conn, ch, m);
    }
    // Anything else is ignored, as Realtime ignores unexpected messages.
  };

  const deliver = async (changes: RowChange[]) => {
    const work: Array<Promise<void>> = [];
    for (const conn of connections) {
      for (const ch of conn.channels.values()) {
        if (ch.bindings.length === 0) continue;
        if (secondsLeft(ch.claims) <= 0) {
          shutdown(
            conn,
            ch,
            `Token has expired ${Math.floor(-secondsLeft(ch.claims))} seconds ago`,
          );
          continue;
        }
        const sub: Subscriber = {
          role: ch.claims.role,
          claims: ch.claims,
          bindings: ch.bindings,
          since: ch.joinedAt,
        };
        work.push(
          visibleChanges(pool, catalog, sub, changes).then(
            (deliveries) => {
              if (conn.channels.get(ch.topic) !== ch) return;
              for (const d of deliveries) {
                send(conn, {
                  joinRef: ch.joinRef,
                  ref: null,
                  topic: ch.topic,
                  event: 'postgres_changes',
                  payload: { ids: d.ids, data: d.data },
                });
              }
            },
            (error: Error) => {
              opts.log(`[realtime] checking changes for ${ch.topic}: ${error.message}`);
              system(
                conn,
                ch,
                'postgres_changes',
                'error',
                `Error checking changes: ${error.message}`,
              );
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
      isBusy: () =>
        [...connections].some((c) => [...c.channels.values()].some((ch) => ch.bindings.length > 0)),
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
      const frame = Buffer.isBuffer(data)
        ? data
        : Buffer.concat(Array.isArray(data) ? data : [Buffer.from(data)]);
      const binary = isBinary && vsn === '2.0.0' ? decodeBinary(frame) : null;
      const m = isBinary ? binary : decode(vsn, frame.toString());
      if (!m) return;
      // One at a time, so a join's reply goes out before anything the client sent after it.
      queue = queue
        .then(() => onMessage(conn, m, binary?.broadcast ?? null))
        .catch((error: Error) => opts.log(`[realtime] ${error.message}`));
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
