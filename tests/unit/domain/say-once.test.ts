// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { labelOnce, unitTitle } from '../../../src/domain/say-once';

describe('labelOnce', () => {
  it('puts the label before a value that does not already start with it', () => {
    expect(labelOnce('SKU', 'MUG-1')).toBe('SKU MUG-1');
    expect(labelOnce('SKU', 'SKU-114')).toBe('SKU-114');
    expect(labelOnce('SKU', 'sku 114')).toBe('sku 114');
    expect(labelOnce('SKU', 'SKUNK-1')).toBe('SKU SKUNK-1');
  });
});

describe('unitTitle', () => {
  it("says a unit's name once, whatever the seller named it", () => {
    expect(unitTitle('A')).toBe('Unit A');
    expect(unitTitle('Unit Totes')).toBe('Unit Totes');
    expect(unitTitle('unit 3', 'unit')).toBe('unit 3');
    expect(unitTitle('B', 'unit')).toBe('unit B');
    expect(unitTitle('Unity shelf')).toBe('Unit Unity shelf');
  });
});
