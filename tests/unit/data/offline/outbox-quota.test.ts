// @vitest-environment node
// A photo taken offline is kept in IndexedDB with its files (issue #40): when the browser has no
// room left for it, the seller hears so and the photo is not kept in memory only (a reload would
// lose it silently); other changes keep their old way (memory, when the device cannot store them).
import { describe, expect, it, vi } from 'vitest';
import { accountIdOf } from '../../../../src/domain/ids';

const quota = () =>
  Promise.reject(new DOMException('The quota has been exceeded.', 'QuotaExceededError'));

vi.mock('../../../../src/data/offline/device-db', () => ({
  openDeviceDb: () =>
    Promise.resolve({
      outbox: { getAll: () => Promise.resolve([]), put: quota, delete: () => Promise.resolve() },
    }),
}));

const { outboxFor } = await import('../../../../src/data/offline/outbox');

const files = { photo: new Blob(['p']), thumb: new Blob(['t']), width: 1600, height: 1200 };

describe('a device out of room', () => {
  it('refuses a photo with a message and keeps nothing of it', async () => {
    const outbox = outboxFor(accountIdOf('quota-1'));
    await outbox.load();
    await expect(
      outbox.enqueue({ kind: 'photo', args: ['i1', 'p1', files], name: 'Lantern' }),
    ).rejects.toThrow(
      'This device has no room left to keep the photo. Connect to send the changes waiting, then try again.',
    );
    expect(outbox.snapshot.waiting).toEqual([]);

    await outbox.enqueue({ kind: 'update', args: ['i1', { quantity: 2 }], name: 'Lantern' });
    expect(outbox.snapshot.waiting.map((entry) => entry.change.kind)).toEqual(['update']);
  });
});
