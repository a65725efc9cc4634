import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Item } from '../../../../src/data/items/types';
import { accountIdOf } from '../../../../src/domain/ids';

const rpc = vi.fn();
const notify = vi.fn();
// undo_changes read for the move's change id: the newest move_items change is 'change-1'
const changes = {
  select: () => changes,
  eq: () => changes,
  order: () => changes,
  limit: () => Promise.resolve({ data: [{ change_id: 'change-1' }], error: null }),
};
const from = vi.fn(() => changes);
vi.mock('../../../../src/lib/supabase', () => ({ supabase: { rpc, from } }));
vi.mock('../../../../src/components/toasts', () => ({ notify, UNDO_TOAST_DURATION_MS: 10_000 }));

const { useMoveItems } = await import('../../../../src/features/move/use-move-items');
const { itemKeys } = await import('../../../../src/data/items/keys');

const item = (id: string, shelf: string): Item => ({
  item_id: id,
  item_name: `Item ${id}`,
  quantity: 1,
  unit_id: 'u1',
  shelf_id: shelf,
  barcode: null,
  sku: null,
  price_paid: null,
  expiry_date: null,
  reorder_level: null,
  created_at: '2026-01-01T00:00:00Z',
});

const target = { shelf_id: 's2', unit_id: 'u2', room_id: 'r1' };

function setup() {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  client.setQueryData(itemKeys.list(accountIdOf('user-1')), [item('a', 's1'), item('b', 's1')]);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const hook = renderHook(() => useMoveItems(accountIdOf('user-1')), { wrapper });
  const shelves = () =>
    client
      .getQueryData<Item[]>(itemKeys.list(accountIdOf('user-1')))!
      .map((i) => `${i.item_id}@${i.shelf_id}`);
  return { hook, shelves };
}

describe('useMoveItems', () => {
  beforeEach(() => {
    rpc.mockReset();
    notify.mockReset();
  });

  it('shows the move before the server answers, then says Item Moved', async () => {
    let answer: (value: unknown) => void = () => undefined;
    rpc.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const { hook, shelves } = setup();
    act(() => hook.result.current.mutate({ itemIds: ['a'], names: ['Item a'], target }));
    // On the new shelf while the server has not answered yet.
    await waitFor(() => expect(shelves()).toEqual(['a@s2', 'b@s1']));
    expect(hook.result.current.isPending).toBe(true);
    expect(rpc).toHaveBeenCalledWith('move_items', { p_item_ids: ['a'], p_shelf_id: 's2' });
    answer({ data: [{ ...item('a', 's2'), unit_id: 'u2' }], error: null });
    await waitFor(() => expect(hook.result.current.isSuccess).toBe(true));
    expect(shelves()).toEqual(['a@s2', 'b@s1']);
    expect(notify).toHaveBeenCalledWith(
      expect.objectContaining({
        kind: 'success',
        title: 'Item Moved',
        message: 'Item a was moved',
      }),
      // One 'Item Moved' toast, replaced by the next move's, not a stack over the shelves.
      expect.objectContaining({
        id: 'item-moved',
        action: expect.objectContaining({ label: 'Undo' }),
      }),
    );
  });

  it("offers Undo, which takes back the move's own change", async () => {
    rpc.mockResolvedValue({ data: [], error: null });
    const { hook } = setup();
    act(() => hook.result.current.mutate({ itemIds: ['a'], names: ['Item a'], target }));
    await waitFor(() => expect(hook.result.current.isSuccess).toBe(true));
    expect(from).toHaveBeenCalledWith('undo_changes');
    const options = notify.mock.calls[0]![1] as { action: { onClick: () => void } };
    rpc.mockResolvedValue({
      data: { change_id: 'change-1', action: 'move_items', summary: 'Moved 1 item(s)' },
      error: null,
    });
    act(() => options.action.onClick());
    await waitFor(() =>
      expect(rpc).toHaveBeenCalledWith('undo_change', { p_change_id: 'change-1' }),
    );
    await waitFor(() =>
      expect(notify).toHaveBeenCalledWith(
        expect.objectContaining({ title: 'Undone', message: 'Undid: Moved 1 item' }),
        { id: 'undo-result' },
      ),
    );
  });

  it('names how many moved when several go together', async () => {
    rpc.mockResolvedValue({ data: [], error: null });
    const { hook } = setup();
    act(() => hook.result.current.mutate({ itemIds: ['a', 'b'], names: ['x', 'y'], target }));
    await waitFor(() => expect(hook.result.current.isSuccess).toBe(true));
    expect(notify).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Item Moved', message: '2 items were moved' }),
      expect.objectContaining({
        id: 'item-moved',
        action: expect.objectContaining({ label: 'Undo' }),
      }),
    );
  });

  it('puts the items back and says Failed to update item location when refused', async () => {
    rpc.mockResolvedValue({ data: null, error: { message: 'Invalid location for item' } });
    const { hook, shelves } = setup();
    act(() => hook.result.current.mutate({ itemIds: ['a', 'b'], names: ['x', 'y'], target }));
    await waitFor(() => expect(hook.result.current.isError).toBe(true));
    expect(shelves()).toEqual(['a@s1', 'b@s1']);
    expect(notify).toHaveBeenCalledWith(
      expect.objectContaining({
        kind: 'error',
        title: 'Move Failed',
        message: 'Failed to update item location',
      }),
    );
  });
});
