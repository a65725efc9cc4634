import type { CSSProperties } from 'react';
import type { Label } from '../../domain/label-content';
import { cssLength, labelBox, paginateLabels, type LabelLayout } from '../../domain/label-layouts';
import { BarcodeSvg } from './barcode-svg';
import { QrSvg } from './qr-svg';

export interface LabelSheetsProps {
  layout: LabelLayout;
  labels: readonly Label[];
  skip?: number;
  /** Render only the first sheets (the on-screen preview of a long run). */
  maxSheets?: number;
  testId?: string;
}

/**
 * Sheets at their real size in the layout's own unit: every label absolutely placed where the
 * maker's template puts it, so what prints at 100 % lands on the die-cut labels.
 */
export function LabelSheets({
  layout,
  labels,
  skip = 0,
  maxSheets,
  testId = 'label-sheets',
}: LabelSheetsProps) {
  const sheets = paginateLabels(labels, layout, skip);
  const shown = maxSheets === undefined ? sheets : sheets.slice(0, maxSheets);
  const len = (value: number) => cssLength(value, layout.unit);
  return (
    <div className="label-sheets" data-testid={testId} data-layout={layout.id}>
      {shown.map((sheet, sheetIndex) => (
        <div
          key={sheetIndex}
          className={`label-sheet label-sheet--${layout.id}`}
          style={{ width: len(layout.page.width), height: len(layout.page.height) }}
          data-testid="label-sheet"
          aria-label={`Sheet ${sheetIndex + 1} of ${sheets.length}`}
        >
          {sheet.map(({ slot, label }) => {
            const box = labelBox(layout, slot);
            const style: CSSProperties = {
              left: len(box.left),
              top: len(box.top),
              width: len(box.width),
              height: len(box.height),
            };
            if (label.qr)
              return (
                <div
                  key={`${slot}-${label.key}`}
                  className="label-sheet__label label-sheet__label--location"
                  style={style}
                  data-testid="label"
                  data-slot={slot}
                  data-code={label.code}
                >
                  <QrSvg code={label.code} className="label-sheet__qr" testId="label-qr" />
                  <div className="label-sheet__text">
                    <p className="label-sheet__title label-sheet__code" data-testid="label-title">
                      {label.title}
                    </p>
                    {label.lines.map((line, index) => (
                      <p key={index} className="label-sheet__line" data-testid="label-line">
                        {line}
                      </p>
                    ))}
                    <BarcodeSvg
                      code={label.code}
                      format={label.format}
                      showText={false}
                      className="label-sheet__barcode"
                      testId="label-barcode"
                    />
                  </div>
                </div>
              );
            return (
              <div
                key={`${slot}-${label.key}`}
                className="label-sheet__label"
                style={style}
                data-testid="label"
                data-slot={slot}
                data-code={label.code}
              >
                {label.title ? (
                  <p className="label-sheet__title" data-testid="label-title">
                    {label.title}
                  </p>
                ) : null}
                <BarcodeSvg
                  code={label.code}
                  format={label.format}
                  className="label-sheet__barcode"
                  testId="label-barcode"
                />
                {label.lines.map((line, index) => (
                  <p key={index} className="label-sheet__line">
                    {line}
                  </p>
                ))}
              </div>
            );
          })}
        </div>
      ))}
    </div>
  );
}
