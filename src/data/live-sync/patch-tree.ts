import type { RowEvent } from './patch-items';

/** The storage tree as the inventory caches it (src/features/storage/types.ts), structurally. */
interface ShelfNode {
  shelf_id: string;
  shelf_index: number;
  unit_id: string;
}
interface UnitNode {
  unit_id: string;
  unit_index: number;
  isle_id: string;
  shelves: ShelfNode[];
}
interface IsleNode {
  isle_id: string;
  isle_index: number;
  room_id: string;
  units: UnitNode[];
}
interface RoomNode {
  room_id: string;
  room_index: number;
  isles: IsleNode[];
}

/** One level of the tree: its table, id, number, parent column and children's field. */
interface Level {
  id: string;
  index: string;
  parent: string | null;
  children: string | null;
  fields: string[];
}

const LEVELS: Record<string, Level> = {
  storage_rooms: { id: 'room_id', index: 'room_index', parent: null, children: 'isles', fields: ['room_id', 'room_name', 'room_index'] },
  storage_isles: { id: 'isle_id', index: 'isle_index', parent: 'room_id', children: 'units', fields: ['isle_id', 'isle_index', 'room_id'] },
  storage_units: {
    id: 'unit_id',
    index: 'unit_index',
    parent: 'isle_id',
    children: 'shelves',
    fields: ['unit_id', 'unit_name', 'unit_type', 'unit_index', 'isle_id', 'naming_convention'],
  },
  storage_shelves: { id: 'shelf_id', index: 'shelf_index', parent: 'unit_id', children: null, fields: ['shelf_id', 'shelf_index', 'unit_id'] },
};

type Node = Record<string, unknown>;
const ORDER = ['storage_rooms', 'storage_isles', 'storage_units', 'storage_shelves'];

export function isTreeTable(table: string): boolean {
  return table in LEVELS;
}

/** Every list of nodes of `table` in the tree, with a way to replace it (copy on write). */
function lists(rooms: Node[], depth: number, target: number, visit: (list: Node[], owner: Node | null) => Node[]): Node[] {
  if (depth === target) return visit(rooms, null);
  const childrenField = LEVELS[ORDER[depth]!]!.children!;
  let changed = false;
  const next = rooms.map((node) => {
    const children = node[childrenField] as Node[];
    const patched = depth + 1 === target ? visit(children, node) : lists(children, depth + 1, target, visit);
    if (patched === children) return node;
    changed = true;
    return { ...node, [childrenField]: patched };
  });
  return changed ? next : rooms;
}

const byIndex = (level: Level) => (a: Node, b: Node) => Number(a[level.index]) - Number(b[level.index]);

/**
 * The tree with one change to a room, isle, unit or shelf applied, or null when the change
 * cannot be placed (its parent is not in the tree): then the caller reads the tree again.
 * An update that changes the parent (a unit moved to another isle) takes the node, children
 * included, out of its old place and puts it in the new one.
 */
export function patchTree<T extends RoomNode>(tree: T[], event: RowEvent): T[] | null {
  const level = LEVELS[event.table];
  if (!level) return tree;
  const depth = ORDER.indexOf(event.table);
  const id = (event.eventType === 'DELETE' ? event.old : event.new)[level.id];
  let taken: Node | undefined;
  let rooms = lists(tree as unknown as Node[], 0, depth, (list) => {
    const at = list.findIndex((n) => n[level.id] === id);
    if (at < 0) return list;
    taken = list[at];
    return list.filter((_, i) => i !== at);
  });
  if (event.eventType === 'DELETE') return rooms as unknown as T[];

  const fresh: Node = {};
  for (const field of level.fields) if (field in event.new) fresh[field] = event.new[field];
  const node: Node = { ...(taken ?? (level.children ? { [level.children]: [] } : {})), ...fresh };
  let placed = false;
  rooms = lists(rooms, 0, depth, (list, owner) => {
    if (level.parent && owner && owner[LEVELS[ORDER[depth - 1]!]!.id] !== node[level.parent]) return list;
    placed = true;
    return [...list, node].sort(byIndex(level));
  });
  return placed ? (rooms as unknown as T[]) : null;
}
