import type { PostgrestError } from '@supabase/supabase-js';
import { toDataError } from './errors';

/** PostgREST answers at most 1000 rows per request (max-rows; docs/product.md#items). */
export const PAGE_SIZE = 1000;

interface PageAnswer<Row> {
  data: Row[] | null;
  error: PostgrestError | null;
  count?: number | null;
}

/** Asks for rows `from`..`to` (inclusive), with the exact count when `withCount`. */
export type PageRequest<Row> = (
  from: number,
  to: number,
  withCount: boolean,
) => PromiseLike<PageAnswer<Row>>;

export interface AllPagesOptions<Row> {
  pageSize?: number;
  /** How many rows there probably are: that many pages are asked for in the first round. */
  expectedRows?: number;
  /** A row's identity, so a row that moved between two pages' requests is listed once. */
  key: (row: Row) => string;
}

/**
 * Every row a paged request can give, in its order. The pages that `expectedRows` fill are asked
 * for at once, the first bringing the count, so 5000 items cost one round trip, not five; should
 * the count show more, the rest follow in a second round. The request must order by a unique
 * column last, or pages could overlap or skip rows that tie.
 */
export async function allPages<Row>(
  request: PageRequest<Row>,
  { pageSize = PAGE_SIZE, expectedRows = pageSize, key }: AllPagesOptions<Row>,
): Promise<Row[]> {
  const page = (index: number, withCount: boolean) =>
    request(index * pageSize, index * pageSize + pageSize - 1, withCount);
  const firstRound = Math.max(1, Math.ceil(expectedRows / pageSize));
  const answers = await Promise.all(
    Array.from({ length: firstRound }, (_, index) => page(index, index === 0)),
  );
  const first = answers[0]!;
  if (first.error) throw toDataError(first.error);
  const total = first.count ?? first.data?.length ?? 0;
  const needed = Math.ceil(total / pageSize);
  if (needed > firstRound) {
    answers.push(
      ...(await Promise.all(
        Array.from({ length: needed - firstRound }, (_, i) => page(firstRound + i, false)),
      )),
    );
  }
  const rows: Row[] = [];
  const seen = new Set<string>();
  for (const answer of answers) {
    if (answer.error) throw toDataError(answer.error);
    for (const row of answer.data ?? []) {
      if (seen.has(key(row))) continue;
      seen.add(key(row));
      rows.push(row);
    }
  }
  return rows;
}
