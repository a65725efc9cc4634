import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import type { LayoutIsle } from '../../../../src/domain/layout-3d';
import {
  initialEditorState,
  type EditorState,
} from '../../../../src/features/room-3d/layout-editor';
import {
  EditorStatus,
  LayoutToolbar,
  placementText,
  type LayoutToolbarProps,
} from '../../../../src/features/room-3d/layout-toolbar';

const isles: LayoutIsle[] = [1, 2].map((n) => ({
  isle_id: `i${n}`,
  isle_index: n,
  position_x: 0,
  position_z: 0,
  rotation_y: 0,
  units: [],
}));

function renderToolbar(overrides: Partial<LayoutToolbarProps> = {}) {
  const props: LayoutToolbarProps = {
    rooms: [
      { room_id: 'r1', room_name: 'Garage' },
      { room_id: 'r2', room_name: 'Loft' },
    ],
    roomId: 'r1',
    onSelectRoom: vi.fn(),
    isles,
    editor: initialEditorState,
    unsaved: false,
    autoPlaced: 0,
    saving: false,
    onStart: vi.fn(),
    onCancel: vi.fn(),
    onSave: vi.fn(),
    onSelectIsle: vi.fn(),
    onNudge: vi.fn(),
    onRotate: vi.fn(),
    ...overrides,
  };
  render(
    <MemoryRouter>
      <LayoutToolbar {...props} />
    </MemoryRouter>,
  );
  return props;
}

const editingWith = (selectedIsleId: string | null): EditorState => ({
  ...initialEditorState,
  editing: true,
  selectedIsleId,
});

describe('placementText', () => {
  it('reads the place in metres and the turn in degrees', () => {
    expect(placementText(2, { x: 1.5, z: -3, rotation: Math.PI * 1.5 })).toBe(
      'Isle 2: x 1.5 m, z -3 m, turned 270°',
    );
    expect(placementText(1, { x: 0, z: 0.25, rotation: 0 })).toBe(
      'Isle 1: x 0 m, z 0.25 m, turned 0°',
    );
  });
});

describe('LayoutToolbar', () => {
  it('switches rooms and starts editing', async () => {
    const props = renderToolbar();
    await userEvent.selectOptions(screen.getByTestId('room-3d-room'), 'Loft');
    expect(props.onSelectRoom).toHaveBeenCalledWith('r2');
    await userEvent.click(screen.getByRole('button', { name: 'Edit Layout' }));
    expect(props.onStart).toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: 'Save Layout' })).toBeNull();
  });

  it('cannot edit a room without isles', () => {
    renderToolbar({ isles: [] });
    expect(screen.getByRole('button', { name: 'Edit Layout' })).toBeDisabled();
  });

  it('says when the view placed isles itself', () => {
    renderToolbar({ unsaved: true, autoPlaced: 2 });
    expect(screen.getByTestId('room-3d-auto-placed')).toHaveTextContent(
      '2 isles were placed on a free spot for you',
    );
  });

  it('moves the picked isle a grid step per arrow and turns it', async () => {
    const props = renderToolbar({ editor: editingWith('i1') });
    await userEvent.click(screen.getByRole('button', { name: 'Move isle left' }));
    await userEvent.click(screen.getByRole('button', { name: 'Move isle back' }));
    await userEvent.click(screen.getByRole('button', { name: 'Move isle forward' }));
    await userEvent.click(screen.getByRole('button', { name: 'Move isle right' }));
    expect(vi.mocked(props.onNudge).mock.calls).toEqual([
      [-1, 0],
      [0, -1],
      [0, 1],
      [1, 0],
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Rotate 90°' }));
    expect(props.onRotate).toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Save Layout' }));
    expect(props.onSave).toHaveBeenCalled();
    // the room cannot change under unsaved edits
    expect(screen.getByTestId('room-3d-room')).toBeDisabled();
  });

  it('needs a picked isle for the arrows, and picks one from the list', async () => {
    const props = renderToolbar({ editor: editingWith(null) });
    expect(screen.getByRole('button', { name: 'Move isle left' })).toBeDisabled();
    await userEvent.selectOptions(screen.getByTestId('room-3d-isle'), 'Isle 2');
    expect(props.onSelectIsle).toHaveBeenCalledWith('i2');
  });

  it('shows Saving… and blocks a second save while one is running', () => {
    renderToolbar({ editor: editingWith('i1'), saving: true });
    expect(screen.getByRole('button', { name: 'Saving…' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
  });
});

describe('EditorStatus', () => {
  const placements = new Map([['i1', { x: 2, z: 0.5, rotation: Math.PI / 2 }]]);

  it('is silent outside editing', () => {
    const { container } = render(
      <EditorStatus
        isles={isles}
        placements={placements}
        editor={initialEditorState}
        refusal={null}
      />,
    );
    expect(container).toBeEmptyDOMElement();
  });

  it('reads out the picked isle and a refusal', () => {
    render(
      <EditorStatus
        isles={isles}
        placements={placements}
        editor={editingWith('i1')}
        refusal="Isle 1 would overlap Isle 2"
      />,
    );
    expect(screen.getByTestId('isle-placement')).toHaveTextContent(
      'Isle 1: x 2 m, z 0.5 m, turned 90°',
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Isle 1 would overlap Isle 2');
  });
});
