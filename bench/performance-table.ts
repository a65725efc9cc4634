import type { Figure } from './report.ts';

/**
 * The figures table of docs/performance.md and the summary in README.md's "## Performance", made
 * from a bench run (bench/results/latest.json). Pure: `npm run bench:docs` (bench/write-docs.ts)
 * reads and writes the files around it, and tests/unit/bench/performance-table.test.ts holds it
 * to a fixture.
 */

/** What `report` writes to bench/results/latest.json. */
export interface BenchResults {
  /** When the run ended, ISO 8601. */
  date: string;
  /** `machine()` of the run: cores, CPU, memory, Node. */
  machine: string;
  figures: Figure[];
}

/** The lines between these two are the bench's; everything else in the file is written by hand. */
export const TABLE_START = '<!-- bench:table:start (npm run bench:docs writes from here) -->';
export const TABLE_END = '<!-- bench:table:end -->';

/** README.md's summary of the same run lives between these two. */
export const SUMMARY_START = '<!-- bench:summary:start (npm run bench:docs writes from here) -->';
export const SUMMARY_END = '<!-- bench:summary:end -->';

/** A figure's value as the bench prints it: whole from 100 up, one decimal below, '-' if none. */
export function formatValue(f: Pick<Figure, 'value'>): string {
  if (Number.isNaN(f.value)) return '-';
  return Number.isInteger(f.value) || Math.abs(f.value) >= 100
    ? f.value.toFixed(0)
    : f.value.toFixed(1);
}

function isFigure(value: unknown): value is Figure {
  if (typeof value !== 'object' || value === null) return false;
  const f = value as Record<string, unknown>;
  return (
    typeof f.name === 'string' &&
    (typeof f.value === 'number' || f.value === null) &&
    typeof f.unit === 'string' &&
    typeof f.against === 'string' &&
    typeof f.budget === 'string' &&
    typeof f.ok === 'boolean'
  );
}

/** Reads latest.json's text; JSON writes NaN (a section that failed) as null, read back as NaN. */
export function parseResults(text: string): BenchResults {
  const data = JSON.parse(text) as Record<string, unknown>;
  const figures = data.figures;
  if (
    typeof data.date !== 'string' ||
    Number.isNaN(Date.parse(data.date)) ||
    typeof data.machine !== 'string' ||
    !Array.isArray(figures) ||
    !figures.every(isFigure)
  ) {
    throw new Error('Not a bench result: expected { date, machine, figures: [...] }');
  }
  return {
    date: data.date,
    machine: data.machine,
    figures: figures.map((f) => ({ ...f, value: f.value ?? Number.NaN })),
  };
}

/** "2026-11-22 06:30 UTC" */
export function runDate(iso: string): string {
  return `${new Date(iso).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\s+/g, ' ').trim();
}

/** A markdown table with its columns padded, as Prettier lays tables out. */
function markdownTable(header: readonly string[], rows: readonly (readonly string[])[]): string[] {
  const all = [header, ...rows].map((row) => row.map(cell));
  const widths = header.map((_, i) => Math.max(3, ...all.map((row) => [...row[i]!].length)));
  const line = (row: readonly string[]) =>
    `| ${row.map((text, i) => text + ' '.repeat(widths[i]! - [...text].length)).join(' | ')} |`;
  return [
    line(all[0]!),
    `| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |`,
    ...all.slice(1).map(line),
  ];
}

/** The generated part of docs/performance.md: the run's date and machine, then every figure. */
export function performanceTable(results: BenchResults): string[] {
  const rows = results.figures.map((f) => [
    f.name,
    `${formatValue(f)} ${f.unit}`,
    f.budget,
    f.ok ? 'met' : '**missed**',
    f.against,
  ]);
  return [
    `Latest run, ${runDate(results.date)}, on ${results.machine}:`,
    '',
    ...markdownTable(['figure', 'value', 'budget', 'met', 'measured against'], rows),
  ];
}

/**
 * The generated part of README.md's "## Performance": the run, how many figures are within
 * budget, then one line per figure (value, budget, met or missed).
 */
export function performanceSummary(results: BenchResults): string[] {
  const met = results.figures.filter((f) => f.ok).length;
  return [
    `Latest \`npm run bench\`, ${runDate(results.date)}, on ${results.machine}: ${met} of ${results.figures.length} figures within budget.`,
    '',
    ...results.figures.map((f) =>
      Number.isNaN(f.value)
        ? `- ${f.name}: not measured, budget ${f.budget}: **missed**`
        : `- ${f.name}: ${`${formatValue(f)} ${f.unit}`.trim()}, budget ${f.budget}: ${f.ok ? 'met' : '**missed**'}`,
    ),
  ];
}

/**
 * `markdown` with the lines between the `start` and `end` marker lines replaced by `content`;
 * the text outside them is kept as it is. Throws, naming `file`, when the markers are missing or
 * out of order.
 */
export function withGenerated(
  markdown: string,
  markers: { start: string; end: string },
  content: string[],
  file: string,
): string {
  const lines = markdown.split('\n');
  const start = lines.indexOf(markers.start);
  const end = lines.indexOf(markers.end);
  if (start < 0 || end < start) {
    throw new Error(`${file} needs the lines ${markers.start} and ${markers.end}`);
  }
  return [...lines.slice(0, start + 1), '', ...content, '', ...lines.slice(end)].join('\n');
}

/** docs/performance.md with the table of `results` between its markers. */
export function withPerformanceTable(markdown: string, results: BenchResults): string {
  return withGenerated(
    markdown,
    { start: TABLE_START, end: TABLE_END },
    performanceTable(results),
    'docs/performance.md',
  );
}

/** README.md with the summary of `results` between its markers. */
export function withPerformanceSummary(markdown: string, results: BenchResults): string {
  return withGenerated(
    markdown,
    { start: SUMMARY_START, end: SUMMARY_END },
    performanceSummary(results),
    'README.md',
  );
}
