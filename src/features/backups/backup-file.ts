/** Pure helpers for backups: the name of a downloaded backup file. */

const pad = (n: number) => String(n).padStart(2, '0');

/** 'stockroom-backup-2026-11-22-0930.json' in the seller's local time. */
export function backupFileName(createdAt: string): string {
  const date = new Date(createdAt);
  if (Number.isNaN(date.getTime())) return 'stockroom-backup.json';
  return `stockroom-backup-${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}-${pad(date.getHours())}${pad(date.getMinutes())}.json`;
}
