// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { toCsv } from '../../../src/domain/csv-escape';
import { parseCsv } from '../../../src/domain/csv-parse';

describe('parseCsv', () => {
  it('splits records and cells', () => {
    expect(parseCsv('a,b\n1,2')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
  });
  it('accepts CRLF, LF and CR line ends, and a trailing line end', () => {
    expect(parseCsv('a\r\nb\rc\n')).toEqual([['a'], ['b'], ['c']]);
  });
  it('reads quoted commas, doubled quotes and line breaks', () => {
    expect(parseCsv('"Mug, blue","12"" record","two\nlines"\r\n')).toEqual([
      ['Mug, blue', '12" record', 'two\nlines'],
    ]);
  });
  it('keeps empty cells, including a last empty one', () => {
    expect(parseCsv('a,,c,\n')).toEqual([['a', '', 'c', '']]);
  });
  it('drops a byte-order mark', () => {
    expect(parseCsv('\uFEFFItem Name,Quantity\n')).toEqual([['Item Name', 'Quantity']]);
  });
  it('reads nothing from an empty file', () => {
    expect(parseCsv('')).toEqual([]);
  });
  it('treats a quote inside an unquoted cell as text', () => {
    expect(parseCsv('12" disc,x')).toEqual([['12" disc', 'x']]);
  });
  it('takes another delimiter when asked', () => {
    expect(parseCsv('a;b', ';')).toEqual([['a', 'b']]);
  });
  it('reads back exactly what toCsv writes', () => {
    const rows = [
      ['Item Name', 'Notes'],
      ['Mug, "blue"', 'line\r\nbreak'],
      ['', 'x'],
    ];
    expect(parseCsv(toCsv(rows))).toEqual(rows);
  });
});
