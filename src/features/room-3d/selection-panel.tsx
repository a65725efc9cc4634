import {
  shelfCapacity,
  shelfFullness,
  unitItemCapacity,
  type LayoutIsle,
  type LayoutUnit,
} from '../../domain/layout-3d';
import { sortedIsles, sortedShelves, sortedUnits } from '../../domain/storage-tree';
import { errorMessage } from '../../lib/errors';
import { usePlacedItems, type ItemsTarget } from '../../data/room-3d/get-placed-items';
import type { Selection } from './selection';
import type { AccountId } from '../../domain/ids';

export interface SelectionPanelProps {
  accountId: AccountId;
  isles: readonly LayoutIsle[];
  fill: ReadonlyMap<string, number>;
  selection: Selection | null;
  onSelect: (selection: Selection | null) => void;
  /** Select a unit and turn the camera to it. */
  onLookAt: (unitId: string) => void;
}

const TYPE_LABELS: Record<string, string> = {
  bay: 'Bay',
  box: 'Box',
  cabinet: 'Cabinet',
  bin: 'Bin',
};

function findUnit(isles: readonly LayoutIsle[], unitId: string) {
  for (const isle of isles) {
    const unit = isle.units?.find((candidate) => candidate.unit_id === unitId);
    if (unit) return { isle, unit };
  }
  return null;
}

/**
 * 'Shelf 1 · 47 items · holds about 17 (over full)': both numbers are items, the second the
 * shelf's share of the unit's size (the preset chosen when the unit was added).
 */
export function shelfFillText(shelfIndex: number, count: number, holds: number): string {
  const items = `${count} ${count === 1 ? 'item' : 'items'}`;
  return `Shelf ${shelfIndex} · ${items} · holds about ${holds}${count > holds ? ' (over full)' : ''}`;
}

function unitCount(unit: LayoutUnit, fill: ReadonlyMap<string, number>): number {
  return (unit.shelves ?? []).reduce((sum, shelf) => sum + (fill.get(shelf.shelf_id) ?? 0), 0);
}

/**
 * Beside the scene: every unit of the room (a keyboard way to pick one and look at it), and for
 * the picked unit or shelf its shelves' fullness and the items on it.
 */
export function SelectionPanel({
  accountId,
  isles,
  fill,
  selection,
  onSelect,
  onLookAt,
}: SelectionPanelProps) {
  const found = selection ? findUnit(isles, selection.unitId) : null;
  const target: ItemsTarget | null = !found
    ? null
    : selection?.kind === 'shelf'
      ? { kind: 'shelf', shelfId: selection.shelfId }
      : { kind: 'unit', unitId: found.unit.unit_id };

  if (!found || !selection) {
    return (
      <aside className="room-3d__panel" aria-label="Units in this room" data-testid="room-3d-panel">
        <h2>Units</h2>
        <p className="muted">Click a unit or a shelf's bar in the scene, or pick one here.</p>
        <ul className="room-3d__unit-list">
          {sortedIsles(isles).map((isle) =>
            sortedUnits(isle.units).map((unit) => (
              <li key={unit.unit_id}>
                <button
                  type="button"
                  className="room-3d__unit-button"
                  onClick={() => onLookAt(unit.unit_id)}
                  data-testid="room-3d-unit"
                >
                  Isle {isle.isle_index} › {unit.unit_name}
                  <span className="muted">
                    {' '}
                    {TYPE_LABELS[unit.unit_type ?? 'box'] ?? 'Box'} · {unitCount(unit, fill)} items
                  </span>
                </button>
              </li>
            )),
          )}
        </ul>
      </aside>
    );
  }

  const { isle, unit } = found;
  const unitHolds = unitItemCapacity(unit.position3D);
  const shelfCount = unit.shelves?.length ?? 0;
  const shelfHolds = shelfCapacity(unitHolds, shelfCount);
  return (
    <aside className="room-3d__panel" aria-label="Selected unit" data-testid="room-3d-panel">
      <div className="room-3d__panel-head">
        <h2 data-testid="room-3d-selected">
          Isle {isle.isle_index} › {unit.unit_name}
        </h2>
        <button
          type="button"
          className="button button--ghost"
          onClick={() => onSelect(null)}
          aria-label="Close and show all units"
        >
          ×
        </button>
      </div>
      <p className="muted" data-testid="room-3d-unit-size">
        {TYPE_LABELS[unit.unit_type ?? 'box'] ?? 'Box'} · holds about {unitHolds} items
        {shelfCount > 1 ? `, about ${shelfHolds} a shelf` : ''}
      </p>
      <ul className="room-3d__shelves">
        <li>
          <button
            type="button"
            className="room-3d__shelf-button"
            aria-pressed={selection.kind === 'unit'}
            onClick={() => onSelect({ kind: 'unit', unitId: unit.unit_id })}
          >
            Whole unit · {unitCount(unit, fill)} items
          </button>
        </li>
        {sortedShelves(unit.shelves).map((shelf) => {
          const fullness = shelfFullness(fill.get(shelf.shelf_id) ?? 0, shelfHolds);
          return (
            <li key={shelf.shelf_id}>
              <button
                type="button"
                className="room-3d__shelf-button"
                aria-pressed={selection.kind === 'shelf' && selection.shelfId === shelf.shelf_id}
                onClick={() =>
                  onSelect({ kind: 'shelf', unitId: unit.unit_id, shelfId: shelf.shelf_id })
                }
                data-testid="room-3d-shelf"
              >
                <span data-testid="room-3d-shelf-fill">
                  {shelfFillText(shelf.shelf_index, fullness.count, fullness.capacity)}
                </span>
                <meter
                  min={0}
                  max={1}
                  low={0.5}
                  high={0.85}
                  optimum={0}
                  value={fullness.ratio}
                  aria-label={`Shelf ${shelf.shelf_index} fullness`}
                />
              </button>
            </li>
          );
        })}
      </ul>
      {target && <ItemList accountId={accountId} target={target} />}
    </aside>
  );
}

function ItemList({ accountId, target }: { accountId: AccountId; target: ItemsTarget }) {
  const items = usePlacedItems(accountId, target);
  if (items.isPending) return <p className="muted">Loading items…</p>;
  if (items.error) {
    return (
      <p className="notice notice--error" role="alert">
        The items could not be loaded. {errorMessage(items.error) ?? ''}
      </p>
    );
  }
  const { items: list, total } = items.data;
  if (list.length === 0) return <p className="muted">Nothing stored here yet.</p>;
  return (
    <>
      <ul className="room-3d__items" data-testid="room-3d-items">
        {list.map((item) => (
          <li key={item.item_id}>
            <span>{item.item_name}</span>
            <span className="muted">×{item.quantity}</span>
          </li>
        ))}
      </ul>
      {total > list.length && <p className="muted">and {total - list.length} more</p>}
    </>
  );
}
