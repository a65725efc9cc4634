/**
 * Phoenix channel messages as realtime-js frames them: vsn 2.0.0 sends JSON arrays
 * `[join_ref, ref, topic, event, payload]`, vsn 1.0.0 JSON objects; vsn 2.0.0 also sends each
 * broadcast as a binary frame (Realtime's V2Serializer, "user broadcast push") and receives
 * broadcasts that came that way as binary frames ("user broadcast").
 */
export interface Message {
  joinRef: string | null;
  ref: string | null;
  topic: string;
  event: string;
  payload: Record<string, unknown>;
}

export type Vsn = '1.0.0' | '2.0.0';

export function decode(vsn: Vsn, text: string): Message | null {
  try {
    const raw: unknown = JSON.parse(text);
    if (vsn === '2.0.0') {
      if (!Array.isArray(raw) || raw.length !== 5) return null;
      const [joinRef, ref, topic, event, payload] = raw as [
        unknown,
        unknown,
        unknown,
        unknown,
        unknown,
      ];
      if (typeof topic !== 'string' || typeof event !== 'string') return null;
      return {
        joinRef: typeof joinRef === 'string' ? joinRef : null,
        ref: typeof ref === 'string' ? ref : null,
        topic,
        event,
        payload: payload && typeof payload === 'object' ? (payload as Record<string, unknown>) : {},
      };
    }
    const m = raw as Record<string, unknown>;
    if (!m || typeof m.topic !== 'string' || typeof m.event !== 'string') return null;
    return {
      joinRef: typeof m.join_ref === 'string' ? m.join_ref : null,
      ref: typeof m.ref === 'string' ? m.ref : null,
      topic: m.topic,
      event: m.event,
      payload:
        m.payload && typeof m.payload === 'object' ? (m.payload as Record<string, unknown>) : {},
    };
  } catch {
    return null;
  }
}

export function encode(vsn: Vsn, m: Message): string {
  if (vsn === '2.0.0') return JSON.stringify([m.joinRef, m.ref, m.topic, m.event, m.payload]);
  return JSON.stringify({
    topic: m.topic,
    event: m.event,
    payload: m.payload,
    ref: m.ref,
    join_ref: m.joinRef,
  });
}

/** A broadcast as the sender framed it: its own event name and its payload, still encoded. */
export interface UserBroadcast {
  event: string;
  /** JSON text, or raw bytes (the sender broadcast an ArrayBuffer). */
  encoding: 'json' | 'binary';
  payload: Buffer;
}

const USER_BROADCAST_PUSH = 3;
const USER_BROADCAST = 4;

/**
 * A binary frame from realtime-js: only the user broadcast push (kind 3) is one a client sends
 * `[kind, join_ref size, ref size, topic size, event size, metadata size, encoding, ...strings, payload]`.
 */
export function decodeBinary(frame: Buffer): (Message & { broadcast: UserBroadcast }) | null {
  if (frame.length < 7 || frame[0] !== USER_BROADCAST_PUSH) return null;
  const sizes = [frame[1]!, frame[2]!, frame[3]!, frame[4]!, frame[5]!];
  const encoding = frame[6] === 0 ? 'binary' : 'json';
  let at = 7;
  const [joinRef, ref, topic, event] = sizes.slice(0, 4).map((size) => {
    const text = frame.subarray(at, at + size).toString('utf8');
    at += size;
    return text;
  }) as [string, string, string, string];
  at += sizes[4]!; // metadata: realtime-js sends none unless told which keys to keep
  if (at > frame.length) return null;
  const broadcast: UserBroadcast = { event, encoding, payload: frame.subarray(at) };
  return {
    joinRef: joinRef || null,
    ref: ref || null,
    topic,
    event: 'broadcast',
    payload: {},
    broadcast,
  };
}

/** A broadcast as vsn 2.0.0 delivers one that came as binary: kind 4, the receiver's topic. */
export function encodeUserBroadcast(topic: string, b: UserBroadcast): Buffer {
  const topicBytes = Buffer.from(topic, 'utf8');
  const eventBytes = Buffer.from(b.event, 'utf8');
  const header = Buffer.from([
    USER_BROADCAST,
    topicBytes.length,
    eventBytes.length,
    0,
    b.encoding === 'json' ? 1 : 0,
  ]);
  return Buffer.concat([header, topicBytes, eventBytes, b.payload]);
}

/** The JSON payload of a broadcast that came as binary, for vsn 1.0.0 (null: raw bytes, not sendable). */
export function userBroadcastJson(b: UserBroadcast): Record<string, unknown> | null {
  if (b.encoding !== 'json') return null;
  try {
    return {
      type: 'broadcast',
      event: b.event,
      payload: JSON.parse(b.payload.toString('utf8')) as unknown,
    };
  } catch {
    return null;
  }
}
