import { afterEach, describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import toast from 'react-hot-toast';
import { AppToaster } from '../../../src/components/toasts';
import { AppError, errorMessage, errorToToast } from '../../../src/lib/errors';
import { showError } from '../../../src/components/show-error';
import { messages } from '../../../src/lib/messages';

afterEach(() => {
  act(() => toast.remove());
});

describe('errorMessage', () => {
  it('reads Error instances, supabase-style objects and strings', () => {
    expect(errorMessage(new Error('Network down'))).toBe('Network down');
    expect(errorMessage({ message: 'duplicate key value', code: '23505' })).toBe(
      'duplicate key value',
    );
    expect(errorMessage('plain text')).toBe('plain text');
  });

  it('has nothing to say for empty or shapeless errors', () => {
    for (const value of [
      undefined,
      null,
      42,
      {},
      { message: '' },
      { message: '{}' },
      new Error(''),
    ]) {
      expect(errorMessage(value)).toBeUndefined();
    }
  });
});

describe('errorToToast', () => {
  it("is 'Error' with the message when there is one", () => {
    expect(errorToToast(new Error('Room not found'))).toEqual({
      kind: 'error',
      title: 'Error',
      message: 'Room not found',
    });
  });

  it("is 'An unexpected error occurred' when there is not", () => {
    expect(errorToToast(undefined)).toEqual({
      kind: 'error',
      title: 'Error',
      message: 'An unexpected error occurred',
    });
    expect(errorToToast({ status: 500 }).message).toBe('An unexpected error occurred');
  });

  it("uses an AppError's own toast", () => {
    const error = new AppError('limit', { toast: messages.planLimitItems(100, 'Free') });
    expect(errorToToast(error)).toEqual(messages.planLimitItems(100, 'Free'));
  });
});

describe('showError', () => {
  it('puts the generic error toast on screen', async () => {
    render(<AppToaster />);
    act(() => {
      showError(new Error('Item not found'));
    });
    expect(await screen.findByText('Item not found')).toBeInTheDocument();
    expect(screen.getByTestId('toast-title')).toHaveTextContent('Error');
    expect(screen.getByTestId('toast')).toHaveAttribute('data-kind', 'error');
  });

  it("uses the fallback's title with the server's message", async () => {
    render(<AppToaster />);
    act(() => {
      showError({ message: 'permission denied' }, messages.roomAdd());
    });
    expect(await screen.findByText('permission denied')).toBeInTheDocument();
    expect(screen.getByTestId('toast-title')).toHaveTextContent('Failed to Add Room');
  });

  it("keeps the fallback's sentence when the error says nothing", async () => {
    render(<AppToaster />);
    act(() => {
      showError({}, messages.roomAdd());
    });
    expect(
      await screen.findByText('The room could not be added. Please try again'),
    ).toBeInTheDocument();
  });
});
