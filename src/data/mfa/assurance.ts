import type { Session } from '@supabase/supabase-js';

// How far a stored session has proved itself (aal1 or aal2), read from the session alone: the
// page's start-up asks this before any screen's code has loaded.

export type AssuranceLevel = 'aal1' | 'aal2';

export interface Assurance {
  /** What the session's access token proves ('aal' claim); null when it cannot be read. */
  currentLevel: AssuranceLevel | null;
  /** What the account can reach: aal2 once it has a verified factor. */
  nextLevel: AssuranceLevel | null;
}

/** The JWT payload's claims, or null for anything that is not a readable JWT. */
function jwtClaims(token: string): Record<string, unknown> | null {
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const base64 = part.replace(/-/g, '+').replace(/_/g, '/');
    const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
    const claims: unknown = JSON.parse(atob(padded));
    return typeof claims === 'object' && claims !== null
      ? (claims as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

function verifiedFactors(session: Session) {
  return (session.user.factors ?? []).filter((factor) => factor.status === 'verified');
}

/**
 * Same answer as supabase.auth.mfa.getAuthenticatorAssuranceLevel() gives for the stored session
 * (it reads the same two things), but synchronous, so a render can decide without a flash.
 */
export function assuranceOf(session: Session | null): Assurance {
  if (!session) return { currentLevel: null, nextLevel: null };
  const aal = jwtClaims(session.access_token)?.aal;
  const currentLevel = aal === 'aal1' || aal === 'aal2' ? aal : null;
  const nextLevel = verifiedFactors(session).length > 0 ? 'aal2' : currentLevel;
  return { currentLevel, nextLevel };
}

/**
 * The Supabase rule: the code step is due when the account can reach aal2 and the session has
 * not. A token whose level cannot be read counts as aal1: failing towards asking for the code
 * is safe, the database would refuse it anyway.
 */
export function needsCodeStep(level: {
  currentLevel: string | null;
  nextLevel: string | null;
}): boolean {
  return level.nextLevel === 'aal2' && level.currentLevel !== 'aal2';
}

export function sessionNeedsCodeStep(session: Session | null): boolean {
  return session !== null && needsCodeStep(assuranceOf(session));
}
