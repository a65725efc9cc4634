// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  LABEL_LAYOUTS,
  LABEL_LAYOUT_IDS,
  labelBox,
  labelsPerSheet,
  layoutFitsPage,
  paginateLabels,
  printCss,
} from '../../../src/domain/label-layouts';

describe('label layouts', () => {
  it('has the four sheets sellers buy, every one fitting its page', () => {
    expect(LABEL_LAYOUT_IDS).toEqual(['avery-5160', 'avery-5163', 'a4-24', 'roll-62x29']);
    for (const id of LABEL_LAYOUT_IDS) expect(layoutFitsPage(LABEL_LAYOUTS[id])).toBe(true);
    expect(LABEL_LAYOUT_IDS.map((id) => labelsPerSheet(LABEL_LAYOUTS[id]))).toEqual([
      30, 10, 24, 1,
    ]);
  });

  it('Avery 5160: 2⅝" × 1" labels from ½" top and 3⁄16" left, 2¾" apart across', () => {
    const layout = LABEL_LAYOUTS['avery-5160'];
    expect(labelBox(layout, 0)).toEqual({
      column: 0,
      row: 0,
      left: 0.1875,
      top: 0.5,
      width: 2.625,
      height: 1,
    });
    expect(labelBox(layout, 2)).toMatchObject({ column: 2, left: 5.6875 });
    const last = labelBox(layout, 29);
    expect(last).toMatchObject({ column: 2, row: 9, left: 5.6875, top: 9.5 });
    // symmetric on the Letter sheet: same margin right as left, ½" at the bottom
    expect(8.5 - (last.left + last.width)).toBeCloseTo(0.1875, 6);
    expect(11 - (last.top + last.height)).toBeCloseTo(0.5, 6);
  });

  it('Avery 5163: 4" × 2" labels, two across with a 3⁄16" gap', () => {
    const layout = LABEL_LAYOUTS['avery-5163'];
    expect(labelBox(layout, 1)).toMatchObject({ left: 4.34375, top: 0.5, width: 4, height: 2 });
    const last = labelBox(layout, 9);
    expect(8.5 - (last.left + last.width)).toBeCloseTo(0.15625, 6);
    expect(11 - (last.top + last.height)).toBeCloseTo(0.5, 6);
  });

  it('A4 24-up: 70 × 37 mm edge to edge, centred vertically on 297 mm', () => {
    const layout = LABEL_LAYOUTS['a4-24'];
    expect(labelBox(layout, 0)).toMatchObject({ left: 0, top: 0.5, width: 70, height: 37 });
    expect(labelBox(layout, 23)).toMatchObject({ left: 140, top: 259.5 });
    expect(297 - (259.5 + 37)).toBe(0.5);
  });

  it('roll: one 62 × 29 mm label per page', () => {
    const layout = LABEL_LAYOUTS['roll-62x29'];
    expect(labelBox(layout, 0)).toEqual({
      column: 0,
      row: 0,
      left: 0,
      top: 0,
      width: 62,
      height: 29,
    });
    expect(() => labelBox(layout, 1)).toThrow(RangeError);
  });

  it('spreads labels over sheets, skipping used slots of the first sheet', () => {
    const layout = LABEL_LAYOUTS['avery-5163'];
    const labels = Array.from({ length: 12 }, (_, i) => `L${i}`);
    const sheets = paginateLabels(labels, layout);
    expect(sheets.map((s) => s.length)).toEqual([10, 2]);
    const skipped = paginateLabels(labels, layout, 7);
    expect(skipped.map((s) => s.length)).toEqual([3, 9]);
    expect(skipped[0]![0]).toEqual({ slot: 7, label: 'L0' });
    expect(skipped[1]![0]).toEqual({ slot: 0, label: 'L3' });
    expect(paginateLabels(['a', 'b'], LABEL_LAYOUTS['roll-62x29'])).toEqual([
      [{ slot: 0, label: 'a' }],
      [{ slot: 0, label: 'b' }],
    ]);
  });

  it('prints on a page exactly the sheet’s size with no printer margin', () => {
    const letter = printCss(LABEL_LAYOUTS['avery-5160']);
    expect(letter).toContain('@page { size: 8.5in 11in; margin: 0; }');
    expect(letter).toContain('.label-print .label-sheet { width: 8.5in; height: 11in;');
    expect(letter).toContain('body > :not(.label-print) { display: none !important; }');
    expect(printCss(LABEL_LAYOUTS['a4-24'])).toContain('@page { size: 210mm 297mm; margin: 0; }');
    expect(printCss(LABEL_LAYOUTS['roll-62x29'])).toContain(
      '@page { size: 62mm 29mm; margin: 0; }',
    );
  });
});
