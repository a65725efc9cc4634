/**
 * Query keys of the 3D view, scoped by user so accounts never share cache. Kept apart from the
 * inventory's keys: the 3D view reads its own columns (layout, camera, shelf fill) and the
 * inventory never needs them.
 */
export const room3dKeys = {
  all: ['room-3d'] as const,
  root: (userId: string) => ['room-3d', userId] as const,
  layout: (userId: string, roomId: string) => ['room-3d', userId, 'layout', roomId] as const,
  fill: (userId: string, roomId: string) => ['room-3d', userId, 'fill', roomId] as const,
  unitRoom: (userId: string, unitId: string) => ['room-3d', userId, 'unit-room', unitId] as const,
  items: (userId: string, target: string) => ['room-3d', userId, 'items', target] as const,
};
