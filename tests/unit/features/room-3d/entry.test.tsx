import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { Room3DUpgradePrompt, Room3DView, room3dPath } from '../../../../src/features/room-3d';

describe('the 3D view entry', () => {
  it('is a lazy component, so three.js is only fetched when it renders', () => {
    expect((Room3DView as unknown as { $$typeof: symbol }).$$typeof).toBe(Symbol.for('react.lazy'));
  });

  it('builds the page address for a room and a unit', () => {
    expect(room3dPath()).toBe('/dashboard/inventory/3d');
    expect(room3dPath('r1')).toBe('/dashboard/inventory/3d?room=r1');
    expect(room3dPath(null, 'u 1')).toBe('/dashboard/inventory/3d?unit=u+1');
    expect(room3dPath('r1', 'u1')).toBe('/dashboard/inventory/3d?room=r1&unit=u1');
  });

  it('offers an upgrade on plans without the 3D view', () => {
    render(
      <MemoryRouter>
        <Room3DUpgradePrompt />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: 'See your stockroom in 3D' })).toBeVisible();
    expect(screen.getByTestId('room-3d-upgrade')).toHaveTextContent(
      'Growing Seller plan and above',
    );
    expect(screen.getByRole('link', { name: 'Upgrade your plan' })).toHaveAttribute(
      'href',
      '/dashboard/settings?tab=subscription',
    );
    expect(screen.getByRole('link', { name: 'Compare plans' })).toHaveAttribute('href', '/pricing');
  });
});
