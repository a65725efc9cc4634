import { useAuth } from '../auth';
import { usePreferences } from '../settings';
import { currentPlanId, useSubscription } from '../subscription';
import { minimumPlanFor, planAllows } from '../../domain/plans';
import { scannerWaits } from '../../domain/scan-readiness';

/**
 * Whether the seller's plan includes barcode scanning (Power Seller and up). Read from the
 * subscription the dashboard already loaded; the database refuses scans below Power anyway
 * (add_scanned_items), this only decides whether to show the scanner or the upgrade notice.
 */
export function useScanAccess() {
  const { user } = useAuth();
  const subscription = useSubscription(user?.id);
  const preferences = usePreferences();
  const planId = currentPlanId(subscription.data);
  return {
    isPending: scannerWaits(subscription, preferences),
    allowed: planAllows(planId, 'barcode_scanning'),
    planId,
    requiredPlan: minimumPlanFor('barcode_scanning').name,
  };
}
