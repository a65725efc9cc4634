import { useMutation } from '@tanstack/react-query';
import { loadSupabase } from '../../lib/supabase-client';

export async function updatePassword(password: string): Promise<void> {
  const supabase = await loadSupabase();
  const { error } = await supabase.auth.updateUser({ password });
  if (error) throw error;
}

export function useUpdatePassword() {
  return useMutation({ mutationFn: updatePassword });
}
