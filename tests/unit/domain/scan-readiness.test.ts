// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { scannerWaits } from '../../../src/domain/scan-readiness';

const known = { isPending: false, fetchStatus: 'idle' } as const;
const loading = { isPending: true, fetchStatus: 'fetching' } as const;
const offline = { isPending: true, fetchStatus: 'paused' } as const;

describe('scannerWaits', () => {
  it('waits for the preferences even when the plan is already known (from the device copy)', () => {
    // The flaky Bulk Scan test: the plan came from the device, batch mode had not arrived, and
    // three scans were refused with "Choose a shelf first".
    expect(scannerWaits(known, loading)).toBe(true);
  });

  it('waits for the plan', () => {
    expect(scannerWaits(loading, known)).toBe(true);
    expect(scannerWaits(loading, loading)).toBe(true);
  });

  it('opens once both are known, and offline with the defaults when preferences cannot come', () => {
    expect(scannerWaits(known, known)).toBe(false);
    expect(scannerWaits(known, offline)).toBe(false);
  });
});
