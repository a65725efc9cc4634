import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { AuthContext, type AuthContextValue } from '../../../../src/features/auth/auth-context';
import { PasswordRecoveryDialog } from '../../../../src/features/auth/password-recovery-dialog';
import { userIdOf } from '../../../../src/domain/ids';

function renderWith(recovering: boolean, endRecovery = vi.fn()) {
  const value: AuthContextValue = {
    status: 'authenticated',
    session: null,
    user: { id: userIdOf('u1'), email: 'sam@example.com', name: 'sam' },
    recovering,
    signingOut: false,
    signedOutByUser: false,
    sessionEnded: false,
    endedToken: null,
    endRecovery,
    signOutStarted: () => undefined,
    signOutFailed: () => undefined,
  };
  render(
    <QueryClientProvider client={new QueryClient()}>
      <AuthContext.Provider value={value}>
        <PasswordRecoveryDialog />
      </AuthContext.Provider>
    </QueryClientProvider>,
  );
  return endRecovery;
}

describe('PasswordRecoveryDialog', () => {
  it('stays closed outside the recovery flow', () => {
    renderWith(false);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('asks for a new password after a recovery link, and can be put off', async () => {
    const endRecovery = renderWith(true);
    expect(screen.getByRole('dialog', { name: 'Choose a new password' })).toBeInTheDocument();
    expect(screen.getByLabelText('New password')).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Not now' }));
    expect(endRecovery).toHaveBeenCalledTimes(1);
  });
});
