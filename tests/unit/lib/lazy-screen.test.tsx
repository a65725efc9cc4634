import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { lazyScreen } from '../../../src/lib/lazy-screen';

function Shelf({ label = 'Shelf screen' }: { label?: string }) {
  return <p>{label}</p>;
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}

describe('lazyScreen', () => {
  it('renders a preloaded screen at once, without showing the fallback', async () => {
    const Screen = lazyScreen(() => Promise.resolve({ Shelf }), (module) => module.Shelf);
    await Screen.preload();
    render(
      <Suspense fallback={<p>Loading…</p>}>
        <Screen />
      </Suspense>,
    );
    // Synchronously after render: no fallback frame, the screen itself.
    expect(screen.getByText('Shelf screen')).toBeTruthy();
    expect(screen.queryByText('Loading…')).toBeNull();
  });

  it('suspends until the code arrives when it was not preloaded, and loads it once', async () => {
    const code = deferred<{ Shelf: typeof Shelf }>();
    let loads = 0;
    const Screen = lazyScreen(
      () => {
        loads += 1;
        return code.promise;
      },
      (module) => module.Shelf,
    );
    render(
      <Suspense fallback={<p>Loading…</p>}>
        <Screen label="Arrived" />
      </Suspense>,
    );
    expect(screen.getByText('Loading…')).toBeTruthy();
    void Screen.preload(); // a preload while the route is already loading shares the download
    await act(async () => code.resolve({ Shelf }));
    expect(await screen.findByText('Arrived')).toBeTruthy();
    expect(loads).toBe(1);
  });

  it('tries the download again after a failure', async () => {
    let attempts = 0;
    const Screen = lazyScreen(
      () => {
        attempts += 1;
        return attempts === 1 ? Promise.reject(new Error('offline')) : Promise.resolve({ Shelf });
      },
      (module) => module.Shelf,
    );
    await expect(Screen.preload()).rejects.toThrow('offline');
    await Screen.preload();
    expect(attempts).toBe(2);
  });
});
