import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ErrorBoundary } from '../../../src/components/error-boundary';

let shouldThrow = true;
function Flaky() {
  if (shouldThrow) throw new Error('Room not found');
  return <p>Room loaded</p>;
}

beforeEach(() => {
  shouldThrow = true;
  // React reports caught render errors on the console; keep the test output readable.
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('ErrorBoundary', () => {
  it('contains the failure to its section and retries on request', async () => {
    render(
      <>
        <nav>Navigation still here</nav>
        <ErrorBoundary section="This screen">
          <Flaky />
        </ErrorBoundary>
      </>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent(
      'This screen could not be shown. Room not found',
    );
    expect(screen.getByText('Navigation still here')).toBeInTheDocument();

    shouldThrow = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.getByText('Room loaded')).toBeInTheDocument();
  });

  it('resets when its reset keys change, e.g. on navigation', () => {
    const { rerender } = render(
      <ErrorBoundary resetKeys={['/dashboard/logs']}>
        <Flaky />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('alert')).toBeInTheDocument();
    shouldThrow = false;
    rerender(
      <ErrorBoundary resetKeys={['/dashboard/inventory']}>
        <Flaky />
      </ErrorBoundary>,
    );
    expect(screen.getByText('Room loaded')).toBeInTheDocument();
  });
});
