import { useMemo } from 'react';
import { QRCodeDecoderErrorCorrectionLevel, QRCodeEncoder } from '@zxing/library';

const QUIET_ZONE = 4; // modules of white around the symbol, as the QR standard asks

/**
 * A QR code as one SVG path of dark modules, sized by CSS: vector modules stay sharp at any
 * printer resolution. Level M survives a scuffed label; the location codes are 7 characters.
 */
export function QrSvg({
  code,
  className,
  testId,
}: {
  code: string;
  className?: string;
  testId?: string;
}) {
  const symbol = useMemo(() => {
    try {
      const matrix = QRCodeEncoder.encode(code, QRCodeDecoderErrorCorrectionLevel.M).getMatrix();
      const size = matrix.getWidth();
      let path = '';
      for (let y = 0; y < size; y += 1)
        for (let x = 0; x < size; x += 1)
          if (matrix.get(x, y) === 1) path += `M${x + QUIET_ZONE} ${y + QUIET_ZONE}h1v1h-1z`;
      return { path, side: size + 2 * QUIET_ZONE };
    } catch {
      return null;
    }
  }, [code]);
  if (!symbol) return null;
  return (
    <svg
      className={className}
      viewBox={`0 0 ${symbol.side} ${symbol.side}`}
      preserveAspectRatio="xMidYMid meet"
      shapeRendering="crispEdges"
      role="img"
      aria-label={`QR code ${code}`}
      data-testid={testId}
      data-code={code}
    >
      <rect width={symbol.side} height={symbol.side} fill="#ffffff" />
      <path d={symbol.path} fill="#000000" />
    </svg>
  );
}
