import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ScanEntry } from '../../../../src/domain/scan-session';
import { ScanList } from '../../../../src/features/barcodes/scan-list';

const entry = (over: Partial<ScanEntry>): ScanEntry => ({
  code: '5012345678900',
  name: 'Blue mug',
  matched: false,
  source: 'scanner',
  status: 'pending',
  ...over,
});

describe('ScanList: a photo right after a scan', () => {
  it('offers Add photo on a saved scan only, naming the item it went to', () => {
    const onAddPhoto = vi.fn();
    render(
      <ScanList
        entries={[
          entry({ code: '1', status: 'pending' }),
          entry({ code: '2', status: 'added', itemId: 'item-2', name: 'Teapot' }),
          entry({ code: '3', status: 'failed' }),
        ]}
        onRemove={() => undefined}
        onAddPhoto={onAddPhoto}
      />,
    );
    const buttons = screen.getAllByTestId('scan-entry-photo');
    expect(buttons).toHaveLength(1);
    expect(buttons[0]!.closest('[data-code]')?.getAttribute('data-code')).toBe('2');
    fireEvent.click(screen.getByRole('button', { name: 'Add photo of Teapot' }));
    expect(onAddPhoto).toHaveBeenCalledWith('item-2', 'Teapot');
  });

  it('offers none when the role may not add photos (no handler)', () => {
    render(
      <ScanList entries={[entry({ status: 'added', itemId: 'i' })]} onRemove={() => undefined} />,
    );
    expect(screen.queryByTestId('scan-entry-photo')).toBeNull();
  });
});
