import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { OverdueBanner } from '../../../src/components/overdue-banner';

describe('OverdueBanner', () => {
  it('says the payment is overdue, where to fix it, the deadline and the consequence', () => {
    render(
      <MemoryRouter>
        <OverdueBanner deadlineDate="2026-12-24T00:00:00" />
      </MemoryRouter>,
    );
    const banner = screen.getByTestId('overdue-banner');
    expect(banner).toHaveTextContent('Your payment is overdue.');
    expect(screen.getByRole('link', { name: 'Manage Billing' })).toHaveAttribute(
      'href',
      '/dashboard/settings?tab=subscription',
    );
    expect(screen.getByTestId('overdue-deadline')).toHaveTextContent('December 24, 2026');
    expect(banner).toHaveTextContent('downgraded to the Free plan');
    expect(banner).toHaveTextContent('permanently deleted');
  });

  it('does not invent a deadline it was not given', () => {
    render(
      <MemoryRouter>
        <OverdueBanner deadlineDate={null} />
      </MemoryRouter>,
    );
    expect(screen.queryByTestId('overdue-deadline')).toBeNull();
    expect(screen.getByTestId('overdue-banner')).toHaveTextContent('by the deadline');
  });
});
