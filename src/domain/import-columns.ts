// The columns of the import template, in template order. Export writes the same columns so a
// seller's export can be imported back unchanged.

// The template leads with the columns a row needs, so the required ones are its first six.
const PLACEMENT_FIELDS = ['item_name', 'quantity', 'room', 'isle', 'unit', 'shelf'] as const;

export const IMPORT_FIELDS = [
  ...PLACEMENT_FIELDS,
  'barcode',
  'sku',
  'price_paid',
  'expiry_date',
  // added last (issue #39): files made before it still read, column for column
  'reorder_level',
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

export const COLUMN_HEADERS: Readonly<Record<ImportField, string>> = {
  item_name: 'Item Name',
  quantity: 'Quantity',
  room: 'Room',
  isle: 'Isle',
  unit: 'Unit',
  shelf: 'Shelf',
  barcode: 'Barcode',
  sku: 'SKU',
  price_paid: 'Price Paid',
  expiry_date: 'Expiry Date',
  reorder_level: 'Reorder Level',
};

/** Without these a row cannot be placed on a shelf, so the file is refused before row checks. */
export const REQUIRED_FIELDS: readonly ImportField[] = PLACEMENT_FIELDS;

/** A problem with one row, from reading the file or from validating it. */
export interface ImportRowError {
  /** The spreadsheet line: data index + 2 (line 1 is the header). */
  row: number;
  field: ImportField;
  message: string;
}

/** One parsed row keyed by field. Cells are text from CSV, or numbers from a spreadsheet. */
export type ImportRow = Partial<Record<ImportField, string | number | null>>;
