// The account the signed-in user acts on, with their role (issue #27); other features import
// from here only. Its data is in src/data/account, the role rules in src/domain/roles.ts.
export { AccountProvider } from './account-provider';
export {
  useCurrentAccount,
  useAccountId,
  useAccountPlanId,
  useCan,
  type CurrentAccount,
} from './account-context';
export { AccountHeader } from './account-switcher';
export { RoleGate } from './role-gate';
export { can, roleLabel, type Role, type RoleAction } from '../../domain/roles';
