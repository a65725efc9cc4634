import { memo, useEffect, useRef } from 'react';
import { useAccountId, useCan } from '../account';
import { useNavigate } from 'react-router-dom';
import { ActionsMenu, type MenuAction } from '../../components/actions-menu';
import { countShelfPath } from '../../domain/shelf-count';
import { collapseIds } from '../../domain/collapse-state';
import { useCollapsed } from '../../data/storage/collapsed';
import { CollapseToggle } from './collapse-toggle';
import type { ShelfContent, StorageActions } from './storage-actions';
import type { Isle, Room, Shelf, Unit } from '../../data/storage/types';
import { unitTitle } from '../../domain/say-once';

/**
 * One shelf: its contents, given its title and its menu (Count, Remove) to draw on their top line. The root element carries
 * data-shelf-id so a drop target (the drag-and-drop issue) can wrap or find it.
 */
export const ShelfRow = memo(function ShelfRow({
  room,
  isle,
  unit,
  shelf,
  highlighted,
  actions,
  Content,
}: {
  room: Room;
  isle: Isle;
  unit: Unit;
  shelf: Shelf;
  highlighted: boolean;
  actions: StorageActions;
  Content: ShelfContent;
}) {
  const ref = useRef<HTMLLIElement>(null);
  const [collapsed = false, setCollapsed] = useCollapsed(
    useAccountId(),
    collapseIds.shelf(shelf.shelf_id),
  );
  // A search hit on a collapsed shelf opens it: the seller asked to see what is on it.
  useEffect(() => {
    if (highlighted && collapsed) setCollapsed(false, false);
  }, [highlighted, collapsed, setCollapsed]);
  useEffect(() => {
    if (!highlighted) return;
    const element = ref.current;
    if (!element) return;
    // Taken here from a search hit: bring the shelf into view and give it focus so keyboard
    // and screen-reader users land on it too.
    element.scrollIntoView({ block: 'center', behavior: 'auto' });
    element.focus({ preventScroll: true });
    // Shelves off screen hold a placeholder the size their rows are expected to take until
    // they are drawn, so the shelf can move a little as the ones above it draw after the first
    // scroll: follow it for a few frames.
    let frames = 0;
    let frame = 0;
    const follow = () => {
      const box = element.getBoundingClientRect();
      if (box.bottom < 0 || box.top > window.innerHeight)
        element.scrollIntoView({ block: 'center', behavior: 'auto' });
      frames += 1;
      if (frames < 12) frame = window.requestAnimationFrame(follow);
    };
    frame = window.requestAnimationFrame(follow);
    return () => window.cancelAnimationFrame(frame);
  }, [highlighted]);

  const label = `Shelf ${shelf.shelf_index} of ${unitTitle(unit.unit_name, 'unit')}, isle ${isle.isle_index}`;
  const build = useCan('edit-storage');
  // Counting changes only quantities and shelves, which every role may (docs/product.md#team).
  const count = useCan('adjust-quantities');
  const navigate = useNavigate();
  const menuActions: MenuAction[] = [
    ...(count
      ? [
          {
            label: 'Count shelf',
            ariaLabel: `Count ${label}`,
            onSelect: () => void navigate(countShelfPath(shelf.shelf_id)),
            testId: 'count-shelf',
          },
        ]
      : []),
    ...(build
      ? [
          {
            label: 'Remove shelf',
            ariaLabel: `Remove ${label}`,
            danger: true,
            onSelect: () => actions.removeShelf(shelf, unit),
            testId: 'remove-shelf',
          },
        ]
      : []),
  ];
  return (
    <li
      ref={ref}
      className="shelf"
      data-testid="shelf"
      data-shelf-id={shelf.shelf_id}
      data-shelf-index={shelf.shelf_index}
      data-highlighted={highlighted ? 'true' : undefined}
      data-collapsed={collapsed ? 'true' : undefined}
      tabIndex={-1}
      aria-label={label}
    >
      <Content
        room={room}
        isle={isle}
        unit={unit}
        shelf={shelf}
        collapsed={collapsed}
        header={
          <h4 className="shelf__title">
            <CollapseToggle
              expanded={!collapsed}
              onToggle={() => setCollapsed(!collapsed, !collapsed)}
              testId="shelf-toggle"
            >
              Shelf {shelf.shelf_index}
            </CollapseToggle>
          </h4>
        }
        menu={
          menuActions.length > 0 && (
            <ActionsMenu
              label={`More actions for shelf ${shelf.shelf_index} of ${unitTitle(unit.unit_name, 'unit')}`}
              testId="shelf-menu"
              actions={menuActions}
            />
          )
        }
      />
    </li>
  );
});
