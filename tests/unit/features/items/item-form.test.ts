// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  EMPTY_ITEM_FORM,
  datePattern,
  formValuesFromItem,
  itemChanges,
  validateItemForm,
} from '../../../../src/features/items/item-form';
import type { Item } from '../../../../src/data/items/types';

const item: Item = {
  item_id: 'i1',
  item_name: 'Blue teapot',
  quantity: 3,
  unit_id: 'u',
  shelf_id: 's',
  barcode: '5012345678900',
  sku: null,
  price_paid: 4.5,
  expiry_date: '2030-12-31',
  reorder_level: null,
  created_at: '2026-01-01T00:00:00Z',
};

describe('item form', () => {
  it('reads a full form in the seller’s formats', () => {
    const result = validateItemForm(
      {
        item_name: '  Blue teapot ',
        quantity: '2',
        barcode: ' 5012345678900 ',
        sku: '',
        price_paid: '£1,200.50',
        expiry_date: '31/12/2030',
        reorder_level: ' 3 ',
      },
      'UK',
    );
    expect(result).toEqual({
      ok: true,
      fields: {
        item_name: 'Blue teapot',
        quantity: 2,
        barcode: '5012345678900',
        sku: null,
        price_paid: 1200.5,
        expiry_date: '2030-12-31',
        reorder_level: 3,
      },
    });
  });

  it('reads US dates month first, and ISO dates in any format', () => {
    const us = validateItemForm(
      { ...EMPTY_ITEM_FORM, item_name: 'x', expiry_date: '3/7/2027' },
      'US',
    );
    expect(us.ok && us.fields.expiry_date).toBe('2027-03-07');
    const iso = validateItemForm(
      { ...EMPTY_ITEM_FORM, item_name: 'x', expiry_date: '2027-03-07' },
      'UK',
    );
    expect(iso.ok && iso.fields.expiry_date).toBe('2027-03-07');
  });

  it('names every problem at once', () => {
    const result = validateItemForm(
      {
        item_name: ' ',
        quantity: '-1',
        barcode: '',
        sku: '',
        price_paid: 'cheap',
        expiry_date: '31/31/2030',
        reorder_level: '2.5',
      },
      'US',
    );
    expect(result).toEqual({
      ok: false,
      errors: {
        item_name: 'Item name is required',
        quantity: 'Enter a whole number from 0',
        price_paid: 'Enter a price such as 4.50',
        expiry_date: 'Enter a date as MM/DD/YYYY',
        reorder_level: 'Enter a whole number from 0 to 1,000,000, or leave it empty',
      },
    });
  });

  it('a new item and an edit alike may have quantity 0 (out of stock) but not below; whole numbers only', () => {
    expect(validateItemForm({ ...EMPTY_ITEM_FORM, item_name: 'x', quantity: '0' }, 'US').ok).toBe(
      true,
    );
    for (const quantity of ['-1', '1.5', 'two', ''])
      expect(validateItemForm({ ...EMPTY_ITEM_FORM, item_name: 'x', quantity }, 'US').ok).toBe(
        false,
      );
  });

  it('rounds prices to cents and leaves blank optional fields empty', () => {
    const result = validateItemForm(
      { ...EMPTY_ITEM_FORM, item_name: 'x', price_paid: '4.505' },
      'US',
    );
    expect(result.ok && result.fields).toMatchObject({
      price_paid: 4.51,
      barcode: null,
      expiry_date: null,
      reorder_level: null,
    });
  });

  it('a reorder level is optional, a whole number from 0 to 1,000,000', () => {
    const read = (reorder_level: string) =>
      validateItemForm({ ...EMPTY_ITEM_FORM, item_name: 'x', reorder_level }, 'US');
    for (const [typed, level] of [['0', 0], [' 5 ', 5], ['1000000', 1_000_000]] as const) {
      const result = read(typed);
      expect(result.ok && result.fields.reorder_level).toBe(level);
    }
    for (const typed of ['-1', '1.5', 'five', '1000001']) {
      const result = read(typed);
      expect(!result.ok && result.errors.reorder_level).toBe(
        'Enter a whole number from 0 to 1,000,000, or leave it empty',
      );
    }
  });

  it('an edit clearing the reorder level sends null', () => {
    const stocked = { ...item, reorder_level: 4 };
    const values = formValuesFromItem(stocked, 'US');
    expect(values.reorder_level).toBe('4');
    const cleared = validateItemForm({ ...values, reorder_level: '' }, 'US');
    expect(cleared.ok && itemChanges(stocked, cleared.fields)).toEqual({ reorder_level: null });
  });

  it('fills an edit form from an item in the seller’s date format', () => {
    expect(formValuesFromItem(item, 'UK')).toEqual({
      item_name: 'Blue teapot',
      quantity: '3',
      barcode: '5012345678900',
      sku: '',
      price_paid: '4.50',
      expiry_date: '31/12/2030',
      reorder_level: '',
    });
    expect(datePattern('ISO')).toBe('YYYY-MM-DD');
    expect(datePattern('nonsense')).toBe('MM/DD/YYYY');
  });

  it('an edit sends only what changed', () => {
    const values = formValuesFromItem(item, 'US');
    const same = validateItemForm(values, 'US');
    expect(same.ok && itemChanges(item, same.fields)).toEqual({});
    const changed = validateItemForm({ ...values, quantity: '5', barcode: '' }, 'US');
    expect(changed.ok && itemChanges(item, changed.fields)).toEqual({ quantity: 5, barcode: null });
  });
});
