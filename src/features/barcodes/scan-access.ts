import { useCurrentAccount } from '../account';
import { usePreferences } from '../../data/settings/get-preferences';
import { minimumPlanFor, planAllows } from '../../domain/plans';
import { scannerWaits } from '../../domain/scan-readiness';

/**
 * Whether the account's plan includes barcode scanning (Power Seller and up). Read from the
 * account the dashboard already loaded; the database refuses scans below Power anyway
 * (add_scanned_items), this only decides whether to show the scanner or the upgrade notice.
 */
export function useScanAccess() {
  const account = useCurrentAccount();
  const preferences = usePreferences(account.accountId);
  const planId = account.planId;
  return {
    // The plan is the account's, known once the account is: the dashboard waits for it.
    isPending: scannerWaits({ isPending: account.isLoading, fetchStatus: 'idle' }, preferences),
    allowed: planAllows(planId, 'barcode_scanning'),
    planId,
    requiredPlan: minimumPlanFor('barcode_scanning').name,
  };
}
