import { Suspense, useState } from 'react';
import { useAccountId, useAccountPlanId } from '../../features/account';
import { useSearchParams } from 'react-router-dom';
import { useDocumentTitle } from '../../components/document-title';
import { LoadingScreen } from '../../components/loading-screen';
import { planAllows } from '../../domain/plans';
import { useAuth } from '../../features/auth';
import { Room3DUpgradePrompt, Room3DView } from '../../features/room-3d';
import { readRememberedRoom, rememberRoom } from '../../data/storage/remembered-room';

/**
 * /dashboard/inventory/3d?room=<room_id>&unit=<unit_id>: the 3D view of a room. Without ?room= it
 * opens the unit's room (?unit=, e.g. a search hit) or the inventory's active room. Plans without
 * the 3D view get the upgrade prompt and never download three.js.
 */
export default function Room3DPage() {
  useDocumentTitle('3D View');
  const { user } = useAuth();
  const accountId = useAccountId();
  const [params, setParams] = useSearchParams();
  const [remembered] = useState(() => (accountId ? readRememberedRoom(accountId) : null));
  const allowed = planAllows(useAccountPlanId(), 'view_3d');

  return (
    <section className="screen" data-testid="room-3d-page" aria-labelledby="room-3d-title">
      <header className="screen__header">
        <h1 id="room-3d-title">3D View</h1>
        <p>Your room as it stands: isles, units, and how full every shelf is.</p>
      </header>
      {!user || !accountId ? (
        <LoadingScreen />
      ) : !allowed ? (
        <Room3DUpgradePrompt />
      ) : (
        <Suspense fallback={<LoadingScreen label="Loading the 3D view…" />}>
          <Room3DView
            accountId={accountId}
            roomId={params.get('room')}
            unitId={params.get('unit')}
            rememberedRoomId={remembered}
            onSelectRoom={(roomId) => {
              rememberRoom(accountId, roomId);
              setParams({ room: roomId });
            }}
          />
        </Suspense>
      )}
    </section>
  );
}
