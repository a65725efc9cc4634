import pg from 'pg';

// Schemas Postgres itself owns: their privileges come with the server, not with our setup.
const SYSTEM = `n.nspname not in ('pg_catalog', 'information_schema', 'pg_toast') and n.nspname not like 'pg_temp%' and n.nspname not like 'pg_toast_temp%'`;

/**
 * Every privilege a database grants, as text rows to compare: schemas, tables, views and sequences,
 * columns, functions, types, default privileges, RLS switches and policies, the database itself,
 * and the API roles' attributes and memberships.
 */
export async function privilegeCatalog(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const rows = async (sql: string) =>
    (await client.query<{ line: string }>(sql)).rows.map((r) => r.line).sort();
  try {
    return {
      schemas: await rows(`select n.nspname || ' owner=' || pg_get_userbyid(n.nspowner) || ' ' || coalesce(n.nspacl::text, '-') as line
        from pg_namespace n where ${SYSTEM}`),
      relations: await rows(`select n.nspname || '.' || c.relname || ' kind=' || c.relkind::text || ' owner=' || pg_get_userbyid(c.relowner)
          || ' ' || coalesce(c.relacl::text, '-') || ' rls=' || c.relrowsecurity || '/' || c.relforcerowsecurity as line
        from pg_class c join pg_namespace n on n.oid = c.relnamespace where ${SYSTEM}`),
      columns: await rows(`select n.nspname || '.' || c.relname || '.' || a.attname || ' ' || a.attacl::text as line
        from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
        where a.attacl is not null and ${SYSTEM}`),
      functions: await rows(`select n.nspname || '.' || p.proname || '(' || pg_get_function_identity_arguments(p.oid) || ') owner='
          || pg_get_userbyid(p.proowner) || ' ' || coalesce(p.proacl::text, '-') || ' definer=' || p.prosecdef
          || ' config=' || coalesce(p.proconfig::text, '-') as line
        from pg_proc p join pg_namespace n on n.oid = p.pronamespace where ${SYSTEM}`),
      types: await rows(`select n.nspname || '.' || t.typname || ' ' || t.typacl::text as line
        from pg_type t join pg_namespace n on n.oid = t.typnamespace where t.typacl is not null and ${SYSTEM}`),
      defaultPrivileges: await rows(`select pg_get_userbyid(d.defaclrole) || ' in ' || coalesce(n.nspname, '*') || ' on '
          || d.defaclobjtype::text || ' ' || d.defaclacl::text as line
        from pg_default_acl d left join pg_namespace n on n.oid = d.defaclnamespace`),
      policies: await rows(`select n.nspname || '.' || c.relname || ' ' || p.polname || ' cmd=' || p.polcmd::text || ' permissive=' || p.polpermissive
          || ' roles=' || array(select coalesce(pg_get_userbyid(r), 'public') from unnest(p.polroles) r order by 1)::text
          || ' using=' || coalesce(pg_get_expr(p.polqual, p.polrelid), '-')
          || ' check=' || coalesce(pg_get_expr(p.polwithcheck, p.polrelid), '-') as line
        from pg_policy p join pg_class c on c.oid = p.polrelid join pg_namespace n on n.oid = c.relnamespace`),
      database: await rows(`select datname || ' ' || coalesce(datacl::text, '-') as line from pg_database where datname = current_database()`),
      roles: await rows(`select rolname || ' login=' || rolcanlogin || ' inherit=' || rolinherit || ' bypassrls=' || rolbypassrls
          || ' createrole=' || rolcreaterole || ' super=' || rolsuper
          || ' member_of=' || array(select b.rolname from pg_auth_members m join pg_roles b on b.oid = m.roleid where m.member = r.oid order by 1)::text as line
        from pg_roles r where rolname in ('anon', 'authenticated', 'service_role', 'authenticator', 'supabase_auth_admin', 'postgres')`),
    };
  } finally {
    await client.end();
  }
}
