/**
 * What each role of an account may do, as the database's role checks say
 * (`private.require_role` in supabase/schemas/10_accounts.sql). The database refuses anyway; the screens use
 * this to hide what a role cannot do. Pure, unit-tested (tests/unit/domain/roles.test.ts).
 */
export type Role = 'owner' | 'manager' | 'picker';

export const ROLES: readonly Role[] = ['owner', 'manager', 'picker'];

/**
 * The actions the screens show or hide by role. 'integrations' is seeing the Integrations screen
 * (a manager sees it without connect / disconnect, which are 'ebay-connection').
 */
export type RoleAction =
  | 'view-stockroom'
  | 'move-items'
  | 'scan-put-away'
  | 'adjust-quantities'
  | 'pick-orders'
  | 'undo'
  | 'add-items'
  | 'edit-storage'
  | 'delete-items'
  | 'import'
  | 'export'
  | 'backups'
  | 'change-preferences'
  | 'activity-log'
  | 'clear-logs'
  | 'assign-barcodes'
  | 'team'
  | 'integrations'
  | 'billing'
  | 'ebay-connection'
  | 'delete-account';

const PICKER: ReadonlySet<RoleAction> = new Set<RoleAction>([
  'view-stockroom',
  'move-items',
  'scan-put-away',
  'adjust-quantities',
  'pick-orders',
  'undo',
  'add-items',
  'activity-log',
  'team',
]);

const OWNER_ONLY: ReadonlySet<RoleAction> = new Set<RoleAction>([
  'billing',
  'ebay-connection',
  'delete-account',
]);

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** Whether a member with this role may do the action in the account they act on. */
export function can(role: Role, action: RoleAction): boolean {
  if (role === 'owner') return true;
  if (role === 'manager') return !OWNER_ONLY.has(action);
  return PICKER.has(action);
}

/** The role as the header shows it ("Picker"). */
export function roleLabel(role: Role): string {
  return role.charAt(0).toUpperCase() + role.slice(1);
}
