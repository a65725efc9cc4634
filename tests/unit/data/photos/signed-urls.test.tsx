import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { accountIdOf } from '../../../../src/domain/ids';

type Answer = { path: string; signedUrl: string | null; error: string | null }[];
const asked: { names: string[]; answer: (data: Answer) => void }[] = [];
const createSignedUrls = vi.fn(
  (names: string[]) =>
    new Promise<{ data: Answer; error: null }>((resolve) =>
      asked.push({ names, answer: (data) => resolve({ data, error: null }) }),
    ),
);
let authListener: ((event: string) => void) | null = null;
// The photo list never answers here: the thumbnails are what the tab kept, or nothing.
const pending = new Proxy(
  {},
  { get: (_, key) => (key === 'then' ? () => undefined : () => pending) },
);
vi.mock('../../../../src/lib/supabase', () => ({
  supabase: {
    storage: { from: () => ({ createSignedUrls }) },
    from: () => pending,
    auth: {
      onAuthStateChange: (listener: (event: string) => void) => {
        authListener = listener;
        return { data: { subscription: { unsubscribe: () => undefined } } };
      },
    },
  },
}));

type SignedUrls = typeof import('../../../../src/data/photos/signed-urls');
const load = () => import('../../../../src/data/photos/signed-urls') as Promise<SignedUrls>;
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));
const signed = (names: string[], missing: string[] = []): Answer =>
  names.map((path) =>
    missing.includes(path)
      ? {
          path,
          signedUrl: null,
          error: 'Either the object does not exist or you do not have access to it',
        }
      : { path, signedUrl: `https://storage.test/sign/${path}?token=t`, error: null },
  );

const account = accountIdOf('11111111-1111-4111-8111-111111111111');

beforeEach(() => {
  vi.resetModules();
  asked.length = 0;
  createSignedUrls.mockClear();
  sessionStorage.clear();
});
afterEach(() => vi.useRealTimers());

describe('signing photo addresses (docs/product.md#photos)', () => {
  it('asks for the names on screen first, alone; the rows out of sight follow once they are answered', async () => {
    const { signedPhotoUrl, hurrySignedPhotoUrl } = await load();
    const below = signedPhotoUrl('a/below.webp', { later: true });
    const shown = signedPhotoUrl('a/shown.webp');
    const scrolledTo = signedPhotoUrl('a/scrolled-to.webp', { later: true });
    const gone = signedPhotoUrl('a/gone.webp', { later: true });
    await tick();
    expect(asked.map((a) => a.names)).toEqual([['a/shown.webp']]);

    // A row comes into the window while the first answer is on its way: it goes at once.
    hurrySignedPhotoUrl('a/scrolled-to.webp');
    await tick();
    expect(asked.map((a) => a.names)).toEqual([['a/shown.webp'], ['a/scrolled-to.webp']]);

    asked[0]!.answer(signed(['a/shown.webp']));
    await expect(shown).resolves.toBe('https://storage.test/sign/a/shown.webp?token=t');
    for (let i = 0; i < 5; i++) await tick();
    expect(asked).toHaveLength(2); // the rest still waits for the row scrolled to

    asked[1]!.answer(signed(['a/scrolled-to.webp']));
    await scrolledTo;
    await vi.waitFor(() => expect(asked).toHaveLength(3));
    expect(asked[2]!.names).toEqual(['a/below.webp', 'a/gone.webp']);
    // Storage answers each name on its own: one missing file fails only its own thumbnail.
    asked[2]!.answer(signed(['a/below.webp', 'a/gone.webp'], ['a/gone.webp']));
    await expect(below).resolves.toContain('a/below.webp');
    await expect(gone).rejects.toThrow();
  });

  it('shows a thumbnail this tab signed again after a reload, without asking Storage, while its address is fresh', async () => {
    const first = await load();
    const now = Date.now();
    first.keepThumb(account, 'item-1', { name: 'n1', url: 'https://s/1', signedAt: now });
    first.keepThumb(account, 'item-2', {
      name: 'n2',
      url: 'https://s/2',
      signedAt: now - 46 * 60_000,
    });
    await vi.waitFor(() => expect(sessionStorage.getItem('stockroom.thumbUrls')).not.toBeNull());

    vi.resetModules(); // a reload: nothing in memory, only what the tab kept
    const { useItemThumbUrl, keptThumb } = await load();
    expect(keptThumb(account, 'item-2')).toBeNull(); // signed 46 minutes ago: asked again
    expect(keptThumb(accountIdOf('22222222-2222-4222-8222-222222222222'), 'item-1')).toBeNull();
    const client = new QueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => useItemThumbUrl(account, 'item-1', null), { wrapper });
    expect(result.current).toEqual(['https://s/1', true]);
    const none = renderHook(() => useItemThumbUrl(account, 'item-3', null), { wrapper });
    expect(none.result.current).toEqual([null, false]); // nothing kept, list not read: no watching
    await tick();
    expect(createSignedUrls).not.toHaveBeenCalled();
    client.clear();
  });

  it('forgets the kept addresses when the seller signs out', async () => {
    const { keepThumb, keptThumb } = await load();
    keepThumb(account, 'item-1', { name: 'n1', url: 'https://s/1', signedAt: Date.now() });
    await vi.waitFor(() => expect(sessionStorage.getItem('stockroom.thumbUrls')).not.toBeNull());
    authListener!('SIGNED_OUT');
    expect(sessionStorage.getItem('stockroom.thumbUrls')).toBeNull();
    expect(keptThumb(account, 'item-1')).toBeNull();
  });
});
