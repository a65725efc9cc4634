import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { TreeRoom } from '../../../../src/domain/storage-tree';
import type { EbayListing } from '../../../../src/data/ebay/listings';
import { PlaceListingDialog } from '../../../../src/features/ebay/place-listing-dialog';

const listing: EbayListing = {
  listing_id: '2045001',
  title: 'LEGO Technic Porsche 911',
  quantity: 2,
  image_url: null,
  sku: 'SR-0002',
  created_at: '2026-11-21T00:00:00Z',
};

const rooms: TreeRoom[] = [
  {
    room_id: 'r1',
    room_name: 'Garage',
    room_index: 1,
    isles: [
      {
        isle_id: 'i1',
        isle_index: 1,
        units: [
          {
            unit_id: 'u1',
            unit_name: 'A',
            unit_index: 1,
            shelves: [
              { shelf_id: 's1', shelf_index: 1 },
              { shelf_id: 's2', shelf_index: 2 },
            ],
          },
          {
            unit_id: 'u2',
            unit_name: 'B',
            unit_index: 2,
            shelves: [{ shelf_id: 's3', shelf_index: 1 }],
          },
        ],
      },
    ],
  },
];

describe('PlaceListingDialog', () => {
  it('places on the shelf chosen with the keyboard', async () => {
    const user = userEvent.setup();
    const onPlace = vi.fn();
    render(
      <PlaceListingDialog
        listing={listing}
        rooms={rooms}
        busy={false}
        onPlace={onPlace}
        onClose={vi.fn()}
      />,
    );
    expect(screen.getByRole('dialog', { name: 'Place on shelf' })).toBeInTheDocument();
    expect(screen.getByText('LEGO Technic Porsche 911')).toBeInTheDocument();
    expect(screen.getByTestId('place-listing-location')).toHaveTextContent(
      '2 × will go to Garage › Isle 1 › A › Shelf 1',
    );

    await user.selectOptions(screen.getByLabelText('Unit'), 'u2');
    expect(screen.getByLabelText('Shelf')).toHaveValue('s3');
    await user.selectOptions(screen.getByLabelText('Unit'), 'u1');
    await user.selectOptions(screen.getByLabelText('Shelf'), 's2');
    expect(screen.getByTestId('place-listing-location')).toHaveTextContent(
      'Garage › Isle 1 › A › Shelf 2',
    );
    await user.click(screen.getByRole('button', { name: 'Place' }));
    expect(onPlace).toHaveBeenCalledWith('s2');
  });

  it('explains what to do when there is no shelf yet, and cannot place', () => {
    render(
      <PlaceListingDialog
        listing={listing}
        rooms={[]}
        busy={false}
        onPlace={vi.fn()}
        onClose={vi.fn()}
      />,
    );
    expect(screen.getByTestId('place-listing-no-shelves')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Place' })).toBeDisabled();
  });

  it('Cancel and Escape close it without placing', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    const onPlace = vi.fn();
    render(
      <PlaceListingDialog
        listing={listing}
        rooms={rooms}
        busy={false}
        onPlace={onPlace}
        onClose={onClose}
      />,
    );
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(2);
    expect(onPlace).not.toHaveBeenCalled();
  });
});
