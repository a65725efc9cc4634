import type { AccountId } from '../../domain/ids';

/**
 * Query keys of the 3D view, scoped by account so accounts never share cache. Kept apart from the
 * inventory's keys: the 3D view reads its own columns (layout, camera, shelf fill) and the
 * inventory never needs them.
 */
export const room3dKeys = {
  all: ['room-3d'] as const,
  root: (accountId: AccountId) => ['room-3d', accountId] as const,
  layout: (accountId: AccountId, roomId: string) =>
    ['room-3d', accountId, 'layout', roomId] as const,
  fill: (accountId: AccountId, roomId: string) => ['room-3d', accountId, 'fill', roomId] as const,
  unitRoom: (accountId: AccountId, unitId: string) =>
    ['room-3d', accountId, 'unit-room', unitId] as const,
  items: (accountId: AccountId, target: string) => ['room-3d', accountId, 'items', target] as const,
};
