import { useLayoutEffect, useRef } from 'react';
import JsBarcode from 'jsbarcode';
import type { BarcodeFormat } from '../../domain/barcodes';

export interface BarcodeSvgProps {
  code: string;
  format: BarcodeFormat;
  /** Print the digits under the bars (retail formats place them between the guard bars). */
  showText?: boolean;
  className?: string;
  testId?: string;
}

/**
 * One barcode drawn by jsbarcode as SVG: vector bars stay sharp at any printer resolution. The
 * SVG keeps its viewBox and is sized by CSS to the label, aspect ratio preserved, so the bars
 * scale together and the code still decodes.
 */
export function BarcodeSvg({ code, format, showText = true, className, testId }: BarcodeSvgProps) {
  const ref = useRef<SVGSVGElement>(null);
  useLayoutEffect(() => {
    const svg = ref.current;
    if (!svg) return;
    try {
      JsBarcode(svg, code, {
        format,
        width: 2,
        height: 60,
        margin: 10, // the quiet zone scanners need either side of the bars
        displayValue: showText,
        fontSize: 16,
        textMargin: 2,
        background: '#ffffff',
        lineColor: '#000000',
        flat: format !== 'CODE128',
      });
      // CSS decides the printed size; the viewBox jsbarcode set keeps the proportions.
      svg.removeAttribute('width');
      svg.removeAttribute('height');
      svg.setAttribute('preserveAspectRatio', 'xMidYMid meet');
    } catch {
      // jsbarcode throws for codes the format cannot carry; the label shows the text instead.
      svg.replaceChildren();
    }
  }, [code, format, showText]);
  return (
    <svg
      ref={ref}
      className={className}
      role="img"
      aria-label={`Barcode ${code}`}
      data-testid={testId}
      data-code={code}
      data-format={format}
    />
  );
}
