import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT_DIR } from '../local/config.ts';
import { parseResults, withPerformanceTable } from './performance-table.ts';

const RESULTS = path.join(ROOT_DIR, 'bench', 'results', 'latest.json');
const DOCS = path.join(ROOT_DIR, 'docs', 'performance.md');

/**
 * `npm run bench:docs`: writes the figures of the last bench run (bench/results/latest.json)
 * into docs/performance.md, between its markers; the prose around them stays as written.
 * `npm run bench` calls it at the end of a run of every section.
 */
export async function writePerformanceDocs(
  resultsFile: string = RESULTS,
  docsFile: string = DOCS,
): Promise<void> {
  const text = await fs.readFile(resultsFile, 'utf8').catch(() => {
    throw new Error(`No ${path.relative(ROOT_DIR, resultsFile)}: run npm run bench first.`);
  });
  const results = parseResults(text);
  const before = await fs.readFile(docsFile, 'utf8');
  const after = withPerformanceTable(before, results);
  if (after !== before) await fs.writeFile(docsFile, after);
  console.log(
    `${after === before ? 'Unchanged' : 'Wrote'} ${path.relative(ROOT_DIR, docsFile)} from ${path.relative(ROOT_DIR, resultsFile)} (${results.figures.length} figures).`,
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    await writePerformanceDocs();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}
