/**
 * Phoenix channel messages as realtime-js frames them: vsn 2.0.0 sends JSON arrays
 * `[join_ref, ref, topic, event, payload]`, vsn 1.0.0 JSON objects. (Binary frames carry only
 * user broadcasts, which this service does not offer.)
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
      const [joinRef, ref, topic, event, payload] = raw as [unknown, unknown, unknown, unknown, unknown];
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
      payload: m.payload && typeof m.payload === 'object' ? (m.payload as Record<string, unknown>) : {},
    };
  } catch {
    return null;
  }
}

export function encode(vsn: Vsn, m: Message): string {
  if (vsn === '2.0.0') return JSON.stringify([m.joinRef, m.ref, m.topic, m.event, m.payload]);
  return JSON.stringify({ topic: m.topic, event: m.event, payload: m.payload, ref: m.ref, join_ref: m.joinRef });
}
