import { describe, expect, it } from 'vitest';
import { backupFileName, restoreErrorText } from '../../../../src/features/backups/backup-file';

describe('backup downloads', () => {
  it('names the file after the local time the backup was taken', () => {
    const taken = new Date(2026, 10, 22, 9, 5).toISOString();
    expect(backupFileName(taken)).toBe('stockroom-backup-2026-11-22-0905.json');
    expect(backupFileName('not a time')).toBe('stockroom-backup.json');
  });
});

describe('Restore Failed message', () => {
  it('drops the machine prefix of the server message', () => {
    expect(
      restoreErrorText(
        'PLAN_FEATURE_UNAVAILABLE: Restoring a backup requires the Power Seller plan or higher',
      ),
    ).toBe('Restoring a backup requires the Power Seller plan or higher');
    expect(
      restoreErrorText(
        'PLAN_LIMIT_REACHED: Your power plan is limited to 5 rooms. Please upgrade to add more',
      ),
    ).toBe('Your power plan is limited to 5 rooms. Please upgrade to add more');
    expect(restoreErrorText('Backup not found')).toBe('Backup not found');
  });
  it("leaves the spec's default to the catalogue when there is no message", () => {
    expect(restoreErrorText(undefined)).toBeUndefined();
  });
});
