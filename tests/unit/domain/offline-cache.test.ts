// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { cacheName, cachesToDelete, requestHandling } from '../../../src/domain/offline-cache';

const app = 'https://stockroom.example';
const get = (url: string, mode = 'cors') =>
  requestHandling({ url, method: 'GET', mode, appOrigin: app });

describe('requestHandling', () => {
  it('answers public page loads network first with the app shell behind them', () => {
    expect(get(`${app}/pricing`, 'navigate')).toBe('shell');
    expect(get(`${app}/`, 'navigate')).toBe('shell');
    expect(get(`${app}/login`, 'navigate')).toBe('shell');
  });

  it('opens the dashboard from the kept app at once, and asks the network behind it', () => {
    expect(get(`${app}/dashboard/inventory`, 'navigate')).toBe('app');
    expect(get(`${app}/dashboard`, 'navigate')).toBe('app');
    expect(get(`${app}/dashboard/scan?mode=bulk`, 'navigate')).toBe('app');
    expect(get(`${app}/dashboards`, 'navigate')).toBe('shell');
  });

  it('serves the fingerprinted code, icons and manifest from the cache', () => {
    expect(get(`${app}/assets/index-abc123.js`)).toBe('asset');
    expect(get(`${app}/icons/icon-192.png`)).toBe('asset');
    expect(get(`${app}/manifest.webmanifest`)).toBe('asset');
  });

  it('never answers the API, our functions, another origin or a write from a cache', () => {
    expect(get('https://project.supabase.co/rest/v1/storage_items')).toBe('network');
    expect(get(`${app}/.netlify/functions/ebay-orders`)).toBe('network');
    expect(get(`${app}/.netlify/functions/ebay-orders`, 'navigate')).toBe('network');
    expect(get(`${app}/sw.js`)).toBe('network');
    expect(get(`${app}/robots.txt`)).toBe('network');
    expect(
      requestHandling({ url: `${app}/assets/x.js`, method: 'POST', mode: 'cors', appOrigin: app }),
    ).toBe('network');
    expect(get('not a url')).toBe('network');
  });
});

describe('cachesToDelete', () => {
  it('keeps this version and the newest other app cache, and leaves other caches alone', () => {
    const existing = [
      cacheName('v1'),
      'someone-else',
      cacheName('v2'),
      cacheName('v3'),
      cacheName('v4'),
    ];
    expect(cachesToDelete(existing, 'v4')).toEqual([cacheName('v1'), cacheName('v2')]);
    expect(cachesToDelete([cacheName('v1')], 'v1')).toEqual([]);
    expect(cachesToDelete([cacheName('v1')], 'v2')).toEqual([]);
  });
});
