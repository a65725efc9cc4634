import { useDroppable } from '@dnd-kit/core';
import { useLayoutEffect } from 'react';
import type { Room } from '../../data/storage/types';
import { ROOM_DROP_PREFIX, type DropData } from './move-context';

function RoomTabTarget({ room }: { room: Room }) {
  const data: DropData = { kind: 'room', roomId: room.room_id, label: `room ${room.room_name}` };
  const { setNodeRef, isOver } = useDroppable({ id: `${ROOM_DROP_PREFIX}${room.room_id}`, data });
  // The tabs belong to the storage view; rather than reach into it, the drop target attaches to
  // the tab button it renders (data-room-id), found after each render.
  useLayoutEffect(() => {
    const tab = document.querySelector<HTMLElement>(
      `[data-testid="room-tab"][data-room-id="${CSS.escape(room.room_id)}"]`,
    );
    setNodeRef(tab);
    // Touched only when it changes: this runs on every render during a drag.
    if (!tab || tab.hasAttribute('data-drop-over') === isOver) return;
    if (isOver) tab.setAttribute('data-drop-over', 'true');
    else tab.removeAttribute('data-drop-over');
  });
  return null;
}

/** Every room tab takes drops: dropping there (or pausing over it) opens that room. */
export function RoomTabTargets({ rooms }: { rooms: readonly Room[] }) {
  return (
    <>
      {rooms.map((room) => (
        <RoomTabTarget key={room.room_id} room={room} />
      ))}
    </>
  );
}
