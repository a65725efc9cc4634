import { afterEach, describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import toast from 'react-hot-toast';
import {
  ProcessingOverlayProvider,
  useProcessingOverlay,
  type ProcessingOverlayApi,
} from '../../../src/components/processing-overlay';
import { AppToaster, notify } from '../../../src/components/toasts';
import { messages } from '../../../src/lib/messages';

afterEach(() => {
  act(() => toast.remove());
});

function setup() {
  const api: { current?: ProcessingOverlayApi } = {};
  function Capture() {
    api.current = useProcessingOverlay();
    return null;
  }
  render(
    <ProcessingOverlayProvider>
      <Capture />
      <AppToaster />
    </ProcessingOverlayProvider>,
  );
  if (!api.current) throw new Error('overlay api not captured');
  return api as { current: ProcessingOverlayApi };
}

describe('processing overlay', () => {
  it("is hidden until shown, then reads 'Processing...' by default", () => {
    const api = setup();
    expect(screen.queryByTestId('processing-overlay')).toBeNull();
    act(() => api.current.show());
    expect(screen.getByTestId('processing-message')).toHaveTextContent('Processing...');
    expect(screen.queryByTestId('processing-sub-message')).toBeNull();
    expect(api.current.visible).toBe(true);
  });

  it('shows a given message and sub-message, and hides again', () => {
    const api = setup();
    act(() => api.current.show('Importing items', 'Row 50 of 120'));
    expect(screen.getByTestId('processing-message')).toHaveTextContent('Importing items');
    expect(screen.getByTestId('processing-sub-message')).toHaveTextContent('Row 50 of 120');
    act(() => api.current.hide());
    expect(screen.queryByTestId('processing-overlay')).toBeNull();
  });

  it('dismisses open toasts when it appears', () => {
    const api = setup();
    act(() => {
      notify(messages.roomAdded());
      notify(messages.itemAdd());
    });
    const before = screen.getAllByTestId('toast');
    expect(before.map((t) => t.getAttribute('data-visible'))).toEqual(['true', 'true']);
    act(() => api.current.show());
    expect(screen.getAllByTestId('toast').map((t) => t.getAttribute('data-visible'))).toEqual([
      'false',
      'false',
    ]);
  });

  it('runs work under the overlay and hides it even when the work fails', async () => {
    const api = setup();
    let release: () => void = () => undefined;
    let pending!: Promise<void>;
    act(() => {
      pending = api.current.run(
        () => new Promise<void>((resolve) => (release = resolve)),
        'Saving layout',
      );
    });
    expect(screen.getByTestId('processing-message')).toHaveTextContent('Saving layout');
    await act(async () => {
      release();
      await pending;
    });
    expect(screen.queryByTestId('processing-overlay')).toBeNull();

    await act(async () => {
      await expect(api.current.run(() => Promise.reject(new Error('nope')))).rejects.toThrow(
        'nope',
      );
    });
    expect(screen.queryByTestId('processing-overlay')).toBeNull();
  });
});
