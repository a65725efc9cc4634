/**
 * Label sheets sellers buy, with the geometry printed labels must land on. Each layout keeps its
 * maker's own unit (inches for Avery's Letter sheets, millimetres for A4 and rolls) so the print
 * CSS carries the published numbers exactly instead of rounded conversions.
 *
 * Sources: Avery's templates for 5160 (30 per sheet, 2⅝" × 1") and 5163 (10 per sheet, 4" × 2");
 * the common A4 24-up sheet of 70 × 37 mm labels edge to edge (e.g. Avery 3474); Brother's
 * DK-11209 roll, 62 × 29 mm, one label per page.
 */

export type LengthUnit = 'in' | 'mm';

export type LabelLayoutId = 'avery-5160' | 'avery-5163' | 'a4-24' | 'roll-62x29';

export interface LabelLayout {
  id: LabelLayoutId;
  name: string;
  unit: LengthUnit;
  page: { width: number; height: number };
  label: { width: number; height: number };
  columns: number;
  rows: number;
  /** Where the first label's top-left corner sits on the page. */
  margin: { top: number; left: number };
  /** Distance between the top-left corners of neighbouring labels (label size plus gap). */
  pitch: { x: number; y: number };
}

export const LABEL_LAYOUTS: Readonly<Record<LabelLayoutId, LabelLayout>> = {
  // Boilerplate: each entry copies one maker's published sheet, so each spells out its numbers.
  'avery-5160': {
    id: 'avery-5160',
    name: 'Avery 5160 (Letter, 30 per sheet, 2⅝" × 1")',
    unit: 'in',
    page: { width: 8.5, height: 11 },
    label: { width: 2.625, height: 1 },
    columns: 3,
    rows: 10,
    margin: { top: 0.5, left: 0.1875 },
    pitch: { x: 2.75, y: 1 },
  },
  'avery-5163': {
    id: 'avery-5163',
    name: 'Avery 5163 (Letter, 10 per sheet, 4" × 2")',
    unit: 'in',
    page: { width: 8.5, height: 11 },
    label: { width: 4, height: 2 },
    columns: 2,
    rows: 5,
    margin: { top: 0.5, left: 0.15625 },
    pitch: { x: 4.1875, y: 2 },
  },
  'a4-24': {
    id: 'a4-24',
    name: 'A4, 24 per sheet (70 × 37 mm)',
    unit: 'mm',
    page: { width: 210, height: 297 },
    label: { width: 70, height: 37 },
    columns: 3,
    rows: 8,
    margin: { top: 0.5, left: 0 },
    pitch: { x: 70, y: 37 },
  },
  'roll-62x29': {
    id: 'roll-62x29',
    name: 'Label roll, 62 × 29 mm (one per label)',
    unit: 'mm',
    page: { width: 62, height: 29 },
    label: { width: 62, height: 29 },
    columns: 1,
    rows: 1,
    margin: { top: 0, left: 0 },
    pitch: { x: 62, y: 29 },
  },
};

export const LABEL_LAYOUT_IDS = Object.keys(LABEL_LAYOUTS) as LabelLayoutId[];
export const DEFAULT_LABEL_LAYOUT: LabelLayoutId = 'avery-5160';

export function isLabelLayoutId(value: unknown): value is LabelLayoutId {
  return typeof value === 'string' && value in LABEL_LAYOUTS;
}

export function labelsPerSheet(layout: LabelLayout): number {
  return layout.columns * layout.rows;
}

export interface LabelBox {
  column: number;
  row: number;
  left: number;
  top: number;
  width: number;
  height: number;
}

/** Where label number `slot` (0-based, row by row) of a sheet sits, in the layout's unit. */
export function labelBox(layout: LabelLayout, slot: number): LabelBox {
  const perSheet = labelsPerSheet(layout);
  if (!Number.isInteger(slot) || slot < 0 || slot >= perSheet)
    throw new RangeError(`A ${layout.id} sheet has slots 0 to ${perSheet - 1}`);
  const column = slot % layout.columns;
  const row = Math.floor(slot / layout.columns);
  return {
    column,
    row,
    left: round(layout.margin.left + column * layout.pitch.x),
    top: round(layout.margin.top + row * layout.pitch.y),
    width: layout.label.width,
    height: layout.label.height,
  };
}

/** Whether every label lies on the page and no two overlap (a sanity check of the numbers). */
export function layoutFitsPage(layout: LabelLayout): boolean {
  const last = labelBox(layout, labelsPerSheet(layout) - 1);
  return (
    layout.pitch.x >= layout.label.width &&
    layout.pitch.y >= layout.label.height &&
    layout.margin.left >= 0 &&
    layout.margin.top >= 0 &&
    last.left + last.width <= layout.page.width + 1e-9 &&
    last.top + last.height <= layout.page.height + 1e-9
  );
}

export interface PlacedLabel<T> {
  slot: number;
  label: T;
}

/**
 * Labels spread over sheets. `skip` leaves the first slots of the first sheet empty, so a
 * partly used sheet can go through the printer again.
 */
export function paginateLabels<T>(
  labels: readonly T[],
  layout: LabelLayout,
  skip = 0,
): PlacedLabel<T>[][] {
  const perSheet = labelsPerSheet(layout);
  const offset = Math.min(Math.max(0, Math.floor(skip)), perSheet - 1);
  const sheets: PlacedLabel<T>[][] = [];
  labels.forEach((label, index) => {
    const position = index + offset;
    const sheet = Math.floor(position / perSheet);
    (sheets[sheet] ??= []).push({ slot: position % perSheet, label });
  });
  return sheets;
}

/** Six decimals keep 1⁄64" steps exact (0.015625) while hiding floating-point noise. */
function round(value: number): number {
  return Math.round(value * 1_000_000) / 1_000_000;
}

export function cssLength(value: number, unit: LengthUnit): string {
  return `${round(value)}${unit}`;
}

/**
 * The print stylesheet of a layout: the page is exactly the sheet with no printer margin (the
 * sheet's own margins are in the label positions), and every sheet element fills one page.
 * Printers must print at 100 % ("actual size"); the screen says so next to the Print button.
 */
export function printCss(layout: LabelLayout, scope = '.label-print'): string {
  const w = cssLength(layout.page.width, layout.unit);
  const h = cssLength(layout.page.height, layout.unit);
  return [
    `@page { size: ${w} ${h}; margin: 0; }`,
    `@media print {`,
    `  html, body { margin: 0 !important; padding: 0 !important; background: #fff !important; }`,
    `  body > :not(${scope}) { display: none !important; }`,
    `  ${scope} { display: block !important; }`,
    `  ${scope} .label-sheet { width: ${w}; height: ${h}; margin: 0; box-shadow: none; border: 0; break-after: page; page-break-after: always; }`,
    `  ${scope} .label-sheet:last-child { break-after: auto; page-break-after: auto; }`,
    `  ${scope} .label-sheet__label { outline: none !important; }`,
    `}`,
  ].join('\n');
}
