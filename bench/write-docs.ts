import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT_DIR } from '../local/config.ts';
import { parseResults, withPerformanceSummary, withPerformanceTable } from './performance-table.ts';

const RESULTS = path.join(ROOT_DIR, 'bench', 'results', 'latest.json');
const DOCS = path.join(ROOT_DIR, 'docs', 'performance.md');
const README = path.join(ROOT_DIR, 'README.md');

/**
 * `npm run bench:docs`: writes the figures of the last bench run (bench/results/latest.json)
 * into docs/performance.md (the table) and README.md (the summary), each between its markers;
 * the prose around them stays as written. Both files are checked before either is written, so a
 * missing marker leaves both as they were. `npm run bench` calls it at the end of a full run.
 */
export async function writePerformanceDocs(
  resultsFile: string = RESULTS,
  docsFile: string = DOCS,
  readmeFile: string = README,
): Promise<void> {
  const text = await fs.readFile(resultsFile, 'utf8').catch(() => {
    throw new Error(`No ${path.relative(ROOT_DIR, resultsFile)}: run npm run bench first.`);
  });
  const results = parseResults(text);
  const edits = [
    { file: docsFile, make: withPerformanceTable },
    { file: readmeFile, make: withPerformanceSummary },
  ];
  const planned = await Promise.all(
    edits.map(async ({ file, make }) => {
      const before = await fs.readFile(file, 'utf8');
      return { file, before, after: make(before, results) };
    }),
  );
  for (const { file, before, after } of planned) {
    if (after !== before) await fs.writeFile(file, after);
    console.log(
      `${after === before ? 'Unchanged' : 'Wrote'} ${path.relative(ROOT_DIR, file)} from ${path.relative(ROOT_DIR, resultsFile)} (${results.figures.length} figures).`,
    );
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    await writePerformanceDocs();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}
