// The item form's rules, pure so they are unit-tested (tests/unit/features/items/item-form.test.ts):
// what the seller typed -> the fields the database takes, in their currency and date format.
import {
  DATE_FORMATS,
  formatDate,
  isDateFormat,
  parseDate,
  parsePrice,
} from '../../domain/currency-date';
import { parseQuantity } from '../../domain/import-validation';
import type { ItemChanges } from '../../data/items/update-item';
import type { Item, ItemFields } from '../../data/items/types';

export interface ItemFormValues {
  item_name: string;
  quantity: string;
  barcode: string;
  sku: string;
  price_paid: string;
  expiry_date: string;
  reorder_level: string;
}

export type { ItemFields };

export type ItemFormErrors = Partial<Record<keyof ItemFormValues, string>>;

export const EMPTY_ITEM_FORM: ItemFormValues = {
  item_name: '',
  quantity: '1',
  barcode: '',
  sku: '',
  price_paid: '',
  expiry_date: '',
  reorder_level: '',
};

/** 'MM/DD/YYYY' etc.: the pattern shown as the expiry field's hint. */
export function datePattern(dateFormat: string): string {
  return DATE_FORMATS[isDateFormat(dateFormat) ? dateFormat : 'US'];
}

export function formValuesFromItem(item: Item, dateFormat: string): ItemFormValues {
  return {
    item_name: item.item_name,
    quantity: String(item.quantity),
    barcode: item.barcode ?? '',
    sku: item.sku ?? '',
    price_paid: item.price_paid === null ? '' : item.price_paid.toFixed(2),
    expiry_date: item.expiry_date ? formatDate(item.expiry_date, dateFormat) : '',
    reorder_level: item.reorder_level === null ? '' : String(item.reorder_level),
  };
}

const MAX_PRICE = 9_999_999_999.99;
/** The database's bound on a reorder level (storage_items check). */
export const MAX_REORDER_LEVEL = 1_000_000;

/**
 * Checks the form. A quantity is a whole number from 0 for a new item and an edit alike (0 is
 * out of stock, the item keeps its place: the rule import and the database hold too). Prices are
 * read as sellers type them ('4.50', '£4,50'); dates in the seller's format, or ISO.
 */
export function validateItemForm(
  values: ItemFormValues,
  dateFormat: string,
): { ok: true; fields: ItemFields } | { ok: false; errors: ItemFormErrors } {
  const errors: ItemFormErrors = {};
  const itemName = values.item_name.trim();
  if (itemName === '') errors.item_name = 'Item name is required';
  else if (itemName.length > 500) errors.item_name = 'Item name can be at most 500 characters';

  const quantity = parseQuantity(values.quantity.trim());
  if (quantity === null) errors.quantity = 'Enter a whole number from 0';

  let price: number | null = null;
  if (values.price_paid.trim() !== '') {
    price = parsePrice(values.price_paid);
    if (price === null || price > MAX_PRICE) errors.price_paid = 'Enter a price such as 4.50';
    else price = Math.round(price * 100) / 100;
  }

  let expiry: string | null = null;
  if (values.expiry_date.trim() !== '') {
    expiry = parseDate(values.expiry_date, dateFormat);
    if (expiry === null) errors.expiry_date = `Enter a date as ${datePattern(dateFormat)}`;
  }

  // Optional: empty means no reorder level (the item is only flagged when it reaches 0).
  let reorderLevel: number | null = null;
  if (values.reorder_level.trim() !== '') {
    reorderLevel = parseQuantity(values.reorder_level.trim());
    if (reorderLevel === null || reorderLevel > MAX_REORDER_LEVEL)
      errors.reorder_level = 'Enter a whole number from 0 to 1,000,000, or leave it empty';
  }

  if (quantity === null || Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    fields: {
      item_name: itemName,
      quantity,
      barcode: values.barcode.trim() || null,
      sku: values.sku.trim() || null,
      price_paid: price,
      expiry_date: expiry,
      reorder_level: reorderLevel,
    },
  };
}

/** Only what the edit changed, so the log line names just that and nothing else is rewritten. */
export function itemChanges(item: Item, fields: ItemFields): ItemChanges {
  const changes: ItemChanges = {};
  if (fields.item_name !== item.item_name) changes.item_name = fields.item_name;
  if (fields.quantity !== item.quantity) changes.quantity = fields.quantity;
  if (fields.barcode !== item.barcode) changes.barcode = fields.barcode;
  if (fields.sku !== item.sku) changes.sku = fields.sku;
  if (fields.price_paid !== item.price_paid) changes.price_paid = fields.price_paid;
  if (fields.expiry_date !== item.expiry_date) changes.expiry_date = fields.expiry_date;
  if (fields.reorder_level !== item.reorder_level) changes.reorder_level = fields.reorder_level;
  return changes;
}
