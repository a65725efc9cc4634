// @vitest-environment node
import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { acceptsEncoding } from '../../../local/http';

const ask = (value?: string) =>
  ({ headers: value === undefined ? {} : { 'accept-encoding': value } }) as IncomingMessage;

describe('acceptsEncoding', () => {
  it('takes a listed coding, in any case, with or without a weight', () => {
    expect(acceptsEncoding(ask('gzip, deflate, br'), 'br')).toBe(true);
    expect(acceptsEncoding(ask('GZip;q=0.5'), 'gzip')).toBe(true);
  });

  it('refuses a coding weighted q=0 and one not listed', () => {
    expect(acceptsEncoding(ask('gzip;q=0, br'), 'gzip')).toBe(false);
    expect(acceptsEncoding(ask('gzip; q=0.000'), 'gzip')).toBe(false);
    expect(acceptsEncoding(ask('deflate'), 'gzip')).toBe(false);
    expect(acceptsEncoding(ask('xgzip'), 'gzip')).toBe(false);
    expect(acceptsEncoding(ask(), 'gzip')).toBe(false);
  });

  it('takes * for any coding not named, unless the coding is refused by name', () => {
    expect(acceptsEncoding(ask('*'), 'br')).toBe(true);
    expect(acceptsEncoding(ask('br;q=0, *'), 'br')).toBe(false);
    expect(acceptsEncoding(ask('*;q=0'), 'gzip')).toBe(false);
  });
});
