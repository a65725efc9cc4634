import { Canvas } from '@react-three/fiber';
import {
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
} from 'react';
import { Link } from 'react-router-dom';
import { LoadingScreen } from '../../components/loading-screen';
import { notify } from '../../components/toasts';
import { ErrorBoundary } from '../../components/error-boundary';
import { activeRoomAfterReload } from '../../domain/active-room';
import { schemeColours } from '../../domain/colour-schemes';
import {
  cameraMoved,
  focusOnUnit,
  position3D,
  roomCamera,
  roomInstances,
  roundCamera,
  type CameraView,
  type IslePlacement,
} from '../../domain/layout-3d';
import { errorMessage } from '../../lib/errors';
import { messages } from '../../lib/messages';
import { probesWanted } from '../../lib/probes';
import { CameraRig } from './camera-rig';
import { useShelfFill } from '../../data/room-3d/get-shelf-fill';
import { useRoomLayout, type RoomLayout } from '../../data/room-3d/get-room-layout';
import { useStorageTree } from '../../data/storage/get-storage-tree';
import { useUnitRoom } from '../../data/room-3d/get-unit-room';
import { useViewSettings, type ViewSettings } from '../../data/room-3d/get-view-settings';
import {
  currentPlacements,
  editorReducer,
  hasUnsavedLayout,
  initialEditorState,
  loadedPlacements,
  refusalText,
  type EditorContext,
} from './layout-editor';
import { EditorStatus, LayoutToolbar } from './layout-toolbar';
import { RoomScene } from './room-scene';
import { saveCamera } from '../../data/room-3d/save-camera';
import { useSaveLayout } from '../../data/room-3d/save-layout';
import type { Selection } from './selection';
import { SelectionPanel } from './selection-panel';
import type { AccountId } from '../../domain/ids';
import './room-3d.css';

const PerfProbe = lazy(() => import('./perf-probe'));

export interface Room3DViewProps {
  accountId: AccountId;
  /** ?room=: the room to show; else the unit's room, else the remembered active room. */
  roomId: string | null;
  /** ?unit=: a unit to select and look at (a search hit). */
  unitId: string | null;
  /** The inventory's remembered active room, used when no room is named. */
  rememberedRoomId: string | null;
  onSelectRoom: (roomId: string) => void;
}

/** Orbit stops count as "left": the camera is saved this long after the last one. */
const CAMERA_SAVE_DELAY_MS = 800;

/**
 * The 3D view of the active room (Growing Seller and above; the page shows the upgrade prompt
 * otherwise). Loaded lazily through index.ts so three.js stays out of every other screen.
 */
export default function Room3DView({
  accountId,
  roomId,
  unitId,
  rememberedRoomId,
  onSelectRoom,
}: Room3DViewProps) {
  const rooms = useStorageTree(accountId);
  const unitRoom = useUnitRoom(accountId, roomId === null ? unitId : null);
  const settings = useViewSettings(accountId);

  const roomList = rooms.data ?? [];
  const named = roomList.find((room) => room.room_id === roomId);
  const activeRoomId =
    named?.room_id ??
    (unitRoom.data && roomList.some((room) => room.room_id === unitRoom.data)
      ? unitRoom.data
      : (activeRoomAfterReload(roomList, rememberedRoomId)?.room_id ?? null));

  const layout = useRoomLayout(accountId, activeRoomId);
  const fill = useShelfFill(accountId, activeRoomId);

  const failure = rooms.error ?? settings.error ?? layout.error ?? fill.error;
  if (failure) {
    return (
      <div className="notice notice--error" role="alert" data-testid="room-3d-error">
        The 3D view could not be loaded. {errorMessage(failure) ?? 'Please try again.'}
      </div>
    );
  }
  if (!settings.data || rooms.isPending || (roomId === null && unitId && unitRoom.isPending)) {
    return <LoadingScreen label="Loading the 3D view…" />;
  }
  if (roomList.length === 0 || activeRoomId === null) {
    return (
      <p className="notice" data-testid="room-3d-no-rooms">
        You have no rooms yet. <Link to="/dashboard/inventory">Add a room in the inventory</Link> to
        see it in 3D.
      </p>
    );
  }
  if (layout.isPending || !fill.data) return <LoadingScreen label="Loading the room…" />;
  if (!layout.data) {
    return (
      <p className="notice notice--error" role="alert" data-testid="room-3d-error">
        This room no longer exists. <Link to="/dashboard/inventory">Back to the inventory</Link>
      </p>
    );
  }

  return (
    <RoomView
      // A new room is a new scene: fresh editor state and its own saved camera.
      key={layout.data.room_id}
      accountId={accountId}
      layout={layout.data}
      fill={fill.data}
      settings={settings.data}
      rooms={roomList}
      unitId={unitId}
      onSelectRoom={onSelectRoom}
    />
  );
}

