import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OfflineNotice } from '../../../src/components/offline-notice';

afterEach(() => {
  vi.restoreAllMocks();
});

function goOffline(offline: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(!offline);
  act(() => {
    window.dispatchEvent(new Event(offline ? 'offline' : 'online'));
  });
}

describe('OfflineNotice', () => {
  it('says what being offline means for changes, and goes when the connection is back', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    render(<OfflineNotice />);
    const notice = screen.getByTestId('offline-notice');
    expect(notice).not.toBeVisible();
    expect(notice).toHaveAttribute('role', 'status');

    goOffline(true);
    expect(notice).toBeVisible();
    expect(notice).toHaveTextContent(
      "You're offline. Changes you make are kept on this device and sent when the connection is back.",
    );

    goOffline(false);
    expect(notice).not.toBeVisible();
    expect(notice).toHaveTextContent('');
  });
});
