import pg from 'pg';
import type { Catalog, TableInfo } from './catalog.ts';
import type { RowChange } from './feed.ts';
import { filterSql, type RowFilter } from './filter.ts';
import type { Relation, TupleValues } from './pgoutput.ts';

/** One `postgres_changes` binding of a joined channel. */
export interface Binding {
  id: number;
  event: '*' | 'INSERT' | 'UPDATE' | 'DELETE';
  schema: string;
  /** null: every table of the schema. */
  table: string | null;
  filter: RowFilter | null;
}

export interface Subscriber {
  role: string;
  claims: Record<string, unknown>;
  bindings: Binding[];
  /** When the channel joined: changes committed before it are not the subscriber's. */
  since: Date;
}

/** The `data` of a `postgres_changes` message, as Supabase Realtime sends it. */
export interface ChangeData {
  schema: string;
  table: string;
  commit_timestamp: string;
  type: RowChange['action'];
  columns: Array<{ name: string; type: string }>;
  record?: Record<string, unknown>;
  old_record?: Record<string, unknown>;
  errors: null;
}

export interface Delivery {
  ids: number[];
  data: ChangeData;
}

function wants(binding: Binding, change: RowChange): boolean {
  const { schema, table } = change.relation;
  return (
    (binding.schema === '*' || binding.schema === schema) &&
    (binding.table === null || binding.table === '*' || binding.table === table) &&
    (binding.event === '*' || binding.event === change.action)
  );
}

function valuesOf(relation: Relation, tuple: TupleValues | null, fallback: TupleValues | null = null) {
  const row: Record<string, string | null> = {};
  relation.columns.forEach((column, i) => {
    // An unchanged TOASTed value is not in the new tuple; the old one (replica identity full) has it.
    const value = tuple?.[i] === undefined ? fallback?.[i] : tuple[i];
    if (value !== undefined) row[column.name] = value;
  });
  return row;
}

/** The row as JSON jsonb_populate_record reads back into the table's types (json columns parsed). */
function rowJson(info: TableInfo, row: Record<string, string | null>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(row)) {
    const type = info.types.get(name);
    out[name] = value !== null && (type === 'json' || type === 'jsonb') ? JSON.parse(value) : value;
  }
  return out;
}

function qualified(relation: Relation): string {
  return `${pg.escapeIdentifier(relation.schema)}.${pg.escapeIdentifier(relation.table)}`;
}

type Relevant = { change: RowChange; index: number; bindings: Binding[] };

/**
 * Which of `changes` this subscriber may see, under its own role and JWT claims (`set local role`
 * and `request.jwt.claims`, as Supabase's `apply_rls` runs): each changed row, as the WAL has it
 * (the new row; for a delete the old one, which replica identity full keeps whole), is read back
 * into the table's row type and held against the table's SELECT policies for that role and the
 * binding's filter. So a row is sent to those who could read it at that moment, even when a later
 * change in the same batch has already moved or deleted it. A delete carries only the primary key
 * of the old row, as on Supabase. One round trip per subscriber per batch.
 */
export async function visibleChanges(
  pool: pg.Pool,
  catalog: Catalog,
  sub: Subscriber,
  changes: RowChange[],
): Promise<Delivery[]> {
  const relevant: Relevant[] = changes
    .map((change, index) => ({
      change,
      index,
      bindings: change.commitTime >= sub.since ? sub.bindings.filter((b) => wants(b, change)) : [],
    }))
    .filter((c) => c.bindings.length > 0);
  if (relevant.length === 0) return [];

  const statements: string[] = [];
  const infos = new Map<number, TableInfo>();
  const byRelation = new Map<number, Relevant[]>();
  for (const c of relevant) {
    const list = byRelation.get(c.change.relation.id) ?? [];
    list.push(c);
    byRelation.set(c.change.relation.id, list);
  }
  for (const [relid, list] of byRelation) {
    const relation = list[0]!.change.relation;
    const [info, access] = await Promise.all([catalog.table(relation), catalog.roleAccess(sub.role, relation)]);
    infos.set(relid, info);
    if (!access.canSelect) continue;
    const alias = pg.escapeIdentifier(relation.table);
    for (const binding of sub.bindings) {
      const mine = list.filter((c) => c.bindings.includes(binding));
      if (mine.length === 0) continue;
      const rows = mine.map(({ change, index }) => ({
        i: index,
        row: rowJson(
          info,
          change.action === 'DELETE'
            ? valuesOf(relation, change.oldTuple)
            : valuesOf(relation, change.newTuple, change.oldTuple),
        ),
      }));
      statements.push(
        `select ${pg.escapeLiteral(String(binding.id))} as binding, (r.j ->> 'i') as change, to_jsonb(${alias}) as record
           from jsonb_array_elements(${pg.escapeLiteral(JSON.stringify(rows))}::jsonb) as r(j)
           cross join lateral jsonb_populate_record(null::${qualified(relation)}, r.j -> 'row') as ${alias}
          where (${access.rowVisible}) and ${filterSql(binding.filter, relation.table)}`,
      );
    }
  }
  if (statements.length === 0) return [];

  const sql = [
    'begin',
    `set local role ${pg.escapeIdentifier(sub.role)}`,
    `select set_config('request.jwt.claims', ${pg.escapeLiteral(JSON.stringify(sub.claims))}, true),
            set_config('request.jwt.claim.sub', ${pg.escapeLiteral(String(sub.claims.sub ?? ''))}, true),
            set_config('request.jwt.claim.role', ${pg.escapeLiteral(sub.role)}, true)`,
    ...statements,
    'commit',
  ].join(';\n');
  const client = await pool.connect();
  let results: pg.QueryResult[];
  try {
    results = (await client.query(sql)) as unknown as pg.QueryResult[];
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }

  const seen = new Map<number, { ids: number[]; record: Record<string, unknown> }>();
  for (const result of results) {
    for (const row of result.rows as Array<{ binding?: string; change?: string; record?: Record<string, unknown> }>) {
      if (row.binding === undefined || row.change === undefined || !row.record) continue;
      const hit = seen.get(Number(row.change)) ?? { ids: [], record: row.record };
      hit.ids.push(Number(row.binding));
      seen.set(Number(row.change), hit);
    }
  }
  const deliveries: Delivery[] = [];
  for (const { change, index } of relevant) {
    const hit = seen.get(index);
    if (!hit) continue;
    const info = infos.get(change.relation.id)!;
    deliveries.push({ ids: hit.ids, data: changeData(change, info, change.action === 'DELETE' ? undefined : hit.record) });
  }
  return deliveries;
}

function changeData(change: RowChange, info: TableInfo, record: Record<string, unknown> | undefined): ChangeData {
  const data: ChangeData = {
    schema: change.relation.schema,
    table: change.relation.table,
    commit_timestamp: change.commitTime.toISOString(),
    type: change.action,
    columns: change.relation.columns.map((c) => ({ name: c.name, type: info.types.get(c.name) ?? 'text' })),
    errors: null,
  };
  if (record) data.record = record;
  if (change.action !== 'INSERT') {
    // Only the primary key of the old row, as Supabase sends it for tables with RLS.
    const old = valuesOf(change.relation, change.oldTuple ?? change.newTuple);
    data.old_record = Object.fromEntries(info.primaryKey.map((c) => [c, old[c] ?? null]));
  }
  return data;
}
