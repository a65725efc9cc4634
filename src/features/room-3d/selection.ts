/** What the seller picked in the scene or the panel: a whole unit, or one shelf of it. */
export type Selection =
  { kind: 'unit'; unitId: string } | { kind: 'shelf'; unitId: string; shelfId: string };
