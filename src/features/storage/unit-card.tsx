import { memo, useEffect } from 'react';
import { useAccountId, useCan } from '../account';
import { collapseIds } from '../../domain/collapse-state';
import { useCollapsed } from '../../data/storage/collapsed';
import { CollapseToggle } from './collapse-toggle';
import { ActionsMenu } from '../../components/actions-menu';
import { readableTextColour } from '../../domain/colour-schemes';
import { countOf } from '../../lib/format';
import { ShelfRow } from './shelf-row';
import type { ShelfContent, StorageActions } from './storage-actions';
import { UNIT_TYPE_LABELS } from './storage-dialogs';
import type { Isle, Room, Unit } from '../../data/storage/types';
import { unitTitle } from '../../domain/say-once';

/** A unit coloured by its type under the seller's colour scheme, with its shelves. */
export const UnitCard = memo(function UnitCard({
  room,
  isle,
  unit,
  colour,
  highlightShelfId,
  actions,
  Content,
}: {
  room: Room;
  isle: Isle;
  unit: Unit;
  colour: string;
  /** Only set when the highlighted shelf is in this unit, so other units keep their memo. */
  highlightShelfId: string | null;
  actions: StorageActions;
  Content: ShelfContent;
}) {
  const titleId = `unit-${unit.unit_id}-title`;
  // Building and removing storage is for the owner and managers (a picker's card has neither).
  const build = useCan('edit-storage');
  const [collapsed = false, setCollapsed] = useCollapsed(
    useAccountId(),
    collapseIds.unit(unit.unit_id),
  );
  // A search hit in a collapsed unit opens it, as it does a collapsed shelf (ShelfRow).
  useEffect(() => {
    if (highlightShelfId && collapsed) setCollapsed(false, false);
  }, [highlightShelfId, collapsed, setCollapsed]);
  return (
    <article
      className="unit"
      data-testid="unit"
      data-unit-id={unit.unit_id}
      data-unit-name={unit.unit_name}
      data-unit-type={unit.unit_type}
      data-collapsed={collapsed ? 'true' : undefined}
      aria-labelledby={titleId}
      style={{ borderColor: colour }}
    >
      <header
        className="unit__header"
        style={{ background: colour, color: readableTextColour(colour) }}
        data-testid="unit-header"
      >
        <h3 id={titleId} className="unit__title">
          <CollapseToggle
            expanded={!collapsed}
            onToggle={() => setCollapsed(!collapsed, !collapsed)}
            testId="unit-toggle"
          >
            {unitTitle(unit.unit_name)}
          </CollapseToggle>
        </h3>
        <span className="unit__type" data-testid="unit-type">
          {UNIT_TYPE_LABELS[unit.unit_type]}
        </span>
        <span className="unit__count">{countOf(unit.shelves.length, 'shelf', 'shelves')}</span>
        {build && (
          <div className="unit__actions">
            <button
              type="button"
              className="inv-button"
              aria-label={`Add shelf to ${unitTitle(unit.unit_name, 'unit')}`}
              onClick={() => actions.addShelf(unit)}
              data-testid="add-shelf"
            >
              + Shelf
            </button>
            <ActionsMenu
              label={`More actions for ${unitTitle(unit.unit_name, 'unit')}`}
              testId="unit-menu"
              actions={[
                {
                  label: 'Rename unit',
                  ariaLabel: `Rename ${unitTitle(unit.unit_name, 'unit')}`,
                  onSelect: () => actions.renameUnit(unit),
                  testId: 'rename-unit',
                },
                {
                  label: 'Remove unit',
                  ariaLabel: `Remove ${unitTitle(unit.unit_name, 'unit')}`,
                  danger: true,
                  onSelect: () => actions.removeUnit(unit, isle),
                  testId: 'remove-unit',
                },
              ]}
            />
          </div>
        )}
      </header>
      {collapsed ? null : unit.shelves.length === 0 ? (
        <p className="unit__empty muted">No shelves yet.</p>
      ) : (
        <ol
          className="unit__shelves"
          aria-label={`Shelves of ${unitTitle(unit.unit_name, 'unit')}`}
        >
          {unit.shelves.map((shelf) => (
            <ShelfRow
              key={shelf.shelf_id}
              room={room}
              isle={isle}
              unit={unit}
              shelf={shelf}
              highlighted={shelf.shelf_id === highlightShelfId}
              actions={actions}
              Content={Content}
            />
          ))}
        </ol>
      )}
    </article>
  );
});

/**
 * A unit drawn a moment after the rest of the room (see StorageView): its place and colour, about
 * the height its shelves will take, so the page keeps its length meanwhile.
 */
export function UnitToCome({ unit, colour }: { unit: Unit; colour: string }) {
  return (
    <article
      className="unit unit--to-come"
      data-testid="unit-to-come"
      aria-label={unitTitle(unit.unit_name)}
      aria-busy="true"
      style={{
        borderColor: colour,
        minHeight: `calc(3.5rem + ${unit.shelves.length} * (3rem + 3 * var(--item-row-height, 52px)))`,
      }}
    />
  );
}
