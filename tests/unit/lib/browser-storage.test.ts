import { afterEach, describe, expect, it, vi } from 'vitest';
import { readStored, writeStored } from '../../../src/lib/browser-storage';

describe('browser storage', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    window.localStorage.clear();
  });

  it('stores, reads back and removes a value', () => {
    writeStored('stockroom.test', '42');
    expect(readStored('stockroom.test')).toBe('42');
    writeStored('stockroom.test', null);
    expect(readStored('stockroom.test')).toBeNull();
  });

  it('reads nothing and skips writes when the browser refuses storage', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    expect(readStored('stockroom.test')).toBeNull();
    expect(() => writeStored('stockroom.test', '1')).not.toThrow();
  });

  it('does not write a value that is already stored', () => {
    writeStored('stockroom.test', '42');
    const setItem = vi.spyOn(Storage.prototype, 'setItem');
    writeStored('stockroom.test', '42');
    expect(setItem).not.toHaveBeenCalled();
    writeStored('stockroom.test', '43');
    expect(setItem).toHaveBeenCalledWith('stockroom.test', '43');
    expect(readStored('stockroom.test')).toBe('43');
  });
});
