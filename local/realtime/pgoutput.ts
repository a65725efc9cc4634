/**
 * Reads the messages of Postgres's own logical replication output plugin, `pgoutput` (protocol
 * version 1, text tuples), as `pg_logical_slot_get_binary_changes` returns them: one message a row.
 * Only what the realtime service needs: relations, commits' times, inserts, updates and deletes.
 */

export interface RelationColumn {
  name: string;
  typeOid: number;
  /** Part of the replica identity (the primary key unless the table says otherwise). */
  isKey: boolean;
}

export interface Relation {
  id: number;
  schema: string;
  table: string;
  /** 'd' default (primary key), 'f' full, 'i' index, 'n' nothing. */
  replicaIdentity: string;
  columns: RelationColumn[];
}

/** A tuple's values as Postgres prints them; null for SQL NULL, undefined for an unchanged TOAST value. */
export type TupleValues = Array<string | null | undefined>;

export type PgOutputMessage =
  | { kind: 'begin'; commitTime: Date }
  | { kind: 'commit' }
  | { kind: 'relation'; relation: Relation }
  | { kind: 'insert'; relationId: number; newTuple: TupleValues }
  | { kind: 'update'; relationId: number; oldTuple: TupleValues | null; newTuple: TupleValues }
  | { kind: 'delete'; relationId: number; oldTuple: TupleValues }
  | { kind: 'other' };

// pgoutput's timestamps count microseconds from 2000-01-01 00:00 UTC.
const PG_EPOCH_MS = Date.UTC(2000, 0, 1);

class Reader {
  private offset = 0;
  constructor(private readonly buf: Buffer) {}
  byte(): number {
    return this.buf.readUInt8(this.offset++);
  }
  char(): string {
    return String.fromCharCode(this.byte());
  }
  int16(): number {
    const v = this.buf.readInt16BE(this.offset);
    this.offset += 2;
    return v;
  }
  int32(): number {
    const v = this.buf.readInt32BE(this.offset);
    this.offset += 4;
    return v;
  }
  int64(): bigint {
    const v = this.buf.readBigInt64BE(this.offset);
    this.offset += 8;
    return v;
  }
  cstring(): string {
    const end = this.buf.indexOf(0, this.offset);
    const s = this.buf.toString('utf8', this.offset, end);
    this.offset = end + 1;
    return s;
  }
  bytes(n: number): string {
    const s = this.buf.toString('utf8', this.offset, this.offset + n);
    this.offset += n;
    return s;
  }
}

function tuple(r: Reader): TupleValues {
  const count = r.int16();
  const values: TupleValues = [];
  for (let i = 0; i < count; i++) {
    const kind = r.char();
    if (kind === 'n') values.push(null);
    else if (kind === 'u') values.push(undefined);
    else if (kind === 't' || kind === 'b') values.push(r.bytes(r.int32()));
    else throw new Error(`pgoutput: unknown tuple value kind ${kind}`);
  }
  return values;
}

function timestamp(r: Reader): Date {
  return new Date(PG_EPOCH_MS + Number(r.int64() / 1000n));
}

export function parsePgOutput(buf: Buffer): PgOutputMessage {
  const r = new Reader(buf);
  switch (r.char()) {
    case 'B': {
      r.int64(); // final LSN
      return { kind: 'begin', commitTime: timestamp(r) };
    }
    case 'C':
      return { kind: 'commit' };
    case 'R': {
      const id = r.int32();
      const schema = r.cstring() || 'pg_catalog';
      const table = r.cstring();
      const replicaIdentity = r.char();
      const count = r.int16();
      const columns: RelationColumn[] = [];
      for (let i = 0; i < count; i++) {
        const flags = r.byte();
        const name = r.cstring();
        const typeOid = r.int32();
        r.int32(); // type modifier
        columns.push({ name, typeOid, isKey: (flags & 1) === 1 });
      }
      return { kind: 'relation', relation: { id, schema, table, replicaIdentity, columns } };
    }
    case 'I': {
      const relationId = r.int32();
      r.char(); // 'N'
      return { kind: 'insert', relationId, newTuple: tuple(r) };
    }
    case 'U': {
      const relationId = r.int32();
      let oldTuple: TupleValues | null = null;
      if (r.char() !== 'N') {
        oldTuple = tuple(r); // after 'K' (key) or 'O' (whole old row); 'N' follows
        r.char();
      }
      return { kind: 'update', relationId, oldTuple, newTuple: tuple(r) };
    }
    case 'D': {
      const relationId = r.int32();
      r.char(); // 'K' or 'O'
      return { kind: 'delete', relationId, oldTuple: tuple(r) };
    }
    default:
      return { kind: 'other' };
  }
}
