import type pg from 'pg';
import type { Relation } from './pgoutput.ts';

export interface TableInfo {
  /** Column name to its type's short name (`uuid`, `int4`, `_text`), as realtime-js expects. */
  types: Map<string, string>;
  /** Column name to its SQL type, for casting literals. */
  sqlTypes: Map<string, string>;
  primaryKey: string[];
}

export interface RoleAccess {
  canSelect: boolean;
  /** SQL over the table's own name that says whether a row would be visible (RLS `using`). */
  rowVisible: string;
}

const ACCESS_TTL_MS = 5_000;

/** What the service needs to know about tables and roles, cached (policies rarely change). */
export class Catalog {
  private readonly tables = new Map<string, Promise<TableInfo>>();
  private readonly access = new Map<string, { at: number; value: Promise<RoleAccess> }>();

  constructor(private readonly pool: pg.Pool) {}

  table(relation: Relation): Promise<TableInfo> {
    const key = `${relation.id}:${relation.columns.map((c) => c.name).join(',')}`;
    let info = this.tables.get(key);
    if (!info) {
      info = this.loadTable(relation.id);
      info.catch(() => this.tables.delete(key));
      this.tables.set(key, info);
    }
    return info;
  }

  /** Columns of a table by name, for checking a filter at join; null when there is no such table. */
  async columnsOf(schema: string, table: string): Promise<Set<string> | null> {
    const { rows } = await this.pool.query<{ attname: string }>(
      `select a.attname from pg_attribute a
        join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = $1 and c.relname = $2 and a.attnum > 0 and not a.attisdropped`,
      [schema, table],
    );
    return rows.length ? new Set(rows.map((r) => r.attname)) : null;
  }

  roleAccess(role: string, relation: Relation): Promise<RoleAccess> {
    const key = `${role}:${relation.id}`;
    const hit = this.access.get(key);
    if (hit && performance.now() - hit.at < ACCESS_TTL_MS) return hit.value;
    const value = this.loadAccess(role, relation);
    value.catch(() => this.access.delete(key));
    this.access.set(key, { at: performance.now(), value });
    return value;
  }

  private async loadTable(relid: number): Promise<TableInfo> {
    const { rows } = await this.pool.query<{ attname: string; typname: string; sqltype: string; is_pk: boolean }>(
      `select a.attname, t.typname, format_type(a.atttypid, a.atttypmod) as sqltype,
              coalesce(a.attnum = any(i.indkey), false) as is_pk
         from pg_attribute a
         join pg_type t on t.oid = a.atttypid
         left join pg_index i on i.indrelid = a.attrelid and i.indisprimary
        where a.attrelid = $1 and a.attnum > 0 and not a.attisdropped
        order by a.attnum`,
      [relid],
    );
    return {
      types: new Map(rows.map((r) => [r.attname, r.typname])),
      sqlTypes: new Map(rows.map((r) => [r.attname, r.sqltype])),
      primaryKey: rows.filter((r) => r.is_pk).map((r) => r.attname),
    };
  }

  private async loadAccess(role: string, relation: Relation): Promise<RoleAccess> {
    const { rows } = await this.pool.query<{
      can_select: boolean;
      rls: boolean;
      permissive: string[];
      restrictive: string[];
    }>(
      `select has_table_privilege(r.oid, c.oid, 'SELECT') as can_select,
              c.relrowsecurity and not r.rolbypassrls as rls,
              coalesce(array_agg(p.qual) filter (where p.permissive = 'PERMISSIVE'), '{}') as permissive,
              coalesce(array_agg(p.qual) filter (where p.permissive = 'RESTRICTIVE'), '{}') as restrictive
         from pg_class c
         join pg_roles r on r.rolname = $1
         left join pg_policies p
           on p.schemaname = $2 and p.tablename = $3 and p.cmd in ('SELECT', 'ALL')
          and p.roles && array[$1::name, 'public'::name] and p.qual is not null
        where c.oid = $4
        group by r.oid, c.oid, r.rolbypassrls`,
      [role, relation.schema, relation.table, relation.id],
    );
    const row = rows[0];
    if (!row) return { canSelect: false, rowVisible: 'false' };
    if (!row.rls) return { canSelect: row.can_select, rowVisible: 'true' };
    const allowed = row.permissive.length ? row.permissive.map((q) => `(${q})`).join(' or ') : 'false';
    const restricted = row.restrictive.map((q) => ` and (${q})`).join('');
    return { canSelect: row.can_select, rowVisible: `(${allowed})${restricted}` };
  }
}
