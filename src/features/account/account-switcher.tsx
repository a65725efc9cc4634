import { useId } from 'react';
import { useSwitchAccountMutation } from '../../data/account/my-accounts';
import { notify } from '../../components/toasts';
import { errorText } from '../../data/errors';
import { accountIdOf, type AccountId } from '../../domain/ids';
import { accountChoiceLabels, roleLabel } from '../../domain/roles';
import { messages } from '../../lib/messages';
import { useAuth } from '../auth';
import { useUnsentChanges } from '../../data/offline/outbox';
import { useCurrentAccount } from './account-context';
import { rememberAccount } from '../../data/account/remembered-account';

/**
 * The header's account: a switcher when the user belongs to more than one account, and the
 * account's name with the user's role when it is not their own (issue #27).
 */
export function AccountHeader() {
  const { user } = useAuth();
  const { accountId, name, role, accounts } = useCurrentAccount();
  const selectId = useId();
  const unsent = useUnsentChanges(accountId || undefined);
  const switchAccount = useSwitchAccountMutation({
    onSuccess: (_, id) => {
      if (!user) return;
      const switched = accounts.map((account) => ({
        ...account,
        isCurrent: account.accountId === id,
      }));
      const next = switched.find((account) => account.isCurrent);
      if (next) rememberAccount(user.id, next);
      // Everything cached (and every screen's state) is the old account's: start the app
      // again on the new account's inventory; the page's start opens the account remembered.
      window.location.assign('/dashboard/inventory');
    },
    onError: (error) => notify(messages.accountSwitchFailed(errorText(error))),
  });

  if (!accountId) return null;
  const labels = accountChoiceLabels(accounts);
  const onChange = (id: AccountId) => {
    if (id === accountId) return;
    if (unsent > 0) {
      notify(messages.switchWithWaitingChanges());
      return;
    }
    switchAccount.mutate(id);
  };

  return (
    <div className="account-switch">
      {accounts.length > 1 && (
        <div className="account-switch__field">
          <label className="account-switch__label" htmlFor={selectId}>
            Account
          </label>
          <select
            id={selectId}
            className="account-switch__select"
            data-testid="account-switcher"
            value={accountId}
            disabled={switchAccount.isPending}
            onChange={(event) => onChange(accountIdOf(event.target.value))}
          >
            {accounts.map((account, index) => (
              <option key={account.accountId} value={account.accountId}>
                {labels[index]}
              </option>
            ))}
          </select>
        </div>
      )}
      {role !== 'owner' && (
        <span className="account-switch__acting">
          <span data-testid="account-name">{name}</span>{' '}
          <span className="account-switch__role" data-testid="account-role">
            {roleLabel(role)}
          </span>
        </span>
      )}
    </div>
  );
}
