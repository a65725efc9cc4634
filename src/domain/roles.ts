/**
 * What each role of an account may do, as the database's role checks say
 * (`private.require_role` in supabase/schemas/10_accounts.sql). The database refuses anyway; the screens use
 * this to hide what a role cannot do. Pure, unit-tested (tests/unit/domain/roles.test.ts).
 */
export type Role = 'owner' | 'manager' | 'picker';

export const ROLES: readonly Role[] = ['owner', 'manager', 'picker'];

/**
 * The actions the screens show or hide by role. 'integrations' is seeing the Integrations screen
 * (a manager sees it without connect / disconnect, which are 'ebay-connection'). 'edit-items' is
 * changing an existing item's details (name, barcode, SKU, price paid, expiry date, reorder
 * level): a picker changes only its quantity and shelf, which the database holds on every path
 * (supabase/schemas/40_items.sql, docs/product.md#team).
 */
export type RoleAction =
  | 'view-stockroom'
  | 'move-items'
  | 'scan-put-away'
  | 'adjust-quantities'
  | 'pick-orders'
  | 'undo'
  | 'add-items'
  | 'edit-items'
  | 'edit-storage'
  | 'delete-items'
  | 'add-photos'
  | 'remove-photos'
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
  'add-photos',
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

/**
 * The names an account switcher shows. An account is named after its first owner's e-mail, so
 * after a transfer the former owner can belong to two accounts of the same name (the one they
 * handed over, and their new personal account): names that repeat carry the user's role there.
 */
export function accountChoiceLabels(accounts: readonly { name: string; role: Role }[]): string[] {
  const seen = new Map<string, number>();
  for (const { name } of accounts) seen.set(name, (seen.get(name) ?? 0) + 1);
  const labels = accounts.map(({ name, role }) =>
    (seen.get(name) ?? 0) > 1 ? `${name} (${roleLabel(role)})` : name,
  );
  // Same name and same role twice: number the later ones so every choice reads differently.
  const used = new Map<string, number>();
  return labels.map((label) => {
    const count = (used.get(label) ?? 0) + 1;
    used.set(label, count);
    return count > 1 ? `${label} ${count}` : label;
  });
}
