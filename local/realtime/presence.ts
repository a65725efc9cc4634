import { randomBytes } from 'node:crypto';

/** One tracked presence as Phoenix Presence sends it: the client's payload and its ref. */
export type Meta = Record<string, unknown> & { phx_ref: string; phx_ref_prev?: string };

/** Presences by key, each key's metas (one per channel tracking under that key). */
export type PresenceState = Record<string, { metas: Meta[] }>;

export interface PresenceDiff {
  joins: PresenceState;
  leaves: PresenceState;
}

interface Entry {
  key: string;
  meta: Meta;
}

function group(entries: Entry[]): PresenceState {
  const state: PresenceState = {};
  for (const { key, meta } of entries) (state[key] ??= { metas: [] }).metas.push(meta);
  return state;
}

/**
 * Who is present on each channel topic, kept as Phoenix Presence keeps it for Realtime: each
 * channel tracks at most one payload under its presence key; a track, an update, an untrack or the
 * channel's end is told to the topic's subscribers as a `presence_diff`, and a subscriber joining
 * is sent the whole `presence_state`.
 */
export class PresenceRegistry<Owner> {
  private readonly topics = new Map<string, Map<Owner, Entry>>();

  state(topic: string): PresenceState {
    return group([...(this.topics.get(topic)?.values() ?? [])]);
  }

  /** Tracks (or, tracked already, updates) `owner`'s payload; the diff to tell the topic. */
  track(topic: string, owner: Owner, key: string, payload: Record<string, unknown>): PresenceDiff {
    let entries = this.topics.get(topic);
    if (!entries) this.topics.set(topic, (entries = new Map()));
    const previous = entries.get(owner);
    const meta: Meta = { ...payload, phx_ref: randomBytes(12).toString('base64url') };
    if (previous) meta.phx_ref_prev = previous.meta.phx_ref;
    entries.set(owner, { key, meta });
    return { joins: group([{ key, meta }]), leaves: previous ? group([previous]) : {} };
  }

  /** Forgets `owner`'s presence; the diff to tell the topic, or null when it had none. */
  untrack(topic: string, owner: Owner): PresenceDiff | null {
    const entries = this.topics.get(topic);
    const previous = entries?.get(owner);
    if (!entries || !previous) return null;
    entries.delete(owner);
    if (entries.size === 0) this.topics.delete(topic);
    return { joins: {}, leaves: group([previous]) };
  }
}
