import { Navigate } from 'react-router-dom';
import { RoleGate } from '../../features/account';
import { texts } from '../../lib/messages';

/**
 * /dashboard/billing: the owner's billing is the Settings' subscription tab; a member whose role
 * does not see billing reads why instead.
 */
export default function BillingPage() {
  return (
    <RoleGate action="billing" sentence={texts.ownerOnlyBilling}>
      <Navigate to="/dashboard/settings?tab=subscription" replace />
    </RoleGate>
  );
}
