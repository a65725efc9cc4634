// When Bulk Scan may take scans; pure, unit-tested (tests/unit/domain/scan-readiness.test.ts).

/** What a query tells about its answer, as far as the scanner cares. */
export interface QueryStatus {
  isPending: boolean;
  fetchStatus: 'fetching' | 'paused' | 'idle';
}

/**
 * Whether the scanner must still wait before it takes scans. It needs the plan (may this seller
 * scan?) and the preferences: batch mode decides what a scan does, and a scan taken while they
 * load would be handled as "add at once" ("Choose a shelf first") and lost. The plan can be on
 * the device already while the preferences are still on their way (the device copy holds what
 * the last visit stored). Offline, with nothing stored, preferences cannot come: the defaults
 * serve rather than a scanner that never opens.
 */
export function scannerWaits(subscription: QueryStatus, preferences: QueryStatus): boolean {
  if (subscription.isPending) return true;
  return preferences.isPending && preferences.fetchStatus !== 'paused';
}
