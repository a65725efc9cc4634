import { chooseBarcodeFormat, type BarcodeFormat } from './barcodes';
import { labelOnce } from './say-once';

/**
 * What goes on a label: the barcode in the symbology the seller chose and up to four lines of
 * text. Pure, so the screen and its tests agree on every label.
 */

/**
 * 'code128' prints every code as Code 128 (the default: it takes any code and scans everywhere);
 * 'retail' prints codes that are valid EAN-13 or UPC-A in those retail symbologies, the rest as
 * Code 128.
 */
export type LabelSymbology = 'code128' | 'retail';
export const DEFAULT_LABEL_SYMBOLOGY: LabelSymbology = 'code128';

export function labelBarcodeFormat(code: string, symbology: LabelSymbology): BarcodeFormat | null {
  const format = chooseBarcodeFormat(code);
  if (format === null) return null;
  return symbology === 'retail' ? format : 'CODE128';
}

export interface LabelFields {
  name: boolean;
  sku: boolean;
  location: boolean;
  price: boolean;
}

export const DEFAULT_LABEL_FIELDS: LabelFields = {
  name: true,
  sku: true,
  location: true,
  price: false,
};

export interface LabelItem {
  item_id: string;
  item_name: string;
  barcode: string | null;
  sku: string | null;
  price_paid: number | null;
}

export interface Label {
  key: string;
  code: string;
  format: BarcodeFormat;
  /** The heading line (item name, or the place for shelf and unit labels). */
  title: string | null;
  lines: string[];
  /** Location labels (issue #41) carry the code as a QR code too, beside the Code 128. */
  qr?: boolean;
}

/**
 * An item's label, or null when it has no printable code (the screen offers to generate one).
 * `location` and `price` come formatted by the caller (seller's currency and place names).
 */
export function itemLabel(
  item: LabelItem,
  fields: LabelFields,
  symbology: LabelSymbology,
  extras: { location: string | null; price: string | null },
): Label | null {
  const code = item.barcode?.trim() ?? '';
  if (code === '') return null;
  const format = labelBarcodeFormat(code, symbology);
  if (format === null) return null;
  const lines: string[] = [];
  if (fields.sku && item.sku) lines.push(labelOnce('SKU', item.sku));
  if (fields.location && extras.location) lines.push(extras.location);
  if (fields.price && extras.price !== null) lines.push(extras.price);
  return {
    key: item.item_id,
    code,
    format,
    title: fields.name ? item.item_name : null,
    lines,
  };
}
