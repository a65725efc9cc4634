import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

// The item dialog's photo viewer (docs/product.md#photos): one step rule for the buttons, the
// arrow keys and a swipe. The data hooks stand in for three listed photos.
const photos = vi.hoisted(() =>
  ['p1', 'p2', 'p3'].map((id, position) => ({
    photo_id: id,
    item_id: 'item-1',
    position,
    object_name: `acc/item-1/${id}.jpg`,
  })),
);
vi.mock('../../../../src/lib/supabase', () => ({ supabase: {} }));
vi.mock('../../../../src/data/photos/list-photos', () => ({
  usePhotosByItem: () => new Map([['item-1', photos]]),
}));
vi.mock('../../../../src/data/photos/signed-urls', () => ({
  usePhotoUrl: (_account: string, name: string | undefined) => (name ? `blob:${name}` : null),
}));
vi.mock('../../../../src/data/photos/add-photo', () => ({
  useAddPhotoMutation: () => ({ mutate: vi.fn(), isPending: false }),
}));
vi.mock('../../../../src/data/photos/remove-photo', () => ({
  useRemovePhotoMutation: () => ({ mutate: vi.fn(), isPending: false }),
}));
vi.mock('../../../../src/features/account', () => ({
  useAccountId: () => 'acc',
  useCan: () => false,
}));

import { ItemPhotos } from '../../../../src/features/photos';

const shownId = () => screen.getByTestId('item-photo').getAttribute('data-photo-id');

describe('photo viewer', () => {
  it('steps by the buttons, the arrow keys and a swipe, never past either end', () => {
    render(<ItemPhotos itemId="item-1" itemName="Blue mug" />);
    const previous = screen.getByTestId('item-photo-previous');
    const next = screen.getByTestId('item-photo-next');
    expect(shownId()).toBe('p1');
    expect(previous).toHaveProperty('disabled', true);
    expect(next).toHaveProperty('disabled', false);

    fireEvent.click(next);
    expect(shownId()).toBe('p2');
    expect(screen.getByTestId('item-photos-count').textContent).toBe('2 of 3 (at most 6)');
    expect(previous).toHaveProperty('disabled', false);

    const view = screen.getByTestId('item-photo-view');
    fireEvent.keyDown(view, { key: 'ArrowRight' });
    expect(shownId()).toBe('p3');
    expect(next).toHaveProperty('disabled', true);
    fireEvent.click(next);
    expect(shownId()).toBe('p3');

    // a swipe to the right goes back one; a short move is no swipe; a swipe left goes on
    fireEvent.pointerDown(view, { clientX: 100 });
    fireEvent.pointerUp(view, { clientX: 180 });
    expect(shownId()).toBe('p2');
    fireEvent.pointerDown(view, { clientX: 100 });
    fireEvent.pointerUp(view, { clientX: 90 });
    expect(shownId()).toBe('p2');
    fireEvent.pointerDown(view, { clientX: 200 });
    fireEvent.pointerUp(view, { clientX: 100 });
    expect(shownId()).toBe('p3');

    fireEvent.keyDown(view, { key: 'ArrowLeft' });
    fireEvent.click(previous);
    expect(shownId()).toBe('p1');
    expect(previous).toHaveProperty('disabled', true);
  });
});
