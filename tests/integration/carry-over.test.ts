/**
 * Existing sellers keep everything when a database from before the account model is carried over
 * (local/carry-over.ts, as `npm start` does with an old data folder): scripts/compare-migrations.ts
 * builds the old revision's database in a throwaway Postgres of its own, seeds sellers there
 * through the old schema, carries it over and compares row by row (renamed columns mapped), the
 * plan of every account, and what owner, manager, picker, a removed member and another seller see
 * and may do in every table and function, before and after. Only the listed renames may differ.
 *
 * On the same server afterwards: the stack's start-up step (carryOverIfOld) leaves a current
 * database alone and carries an old one over in place with one line; a carry-over that fails
 * changes nothing (the old database keeps its name and rows, no half-built database is left).
 */
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { carryOverIfOld, carryOverInPlace, databaseHistory } from '../../local/carry-over.ts';
import { compareCarryOver, listedRenames } from '../../scripts/compare-migrations.ts';

async function rowsOf(url: string, sql: string): Promise<unknown[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows;
  } finally {
    await client.end();
  }
}

describe('carrying a database from before the account model over', () => {
  it(
    'changes nothing for existing sellers but the listed renames, and nothing at all when it fails',
    { timeout: 300_000 },
    async () => {
      const afterwards: string[] = [];
      const result = await compareCarryOver({
        afterwards: async ({ carried, kept }) => {
          expect((await databaseHistory(carried)).kind).toBe('current');
          expect((await databaseHistory(kept)).kind).toBe('old');

          // what `npm start` does with its data folder's database: a current one is left alone,
          // an old one is carried over in place and one line says so
          const lines: string[] = [];
          const start = (url: string) =>
            carryOverIfOld(url, {
              authenticatorPassword: 'carry-over-test',
              log: (l) => lines.push(l),
            });
          expect(await start(carried)).toBe(false);
          expect(lines).toEqual([]);
          expect(await start(kept)).toBe(true);
          expect(lines).toEqual([
            expect.stringMatching(
              /^This data folder's database was built before the account model: its sellers, users and sessions were carried over/,
            ),
          ]);
          expect((await databaseHistory(kept)).kind).toBe('current');
          const keptUrl = new URL(kept);
          keptUrl.pathname = `${keptUrl.pathname}_before_carry_over`;
          const old = keptUrl.toString();
          expect((await databaseHistory(old)).kind).toBe('old');

          // an old database the carry-over cannot take (an account without its owner member)
          await rowsOf(
            old,
            `delete from public.account_members where role = 'owner' and account_id =
                                (select id from public.accounts order by created_at limit 1)`,
          );
          const before = await rowsOf(
            old,
            'select to_jsonb(t) from public.storage_items t order by item_id',
          );
          const error = await carryOverInPlace(old, {
            authenticatorPassword: 'carry-over-test',
          }).then(
            () => null,
            (e: unknown) => e as Error,
          );
          expect(error?.message).toMatch(/has no member with role owner/);
          expect(
            await rowsOf(old, 'select to_jsonb(t) from public.storage_items t order by item_id'),
          ).toEqual(before);
          expect((await databaseHistory(old)).kind).toBe('old');
          // it kept its name, and the half-built database beside it is gone
          const oldName = decodeURIComponent(new URL(old).pathname.slice(1));
          const names = (
            (await rowsOf(old, 'select datname from pg_database')) as { datname: string }[]
          ).map((r) => r.datname);
          expect(names).toContain(oldName);
          expect(names).not.toContain(`${oldName}_carry_over`);
          afterwards.push('checked');
        },
      });
      expect(
        result.differences,
        `differences beyond the listed renames:\n${result.differences.join('\n')}\n\nlisted renames:\n${listedRenames().join('\n')}`,
      ).toEqual([]);
      expect(afterwards).toEqual(['checked']);
      // it compared what it says it compared
      expect(result.compared.accounts).toBe(6);
      expect(result.compared.rows).toBeGreaterThan(100);
      const publicTables = Object.keys(result.before.rows).filter((t) =>
        t.startsWith('public.'),
      ).length;
      expect(result.compared.rls).toBe(5 * 4 * publicTables);
      expect(
        Object.values(result.before.rls).filter((o) => o.startsWith('error 42501 rls')).length,
      ).toBeGreaterThan(0);
      expect(
        Object.values(result.before.rpc).filter((o) => o === 'error 42501 role').length,
      ).toBeGreaterThan(0);
      console.log(`carry-over comparison: ${result.seconds.toFixed(0)} s`);
    },
  );
});
