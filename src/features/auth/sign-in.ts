import { useMutation } from '@tanstack/react-query';
import { loadSupabase } from '../../lib/supabase-client';

export interface Credentials {
  email: string;
  password: string;
}

export async function signInWithPassword({ email, password }: Credentials) {
  const supabase = await loadSupabase();
  const { data, error } = await supabase.auth.signInWithPassword({ email: email.trim(), password });
  if (error) throw error;
  return data;
}

export function useSignIn() {
  return useMutation({ mutationFn: signInWithPassword });
}
