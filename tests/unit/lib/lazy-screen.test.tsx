import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ErrorBoundary } from '../../../src/components/error-boundary';
import { isCodeLoadFailure, lazyScreen } from '../../../src/lib/lazy-screen';

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
    const Screen = lazyScreen(
      () => Promise.resolve({ Shelf }),
      (module) => module.Shelf,
    );
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

  it('after its code failed to arrive, waits for a retry before downloading it again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let attempts = 0;
    let online = false;
    const Screen = lazyScreen(
      () => {
        attempts += 1;
        return online
          ? Promise.resolve({ Shelf })
          : Promise.reject(new TypeError('Failed to fetch dynamically imported module: /shelf.js'));
      },
      (module) => module.Shelf,
    );
    render(
      <ErrorBoundary>
        <Suspense fallback={<p>Loading…</p>}>
          <Screen label="Arrived" />
        </Suspense>
      </ErrorBoundary>,
    );
    expect(await screen.findByTestId('screen-load-error')).toBeTruthy();
    // React's own re-render of the failed screen does not try again (no loop while offline).
    await act(async () => new Promise((done) => setTimeout(done, 20)));
    expect(attempts).toBe(1);

    online = true;
    await act(async () => screen.getByRole('button', { name: 'Retry' }).click());
    expect(await screen.findByText('Arrived')).toBeTruthy();
    expect(attempts).toBe(2);
    vi.restoreAllMocks();
  });

  it('tells a download that failed from other errors', () => {
    expect(
      isCodeLoadFailure(new TypeError('Failed to fetch dynamically imported module: /a.js')),
    ).toBe(true);
    expect(isCodeLoadFailure(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isCodeLoadFailure(new Error('Room not found'))).toBe(false);
  });
});
