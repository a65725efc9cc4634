// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { backupFileName } from '../../../../src/features/backups/backup-file';

describe('backup downloads', () => {
  it('names the file after the local time the backup was taken', () => {
    const taken = new Date(2026, 10, 22, 9, 5).toISOString();
    expect(backupFileName(taken)).toBe('stockroom-backup-2026-11-22-0905.json');
    expect(backupFileName('not a time')).toBe('stockroom-backup.json');
  });
});
