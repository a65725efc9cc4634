import { render, screen, within } from '@testing-library/react';
import {
  BarcodeFormat,
  BinaryBitmap,
  DecodeHintType,
  HybridBinarizer,
  MultiFormatReader,
  RGBLuminanceSource,
} from '@zxing/library';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { BarcodeFormat as JsBarcodeFormat } from '../../../../src/domain/barcodes';
import type { Label } from '../../../../src/domain/label-content';
import { LABEL_LAYOUTS } from '../../../../src/domain/label-layouts';
import { BarcodeSvg } from '../../../../src/features/barcodes/barcode-svg';
import { LabelSheets } from '../../../../src/features/barcodes/label-sheets';

beforeAll(() => {
  // jsdom has no canvas; jsbarcode only measures the digits' text width with it.
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(
    () =>
      ({
        font: '',
        measureText: (text: string) => ({ width: text.length * 9 }),
      }) as unknown as CanvasRenderingContext2D,
  );
});

/**
 * Rasterises a jsbarcode SVG by hand (jsdom has no canvas): every bar is a <rect> inside a
 * translated <g>; the background rect is the svg's own child. Returns luminance rows.
 */
function rasterise(svg: SVGSVGElement): {
  pixels: Uint8ClampedArray;
  width: number;
  height: number;
} {
  const [, , w, h] = (svg.getAttribute('viewBox') ?? '').split(' ').map(Number);
  const width = Math.ceil(w!);
  const height = 80;
  const row = new Uint8ClampedArray(width).fill(255);
  for (const group of svg.querySelectorAll('g')) {
    const match = /translate\(([\d.]+),/.exec(group.getAttribute('transform') ?? '');
    const offset = Number(match?.[1] ?? 0);
    for (const rect of group.querySelectorAll('rect')) {
      const x = offset + Number(rect.getAttribute('x'));
      const barWidth = Number(rect.getAttribute('width'));
      for (let px = Math.round(x); px < Math.round(x + barWidth); px += 1) row[px] = 0;
    }
  }
  expect(h).toBeGreaterThan(0);
  const pixels = new Uint8ClampedArray(width * height);
  for (let y = 0; y < height; y += 1) pixels.set(row, y * width);
  return { pixels, width, height };
}

function decode(svg: SVGSVGElement): { text: string; format: BarcodeFormat } {
  const { pixels, width, height } = rasterise(svg);
  const reader = new MultiFormatReader();
  const hints = new Map<DecodeHintType, unknown>([
    [
      DecodeHintType.POSSIBLE_FORMATS,
      [BarcodeFormat.CODE_128, BarcodeFormat.EAN_13, BarcodeFormat.UPC_A],
    ],
    [DecodeHintType.TRY_HARDER, true],
  ]);
  const bitmap = new BinaryBitmap(
    new HybridBinarizer(new RGBLuminanceSource(pixels, width, height)),
  );
  const result = reader.decode(bitmap, hints);
  return { text: result.getText(), format: result.getBarcodeFormat() };
}

describe('BarcodeSvg', () => {
  it.each([
    ['SR-SHELF-1A2B3C4D', 'CODE128', BarcodeFormat.CODE_128],
    ['ABC-123 x', 'CODE128', BarcodeFormat.CODE_128],
    ['2012345678903', 'CODE128', BarcodeFormat.CODE_128],
    ['4006381333931', 'EAN13', BarcodeFormat.EAN_13],
    ['036000291452', 'UPC', BarcodeFormat.UPC_A],
  ] as [string, JsBarcodeFormat, BarcodeFormat][])(
    'draws %s as %s and it decodes back',
    (code, format, expected) => {
      render(<BarcodeSvg code={code} format={format} testId="svg" />);
      const svg = screen.getByTestId('svg') as unknown as SVGSVGElement;
      // sized by CSS to the label: no fixed width/height, proportions kept by the viewBox
      expect(svg.getAttribute('width')).toBeNull();
      expect(svg.getAttribute('preserveAspectRatio')).toBe('xMidYMid meet');
      expect(decode(svg)).toEqual({ text: code, format: expected });
    },
  );
});

describe('LabelSheets', () => {
  const labels: Label[] = Array.from({ length: 31 }, (_, i) => ({
    key: `k${i}`,
    code: `CODE-${i}`,
    format: 'CODE128',
    title: `Item ${i}`,
    lines: [`SKU S-${i}`],
  }));

  it('places Avery 5160 labels where the template has them, 30 to a sheet', () => {
    render(<LabelSheets layout={LABEL_LAYOUTS['avery-5160']} labels={labels} />);
    const sheets = screen.getAllByTestId('label-sheet');
    expect(sheets).toHaveLength(2);
    expect(sheets[0]).toHaveStyle({ width: '8.5in', height: '11in' });
    const first = within(sheets[0]!).getAllByTestId('label');
    expect(first).toHaveLength(30);
    expect(first[0]).toHaveStyle({
      left: '0.1875in',
      top: '0.5in',
      width: '2.625in',
      height: '1in',
    });
    expect(first[4]).toHaveStyle({ left: '2.9375in', top: '1.5in' });
    expect(within(first[4]!).getByTestId('label-title')).toHaveTextContent('Item 4');
    expect(within(sheets[1]!).getAllByTestId('label')).toHaveLength(1);
  });

  it('uses millimetres for A4 and the roll, and leaves skipped slots empty', () => {
    const { unmount } = render(
      <LabelSheets layout={LABEL_LAYOUTS['a4-24']} labels={labels.slice(0, 2)} skip={4} />,
    );
    const placed = screen.getAllByTestId('label');
    expect(placed.map((label) => label.dataset.slot)).toEqual(['4', '5']);
    expect(placed[0]).toHaveStyle({ left: '70mm', top: '37.5mm', width: '70mm', height: '37mm' });
    unmount();
    render(<LabelSheets layout={LABEL_LAYOUTS['roll-62x29']} labels={labels.slice(0, 3)} />);
    const sheets = screen.getAllByTestId('label-sheet');
    expect(sheets).toHaveLength(3);
    expect(sheets[2]).toHaveStyle({ width: '62mm', height: '29mm' });
  });

  it('renders at most the preview’s sheets when asked', () => {
    render(<LabelSheets layout={LABEL_LAYOUTS['avery-5163']} labels={labels} maxSheets={2} />);
    expect(screen.getAllByTestId('label-sheet')).toHaveLength(2);
  });
});
