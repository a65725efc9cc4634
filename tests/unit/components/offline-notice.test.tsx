import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  NeedsConnection,
  OfflineNotice,
  type ConnectionNeed,
} from '../../../src/components/offline-notice';
import { texts } from '../../../src/lib/messages';

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

describe('NeedsConnection', () => {
  const needs: ConnectionNeed[] = ['billing', 'ebay', 'import', 'backups', 'account'];

  it.each(needs)('says plainly that %s needs the connection while offline, then goes', (need) => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    render(<NeedsConnection need={need} />);
    const notice = screen.getByTestId('needs-connection');
    expect(notice).toHaveAttribute('role', 'status');
    expect(notice).toHaveAttribute('data-need', need);
    expect(notice).not.toBeVisible();

    goOffline(true);
    expect(notice).toBeVisible();
    expect(notice).toHaveTextContent(texts.needsConnection[need]);
    expect(notice).toHaveTextContent("You're offline");
    expect(notice).toHaveTextContent("when you're back online");

    goOffline(false);
    expect(notice).not.toBeVisible();
    expect(notice).toHaveTextContent('');
  });

  it('as a short reason beside a button: there only while offline, not announced again', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    render(<NeedsConnection need="account" compact />);
    expect(screen.queryByTestId('needs-connection-short')).toBeNull();

    goOffline(true);
    const reason = screen.getByTestId('needs-connection-short');
    expect(reason).toHaveTextContent('Needs a connection');
    expect(reason).not.toHaveAttribute('role');

    goOffline(false);
    expect(screen.queryByTestId('needs-connection-short')).toBeNull();
  });
});
