import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
// The account feature's header reaches the data layer, whose client needs the app's env.
vi.mock('../../../../src/lib/supabase', () => ({ supabase: {} }));
import { SCHEME_COLOURS } from '../../../../src/domain/colour-schemes';
import { IsleCard } from '../../../../src/features/storage/isle-card';
import type { StorageActions } from '../../../../src/features/storage/storage-actions';
import type { Isle, Room, Unit } from '../../../../src/data/storage/types';

const unit = (id: string, name: string, shelves: number): Unit => ({
  unit_id: id,
  unit_name: name,
  unit_type: 'box',
  unit_index: name.charCodeAt(0) - 64,
  isle_id: 'isle-1',
  naming_convention: 'alphabetical',
  shelves: Array.from({ length: shelves }, (_, i) => ({
    shelf_id: `${id}-shelf-${i + 1}`,
    shelf_index: i + 1,
    unit_id: id,
  })),
});
const isle: Isle = {
  isle_id: 'isle-1',
  isle_index: 1,
  room_id: 'room-1',
  units: [unit('unit-a', 'A', 2), unit('unit-b', 'B', 3), unit('unit-c', 'C', 1)],
};
const room: Room = { room_id: 'room-1', room_name: 'Garage', room_index: 1, isles: [isle] };
const nothing = () => undefined;
const actions: StorageActions = {
  renumberIsle: nothing,
  removeIsle: nothing,
  addUnit: nothing,
  renameUnit: nothing,
  removeUnit: nothing,
  addShelf: nothing,
  removeShelf: nothing,
};

function renderIsle(drawnFirst: ReadonlySet<string> | null) {
  // A shelf's menu leads to its count (a route), so the card lives inside a router.
  return render(
    <MemoryRouter>
      <IsleCard
        room={room}
        isle={isle}
        colours={SCHEME_COLOURS.default}
        filter="all"
        highlightShelfId={null}
        actions={actions}
        Content={({ shelf }) => <span data-testid="shelf-content">{shelf.shelf_id}</span>}
        drawnFirst={drawnFirst}
      />
    </MemoryRouter>,
  );
}

describe('IsleCard', () => {
  it('draws every unit with its shelves when nothing is to come later', () => {
    renderIsle(null);
    expect(screen.getAllByTestId('unit')).toHaveLength(3);
    expect(screen.getAllByTestId('shelf-content')).toHaveLength(6);
    expect(screen.queryByTestId('unit-to-come')).toBeNull();
  });

  it('draws the units seen first, and keeps a labelled place for the others', () => {
    renderIsle(new Set(['unit-b']));
    expect(screen.getAllByTestId('unit').map((u) => u.dataset.unitName)).toEqual(['B']);
    expect(screen.getAllByTestId('shelf-content')).toHaveLength(3);
    const toCome = screen.getAllByTestId('unit-to-come');
    expect(toCome.map((u) => u.getAttribute('aria-label'))).toEqual(['Unit A', 'Unit C']);
    expect(toCome.every((u) => u.getAttribute('aria-busy') === 'true')).toBe(true);
  });
});
