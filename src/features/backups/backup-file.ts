/** Pure helpers for backups: file names and the restore error shown to the seller. */

const pad = (n: number) => String(n).padStart(2, '0');

/** 'stockroom-backup-2026-11-22-0930.json' in the seller's local time. */
export function backupFileName(createdAt: string): string {
  const date = new Date(createdAt);
  if (Number.isNaN(date.getTime())) return 'stockroom-backup.json';
  return `stockroom-backup-${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}-${pad(date.getHours())}${pad(date.getMinutes())}.json`;
}

/**
 * What the Restore Failed toast says: the server's words without its machine prefix
 * ('PLAN_FEATURE_UNAVAILABLE: ...', 'PLAN_LIMIT_REACHED: ...'), else SPEC 8's default.
 */
export function restoreErrorText(message: string | undefined): string | undefined {
  if (!message) return undefined;
  return message.replace(/^[A-Z_]+:\s*/, '');
}
