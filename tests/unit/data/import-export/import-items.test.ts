// @vitest-environment node
// How a refused import reads: the server's row errors and plan-limit text, as a DataError.
import { describe, expect, it, vi } from 'vitest';

vi.mock('../../../../src/lib/supabase', () => ({ supabase: {} }));

const { ImportError, importError, serverRowErrors } =
  await import('../../../../src/data/import-export/import-items');

describe('serverRowErrors', () => {
  it("reads import_items' JSON list of row errors", () => {
    expect(serverRowErrors('["Row 2: Missing item name","Row 9: Invalid quantity"]')).toEqual([
      'Row 2: Missing item name',
      'Row 9: Invalid quantity',
    ]);
  });

  it('gives nothing for details that are not such a list', () => {
    expect(serverRowErrors(undefined)).toEqual([]);
    expect(serverRowErrors('{"kind":"items"}')).toEqual([]);
    expect(serverRowErrors('not json')).toEqual([]);
  });
});

describe('importError', () => {
  it('strips the PLAN_LIMIT_REACHED code from the limit refusal', () => {
    const error = importError({
      message:
        'PLAN_LIMIT_REACHED: Adding 501 items would exceed your growing plan limit of 500 items',
    });
    expect(error.message).toBe(
      'Adding 501 items would exceed your growing plan limit of 500 items',
    );
    expect(error.planLimit?.kind).toBe('items');
  });

  it('keeps a row error as the server wrote it', () => {
    const error = importError({ message: 'Row 400: Invalid location for item' });
    expect(error.message).toBe('Row 400: Invalid location for item');
  });

  it('falls back to a plain sentence when the failure says nothing', () => {
    expect(importError(new Error('')).message).toBe('The file could not be imported');
  });
});

describe('ImportError', () => {
  it("carries the server's row errors from the refusal's details", () => {
    const error = importError({
      message: 'Row 2: Missing item name',
      details: '["Row 2: Missing item name","Row 9: Invalid quantity"]',
    });
    expect(error).toBeInstanceOf(ImportError);
    expect(error.rowErrors).toEqual(['Row 2: Missing item name', 'Row 9: Invalid quantity']);
  });

  it('has no row errors when the refusal names none', () => {
    expect(importError(new Error('offline?')).rowErrors).toEqual([]);
  });
});
