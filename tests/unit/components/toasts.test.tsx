import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import toast from 'react-hot-toast';
import {
  AppToaster,
  EXPIRY_TOAST_DURATION_MS,
  TOAST_DURATION_MS,
  notify,
  notifyExpiry,
} from '../../../src/components/toasts';
import { messages } from '../../../src/lib/messages';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  act(() => toast.remove());
  vi.useRealTimers();
});

function visibility() {
  return screen.getByTestId('toast').getAttribute('data-visible');
}

describe('toasts', () => {
  it('stays 3.5 s, expiry toasts 5 s', () => {
    expect(TOAST_DURATION_MS).toBe(3500);
    expect(EXPIRY_TOAST_DURATION_MS).toBe(5000);
  });

  it('sits bottom-right', () => {
    render(<AppToaster />);
    act(() => {
      notify(messages.roomAdded('Garage'));
    });
    // react-hot-toast positions each toast with inline styles on a wrapper around our card.
    let wrapper = screen.getByTestId('toast').parentElement;
    while (wrapper && wrapper.style.justifyContent === '') wrapper = wrapper.parentElement;
    expect(wrapper?.style.justifyContent).toBe('flex-end');
    expect(wrapper?.style.bottom).toBe('0px');
  });

  it('shows a success with its title, message and icon, and hides it after 3.5 s', () => {
    render(<AppToaster />);
    act(() => {
      notify(messages.itemAdded('Blue vase'));
    });
    const card = screen.getByTestId('toast');
    expect(card).toHaveAttribute('data-kind', 'success');
    expect(card).toHaveAttribute('role', 'status');
    expect(screen.getByTestId('toast-title')).toHaveTextContent('Item Added');
    expect(screen.getByTestId('toast-message')).toHaveTextContent(
      'Blue vase was added to your inventory',
    );
    expect(card.querySelector('svg')).not.toBeNull();

    act(() => vi.advanceTimersByTime(TOAST_DURATION_MS - 100));
    expect(visibility()).toBe('true');
    act(() => vi.advanceTimersByTime(200));
    expect(visibility()).toBe('false');
  });

  it('shows an error as an alert', () => {
    render(<AppToaster />);
    act(() => {
      notify(messages.logoutFailed());
    });
    expect(screen.getByRole('alert')).toHaveTextContent('Logout Failed');
  });

  it('keeps expiry toasts for 5 s', () => {
    render(<AppToaster />);
    act(() => {
      notifyExpiry(messages.expiryMany(3));
    });
    act(() => vi.advanceTimersByTime(TOAST_DURATION_MS + 500));
    expect(visibility()).toBe('true');
    act(() => vi.advanceTimersByTime(EXPIRY_TOAST_DURATION_MS - TOAST_DURATION_MS));
    expect(visibility()).toBe('false');
  });

  it('can be dismissed by its close button', () => {
    render(<AppToaster />);
    act(() => {
      notify(messages.roomAdded());
    });
    act(() => screen.getByRole('button', { name: 'Dismiss notification' }).click());
    expect(visibility()).toBe('false');
  });
});

describe('a toast with an action', () => {
  it('shows the button for its time, and pressing it closes the toast and runs the action', () => {
    const onClick = vi.fn();
    render(<AppToaster />);
    act(() => {
      notify(messages.itemMoved('Blue mug'), { action: { label: 'Undo', onClick } });
    });
    const button = screen.getByRole('button', { name: 'Undo' });
    act(() => button.click());
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(visibility()).toBe('false');
  });

  it('offers a next step under its message beside its action; either closes it', () => {
    const undo = vi.fn();
    const reprint = vi.fn();
    render(<AppToaster />);
    act(() => {
      notify(messages.shelfRemoved(1), {
        action: { label: 'Undo', onClick: undo },
        offer: { label: 'Reprint labels for 2 renumbered shelves', onClick: reprint },
      });
    });
    const offer = screen.getByTestId('toast-offer');
    expect(offer.closest('.toast__body')).not.toBeNull();
    act(() => offer.click());
    expect(reprint).toHaveBeenCalledTimes(1);
    expect(undo).not.toHaveBeenCalled();
    expect(visibility()).toBe('false');
  });

  it('has no action button unless asked', () => {
    render(<AppToaster />);
    act(() => {
      notify(messages.itemMoved('Blue mug'));
    });
    expect(screen.queryByTestId('toast-action')).toBeNull();
  });
});
