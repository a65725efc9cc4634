import { Link } from 'react-router-dom';
import type { IslePlacement, LayoutIsle } from '../../domain/layout-3d';
import type { EditorState } from './layout-editor';

export interface LayoutToolbarProps {
  rooms: ReadonlyArray<{ room_id: string; room_name: string }>;
  roomId: string;
  onSelectRoom: (roomId: string) => void;
  isles: readonly LayoutIsle[];
  editor: EditorState;
  unsaved: boolean;
  /** How many isles the view placed itself (never placed by the seller). */
  autoPlaced: number;
  saving: boolean;
  onStart: () => void;
  onCancel: () => void;
  onSave: () => void;
  onSelectIsle: (isleId: string | null) => void;
  onNudge: (dx: number, dz: number) => void;
  onRotate: () => void;
}

const metres = (value: number) => `${Number(value.toFixed(2))} m`;
const degrees = (rotation: number) => `${Math.round((rotation * 180) / Math.PI) % 360}°`;

/** Placement read out in words, for the seller and for screen readers. */
export function placementText(isleIndex: number, placement: IslePlacement): string {
  return `Isle ${isleIndex}: x ${metres(placement.x)}, z ${metres(placement.z)}, turned ${degrees(placement.rotation)}`;
}

/**
 * Above the scene: which room, and the layout editor — pick an isle (or drag it in the scene),
 * move it a grid step with the arrow buttons or keys, turn it 90°, then 'Save Layout'.
 */
export function LayoutToolbar(props: LayoutToolbarProps) {
  const { rooms, roomId, isles, editor } = props;
  const selected = isles.find((isle) => isle.isle_id === editor.selectedIsleId) ?? null;

  return (
    <div className="room-3d__toolbar" data-testid="room-3d-toolbar">
      <div className="room-3d__toolbar-row">
        <label className="room-3d__room">
          <span>Room</span>
          <select
            className="select"
            value={roomId}
            onChange={(event) => props.onSelectRoom(event.target.value)}
            disabled={editor.editing}
            data-testid="room-3d-room"
          >
            {rooms.map((room) => (
              <option key={room.room_id} value={room.room_id}>
                {room.room_name}
              </option>
            ))}
          </select>
        </label>
        <Link className="button button--ghost" to="/dashboard/inventory">
          Back to inventory
        </Link>
        <span className="room-3d__spacer" />
        {editor.editing ? (
          <>
            <button
              type="button"
              className="button button--secondary"
              onClick={props.onCancel}
              disabled={props.saving}
            >
              Cancel
            </button>
            <button
              type="button"
              className="button button--primary"
              onClick={props.onSave}
              disabled={props.saving}
              data-testid="room-3d-save"
            >
              {props.saving ? 'Saving…' : 'Save Layout'}
            </button>
          </>
        ) : (
          <button
            type="button"
            className="button button--secondary"
            onClick={props.onStart}
            disabled={isles.length === 0}
            data-testid="room-3d-edit"
          >
            Edit Layout
          </button>
        )}
      </div>

      {!editor.editing && props.unsaved && props.autoPlaced > 0 && (
        <p className="room-3d__hint" data-testid="room-3d-auto-placed">
          {props.autoPlaced === 1 ? 'One isle was' : `${props.autoPlaced} isles were`} placed on a
          free spot for you. Choose Edit Layout, then Save Layout to keep this arrangement.
        </p>
      )}

      {editor.editing && (
        <div className="room-3d__toolbar-row room-3d__editor" data-testid="room-3d-editor">
          <label className="room-3d__room">
            <span>Isle</span>
            <select
              className="select"
              value={editor.selectedIsleId ?? ''}
              onChange={(event) => props.onSelectIsle(event.target.value || null)}
              data-testid="room-3d-isle"
            >
              <option value="">Pick an isle…</option>
              {isles.map((isle) => (
                <option key={isle.isle_id} value={isle.isle_id}>
                  Isle {isle.isle_index}
                </option>
              ))}
            </select>
          </label>
          <div className="room-3d__nudge" role="group" aria-label="Move the picked isle">
            <button
              type="button"
              className="button button--secondary"
              aria-label="Move isle left"
              disabled={!selected}
              onClick={() => props.onNudge(-1, 0)}
            >
              ←
            </button>
            <button
              type="button"
              className="button button--secondary"
              aria-label="Move isle back"
              disabled={!selected}
              onClick={() => props.onNudge(0, -1)}
            >
              ↑
            </button>
            <button
              type="button"
              className="button button--secondary"
              aria-label="Move isle forward"
              disabled={!selected}
              onClick={() => props.onNudge(0, 1)}
            >
              ↓
            </button>
            <button
              type="button"
              className="button button--secondary"
              aria-label="Move isle right"
              disabled={!selected}
              onClick={() => props.onNudge(1, 0)}
            >
              →
            </button>
            <button
              type="button"
              className="button button--secondary"
              disabled={!selected}
              onClick={props.onRotate}
              data-testid="room-3d-rotate"
            >
              Rotate 90°
            </button>
          </div>
        </div>
      )}
    </div>
  );
}

/**
 * The picked isle's place and why a move was refused, laid over the scene's corner: text that
 * changes during a drag must not reflow the page and shift the canvas under the pointer.
 */
export function EditorStatus({
  isles,
  placements,
  editor,
  refusal,
}: {
  isles: readonly LayoutIsle[];
  placements: ReadonlyMap<string, IslePlacement>;
  editor: EditorState;
  refusal: string | null;
}) {
  if (!editor.editing) return null;
  const selected = isles.find((isle) => isle.isle_id === editor.selectedIsleId) ?? null;
  const placement = selected ? placements.get(selected.isle_id) : undefined;
  return (
    <div className="room-3d__status">
      <p className="room-3d__placement" aria-live="polite" data-testid="isle-placement">
        {selected && placement
          ? placementText(selected.isle_index, placement)
          : 'Drag an isle on the floor, or pick one to move it with the arrows.'}
      </p>
      {refusal && (
        <p className="room-3d__refusal" role="alert" data-testid="room-3d-refusal">
          {refusal}
        </p>
      )}
    </div>
  );
}
