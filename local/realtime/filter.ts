import pg from 'pg';

/** A `postgres_changes` filter as supabase-js sends it: `column=op.value`, e.g. `account_id=eq.<id>`. */
export interface RowFilter {
  column: string;
  op: 'eq' | 'neq' | 'lt' | 'lte' | 'gt' | 'gte' | 'in';
  values: string[];
}

const OPERATORS: Record<RowFilter['op'], string> = {
  eq: '=',
  neq: '<>',
  lt: '<',
  lte: '<=',
  gt: '>',
  gte: '>=',
  in: 'in',
};

/** The filter, or a message saying what is wrong with it (Supabase Realtime's wording). */
export function parseFilter(text: string): RowFilter | string {
  const match = /^([^=]+)=([a-z]+)\.(.*)$/s.exec(text);
  if (!match) return `Error parsing \`filter\` params: ${text}`;
  const [, column, op, raw] = match as unknown as [string, string, string, string];
  if (!(op in OPERATORS)) return `Error parsing \`filter\` params: unknown operator ${op}`;
  if (op === 'in') {
    const list = /^\((.*)\)$/s.exec(raw);
    if (!list) return `Error parsing \`filter\` params: ${text}`;
    const values = (list[1] ?? '').split(',').map((v) => v.trim().replace(/^"(.*)"$/s, '$1'));
    return { column, op: 'in', values };
  }
  return { column, op: op as RowFilter['op'], values: [raw] };
}

/** The filter as SQL over `alias`; the values are literals Postgres coerces to the column's type. */
export function filterSql(filter: RowFilter | null, alias: string): string {
  if (!filter) return 'true';
  const column = `${pg.escapeIdentifier(alias)}.${pg.escapeIdentifier(filter.column)}`;
  if (filter.op === 'in') return `${column} in (${filter.values.map((v) => pg.escapeLiteral(v)).join(', ')})`;
  return `${column} ${OPERATORS[filter.op]} ${pg.escapeLiteral(filter.values[0] ?? '')}`;
}