interface RoomViewProps {
  accountId: AccountId;
  layout: RoomLayout;
  fill: ReadonlyMap<string, number>;
  settings: ViewSettings;
  rooms: ReadonlyArray<{ room_id: string; room_name: string }>;
  unitId: string | null;
  onSelectRoom: (roomId: string) => void;
}

function RoomView({
  accountId,
  layout,
  fill,
  settings,
  rooms,
  unitId,
  onSelectRoom,
}: RoomViewProps) {
  const { floorSize } = settings;
  const [probing] = useState(probesWanted);
  const colours = useMemo(() => schemeColours(settings.colours), [settings.colours]);
  const isles = layout.isles;
  const loaded = useMemo(() => loadedPlacements(isles, floorSize), [isles, floorSize]);
  const [editor, dispatch] = useReducer(editorReducer, initialEditorState);
  const placements = useMemo(
    () => currentPlacements(loaded.placements, editor.edits),
    [loaded.placements, editor.edits],
  );
  const instances = useMemo(
    () => roomInstances(isles, placements, fill),
    [isles, placements, fill],
  );
  const context: EditorContext = useMemo(
    () => ({ isles, base: loaded.placements, floorSize }),
    [isles, loaded.placements, floorSize],
  );
  const unsaved = hasUnsavedLayout(isles, placements);

  const [selection, setSelection] = useState<Selection | null>(() =>
    unitId && isles.some((isle) => isle.units?.some((unit) => unit.unit_id === unitId))
      ? { kind: 'unit', unitId }
      : null,
  );
  // Opening on a unit (a search hit) looks at it; otherwise the room's own camera.
  const [initialCamera] = useState<CameraView>(() => {
    const placement = unitId ? instances.unitPlacements.get(unitId) : undefined;
    return placement ? focusOnUnit(placement) : roomCamera(layout, floorSize);
  });
  const [focus, setFocus] = useState<CameraView | null>(null);
  // The isle labels' own layer over the canvas (see RoomScene's `labelLayer`). Kept once set: a
  // ref React nulls while the view unmounts would move every label, mid-unmount, to a new root.
  const [labelLayer, setLabelLayer] = useState<HTMLDivElement | null>(null);
  const keepLabelLayer = useCallback((node: HTMLDivElement | null) => {
    if (node) setLabelLayer(node);
  }, []);

  // --- camera: saved per room a moment after the seller stops moving it ---------------------
  const lastCamera = useRef<CameraView>(initialCamera);
  const savedCamera = useRef<CameraView>(roomCamera(layout, floorSize));
  const pendingSave = useRef<ReturnType<typeof setTimeout> | null>(null);
  const roomId = layout.room_id;

  const flushCamera = useCallback(() => {
    pendingSave.current = null;
    const view = roundCamera(lastCamera.current);
    if (!cameraMoved(view, savedCamera.current, 0.001)) return;
    savedCamera.current = view;
    // Losing a camera angle is not worth interrupting the seller for: logged only.
    saveCamera({ roomId, view }).catch((error: unknown) =>
      console.warn('The 3D camera could not be saved', error),
    );
  }, [roomId]);

  const onCameraEnd = useCallback(
    (view: CameraView) => {
      lastCamera.current = view;
      if (pendingSave.current) clearTimeout(pendingSave.current);
      pendingSave.current = setTimeout(flushCamera, CAMERA_SAVE_DELAY_MS);
    },
    [flushCamera],
  );

  useEffect(
    () => () => {
      // Leaving the view (or the room) right after moving the camera still keeps it.
      if (pendingSave.current) {
        clearTimeout(pendingSave.current);
        flushCamera();
      }
    },
    [flushCamera],
  );

  // --- layout saving ---------------------------------------------------------------------------
  const saveLayout = useSaveLayout(accountId);
  const onSave = () => {
    const units = new Map(
      [...instances.unitPlacements].map(([id, placement]) => [id, position3D(placement)]),
    );
    const camera = roundCamera(lastCamera.current);
    saveLayout.mutate(
      { roomId, isles: placements, units, camera },
      {
        onSuccess: () => {
          savedCamera.current = camera;
          dispatch({ type: 'saved' });
          notify(messages.layoutSaved());
        },
        onError: (error) => {
          console.error('Layout save failed', error);
          notify(messages.layoutSave());
        },
      },
    );
  };

  const isleName = (isleId: string) =>
    `Isle ${isles.find((isle) => isle.isle_id === isleId)?.isle_index ?? '?'}`;

  const selectUnit = (nextUnitId: string, look: boolean) => {
    setSelection({ kind: 'unit', unitId: nextUnitId });
    const placement = instances.unitPlacements.get(nextUnitId);
    if (look && placement) setFocus(focusOnUnit(placement));
  };

  const onKeyDown = (event: React.KeyboardEvent) => {
    if (!editor.editing || !editor.selectedIsleId) return;
    const isleId = editor.selectedIsleId;
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-1, 0],
      ArrowRight: [1, 0],
      ArrowUp: [0, -1],
      ArrowDown: [0, 1],
    };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      dispatch({ type: 'nudge', isleId, dx: move[0], dz: move[1], context });
    } else if (event.key === 'r' || event.key === 'R') {
      event.preventDefault();
      dispatch({ type: 'rotate', isleId, context });
    }
  };

  return (
    <div className="room-3d" data-testid="room-3d-view" data-room-id={roomId}>
      {/* Boilerplate: each child takes its own named props; one shared bag would hide who uses which. */}
      <LayoutToolbar
        rooms={rooms}
        roomId={roomId}
        onSelectRoom={onSelectRoom}
        isles={isles}
        editor={editor}
        unsaved={unsaved}
        autoPlaced={loaded.moved.length}
        saving={saveLayout.isPending}
        onStart={() => dispatch({ type: 'start' })}
        onCancel={() => dispatch({ type: 'cancel' })}
        onSave={onSave}
        onSelectIsle={(isleId) => dispatch({ type: 'select', isleId })}
        onNudge={(dx, dz) =>
          editor.selectedIsleId &&
          dispatch({ type: 'nudge', isleId: editor.selectedIsleId, dx, dz, context })
        }
        onRotate={() =>
          editor.selectedIsleId &&
          dispatch({ type: 'rotate', isleId: editor.selectedIsleId, context })
        }
      />
      <div className="room-3d__body">
        <div
          className="room-3d__stage"
          data-testid="room-3d-stage"
          data-editing={editor.editing ? 'true' : 'false'}
          // Keyboard moves for the picked isle while editing (arrows, R to rotate).
          tabIndex={0}
          role="application"
          aria-label={`3D view of ${layout.room_name}. Drag to orbit, right-drag or two fingers to pan, scroll or pinch to zoom.${
            editor.editing ? ' Arrow keys move the picked isle, R rotates it.' : ''
          }`}
          onKeyDown={onKeyDown}
          // Focus for the arrow keys, but without the browser scrolling the page to show the
          // whole stage in the middle of an orbit or a drag.
          onMouseDown={(event) => event.preventDefault()}
          onPointerDown={(event) => event.currentTarget.focus({ preventScroll: true })}
        >
          <ErrorBoundary section="The 3D view">
            <Canvas
              data-testid="room-3d-canvas"
              frameloop="demand"
              dpr={[1, 2]}
              camera={{ fov: 45, near: 0.05, far: 1000, position: initialCamera.position }}
              gl={{ antialias: true }}
              fallback={
                <p className="notice notice--error">
                  Your browser cannot show 3D graphics (WebGL is turned off or unavailable).
                </p>
              }
            >
              <color attach="background" args={['#f8fafc']} />
              <RoomScene
                isles={isles}
                placements={placements}
                instances={instances}
                colours={colours}
                floorSize={floorSize}
                labelLayer={labelLayer}
                editing={editor.editing}
                selectedIsleId={editor.selectedIsleId}
                refusedIsleId={editor.refusal?.isleId ?? null}
                selection={selection}
                onSelectUnit={(id) => selectUnit(id, false)}
                onSelectShelf={(shelfId, id) =>
                  setSelection({ kind: 'shelf', shelfId, unitId: id })
                }
                onSelectIsle={(isleId) => dispatch({ type: 'select', isleId })}
                onDragIsle={(isleId, to: IslePlacement) =>
                  dispatch({ type: 'move', isleId, to, context })
                }
              />
              <CameraRig
                initial={initialCamera}
                focus={focus}
                floorSize={floorSize}
                onCameraEnd={onCameraEnd}
              />
              {probing && (
                <Suspense fallback={null}>
                  <PerfProbe />
                </Suspense>
              )}
            </Canvas>
          </ErrorBoundary>
          <div className="room-3d__labels" ref={keepLabelLayer} data-testid="room-3d-labels" />
          <EditorStatus
            isles={isles}
            placements={placements}
            editor={editor}
            refusal={editor.refusal ? refusalText(editor.refusal, isleName) : null}
          />
          {isles.length === 0 && (
            <p className="room-3d__empty" data-testid="room-3d-empty">
              This room has no isles yet.{' '}
              <Link to="/dashboard/inventory">Add storage in the inventory</Link>.
            </p>
          )}
        </div>
        <SelectionPanel
          accountId={accountId}
          isles={isles}
          fill={fill}
          selection={selection}
          onSelect={setSelection}
          onLookAt={(id) => selectUnit(id, true)}
        />
      </div>
    </div>
  );
}
