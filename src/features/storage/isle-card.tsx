import { memo } from 'react';
import { useCan } from '../account';
import { ActionsMenu } from '../../components/actions-menu';
import type { UnitColours } from '../../domain/colour-schemes';
import { filterUnitsByType, type UnitTypeFilter } from '../../domain/unit-naming';
import type { ShelfContent, StorageActions } from './storage-actions';
import type { Isle, Room } from '../../data/storage/types';
import { UnitCard, UnitToCome } from './unit-card';

export const IsleCard = memo(function IsleCard({
  room,
  isle,
  colours,
  filter,
  highlightShelfId,
  actions,
  Content,
  drawnFirst,
}: {
  room: Room;
  isle: Isle;
  colours: UnitColours;
  filter: UnitTypeFilter;
  highlightShelfId: string | null;
  actions: StorageActions;
  Content: ShelfContent;
  /** While set, only these units are drawn; the others keep their place until it is cleared. */
  drawnFirst: ReadonlySet<string> | null;
}) {
  const units = filterUnitsByType(isle.units, filter);
  const titleId = `isle-${isle.isle_id}-title`;
  const build = useCan('edit-storage');
  return (
    <section
      className="isle"
      data-testid="isle"
      data-isle-id={isle.isle_id}
      data-isle-index={isle.isle_index}
      aria-labelledby={titleId}
    >
      <header className="isle__header">
        <h2 id={titleId} className="isle__title">
          Isle {isle.isle_index}
        </h2>
        {build && (
          <div className="isle__actions">
            {/* Boilerplate: each card button names its own action, label and test id. */}
            <button
              type="button"
              className="inv-button"
              onClick={() => actions.addUnit(isle)}
              aria-label={`Add unit to isle ${isle.isle_index}`}
              data-testid="add-unit"
            >
              + Unit
            </button>
            <ActionsMenu
              label={`More actions for isle ${isle.isle_index}`}
              testId="isle-menu"
              actions={[
                {
                  label: 'Change number',
                  ariaLabel: `Change number of isle ${isle.isle_index}`,
                  onSelect: () => actions.renumberIsle(isle),
                  testId: 'renumber-isle',
                },
                {
                  label: 'Remove isle',
                  ariaLabel: `Remove isle ${isle.isle_index}`,
                  danger: true,
                  onSelect: () => actions.removeIsle(isle),
                  testId: 'remove-isle',
                },
              ]}
            />
          </div>
        )}
      </header>
      {units.length === 0 ? (
        <p className="muted">No units of this type in this isle.</p>
      ) : (
        <div className="isle__units">
          {units.map((unit) =>
            drawnFirst && !drawnFirst.has(unit.unit_id) ? (
              <UnitToCome key={unit.unit_id} unit={unit} colour={colours[unit.unit_type]} />
            ) : (
              <UnitCard
                key={unit.unit_id}
                room={room}
                isle={isle}
                unit={unit}
                colour={colours[unit.unit_type]}
                highlightShelfId={
                  highlightShelfId && unit.shelves.some((s) => s.shelf_id === highlightShelfId)
                    ? highlightShelfId
                    : null
                }
                actions={actions}
                Content={Content}
              />
            ),
          )}
        </div>
      )}
    </section>
  );
});
