import { useAccountPlanId } from '../account';
import { minimumPlanFor, planAllows } from '../../domain/plans';

/**
 * Whether the account's plan includes barcode scanning (Power Seller and up). Read from the
 * account the dashboard already loaded; the database refuses scans below Power anyway
 * (add_scanned_items), this only decides whether to show the scanner or the upgrade notice.
 */
export function useScanAccess() {
  const planId = useAccountPlanId();
  return {
    isPending: false,
    allowed: planAllows(planId, 'barcode_scanning'),
    planId,
    requiredPlan: minimumPlanFor('barcode_scanning').name,
  };
}
