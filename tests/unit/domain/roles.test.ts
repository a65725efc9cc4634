// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  accountChoiceLabels,
  can,
  isRole,
  roleLabel,
  type RoleAction,
} from '../../../src/domain/roles';

const ALL: RoleAction[] = [
  'view-stockroom',
  'move-items',
  'scan-put-away',
  'adjust-quantities',
  'pick-orders',
  'undo',
  'add-items',
  'edit-items',
  'edit-storage',
  'delete-items',
  'import',
  'export',
  'backups',
  'change-preferences',
  'activity-log',
  'clear-logs',
  'assign-barcodes',
  'team',
  'integrations',
  'billing',
  'ebay-connection',
  'delete-account',
];

describe('can(role, action)', () => {
  it('lets the owner do everything', () => {
    for (const action of ALL) expect(can('owner', action)).toBe(true);
  });

  it('lets a manager do all but billing, the eBay connection and deleting the account', () => {
    const refused = ALL.filter((action) => !can('manager', action));
    expect(refused.sort()).toEqual(['billing', 'delete-account', 'ebay-connection']);
  });

  it('lets a picker see, move, scan, adjust, pick and undo only', () => {
    const allowed = ALL.filter((action) => can('picker', action));
    expect(allowed.sort()).toEqual(
      [
        'activity-log',
        'add-items',
        'adjust-quantities',
        'move-items',
        'pick-orders',
        'scan-put-away',
        'team',
        'undo',
        'view-stockroom',
      ].sort(),
    );
  });

  it('refuses a picker what the migration refuses', () => {
    for (const action of [
      'edit-storage',
      'delete-items',
      'import',
      'export',
      'backups',
      'change-preferences',
      'billing',
      'ebay-connection',
      'clear-logs',
      'assign-barcodes',
      'integrations',
    ] as const)
      expect(can('picker', action)).toBe(false);
  });
});

describe('isRole / roleLabel', () => {
  it('knows the three roles', () => {
    expect(isRole('picker')).toBe(true);
    expect(isRole('admin')).toBe(false);
    expect(isRole(null)).toBe(false);
  });
  it('labels a role for the header', () => {
    expect(roleLabel('picker')).toBe('Picker');
    expect(roleLabel('manager')).toBe('Manager');
  });
});

describe('accountChoiceLabels', () => {
  it('shows an account by its name while no other has it', () => {
    expect(
      accountChoiceLabels([
        { name: 'ann@example.com', role: 'owner' },
        { name: 'bob@example.com', role: 'picker' },
      ]),
    ).toEqual(['ann@example.com', 'bob@example.com']);
  });

  it('tells apart the account handed over and the new personal one by role', () => {
    expect(
      accountChoiceLabels([
        { name: 'ann@example.com', role: 'owner' },
        { name: 'ann@example.com', role: 'manager' },
        { name: 'bob@example.com', role: 'picker' },
      ]),
    ).toEqual(['ann@example.com (Owner)', 'ann@example.com (Manager)', 'bob@example.com']);
  });

  it('numbers a name and role that repeat', () => {
    expect(
      accountChoiceLabels([
        { name: 'Shop', role: 'picker' },
        { name: 'Shop', role: 'picker' },
      ]),
    ).toEqual(['Shop (Picker)', 'Shop (Picker) 2']);
  });
});
