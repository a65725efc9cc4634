// Transfer ownership (issue #36): the owner hands the current account to another member through
// rpc transfer_ownership; a refusal reads as the database wrote it, and afterwards the whole cache
// is read again (the caller is a manager now: billing and the eBay connection are no longer theirs).
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { userIdOf } from '../../../../src/domain/ids';

const rpc = vi.fn();
vi.mock('../../../../src/lib/supabase-client', () => ({
  loadSupabase: () => Promise.resolve({ rpc }),
}));

const { transferOwnership, useTransferOwnership } =
  await import('../../../../src/data/team/team-changes');
const { DataError } = await import('../../../../src/data/errors');

const owner = userIdOf('9b2f6c1e-0000-4000-8000-00000000000a');
const manager = userIdOf('9b2f6c1e-0000-4000-8000-00000000000b');

describe('transferOwnership', () => {
  beforeEach(() => rpc.mockReset());

  it('asks the database to make the member the owner, by their user id', async () => {
    rpc.mockResolvedValue({ data: null, error: null });
    await transferOwnership(manager);
    expect(rpc).toHaveBeenCalledWith('transfer_ownership', { p_user_id: manager });
  });

  it("gives the database's refusal as a DataError with its message and code", async () => {
    rpc.mockResolvedValue({
      data: null,
      error: { message: 'Only the account owner can do this.', code: '42501' },
    });
    const refused = await transferOwnership(manager).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DataError);
    expect(refused).toMatchObject({ message: 'Only the account owner can do this.', code: '42501' });
  });

  it('reads the whole cache again afterwards, and tells the screen', async () => {
    rpc.mockResolvedValue({ data: null, error: null });
    const queryClient = new QueryClient();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    const onSuccess = vi.fn();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => useTransferOwnership(owner, { onSuccess }), { wrapper });
    act(() => result.current.mutate(manager));
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(onSuccess).toHaveBeenCalledWith(undefined, manager);
    await waitFor(() => expect(invalidate).toHaveBeenCalledWith());
  });
});
