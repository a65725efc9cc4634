// @vitest-environment node
// The app's first bundle (what every page loads, the sign-in form and the password-reset link
// included) must not create the Supabase client: `lib/supabase.ts` makes it when evaluated, and
// then supabase-js reads a recovery link before the session provider listens, so the "Choose a
// new password" dialog never opens. It also keeps supabase-js out of the public pages' paint.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const src = path.resolve(import.meta.dirname, '../../../src');
const EAGER_CLIENT = path.join(src, 'lib/supabase.ts');

// Static imports and re-exports of values (`import type` and dynamic `import()` excluded).
const STATIC_IMPORT = /^(?:import|export)\s+(?!type\b)(?:[^'";]*?\bfrom\s+)?['"]([^'"]+)['"]/gm;

function resolve(from: string, spec: string): string | null {
  if (!spec.startsWith('.')) return null;
  const base = path.resolve(path.dirname(from), spec);
  for (const candidate of [`${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`]) {
    if (existsSync(candidate)) return candidate;
  }
  return null;
}

/** The chain of static imports from `entry` to `target`, or null when there is none. */
function chainTo(entry: string, target: string): string[] | null {
  const cameFrom = new Map<string, string | null>([[entry, null]]);
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.shift()!;
    if (file === target) {
      const chain: string[] = [];
      for (let at: string | null = file; at; at = cameFrom.get(at) ?? null)
        chain.unshift(path.relative(src, at));
      return chain;
    }
    for (const match of readFileSync(file, 'utf8').matchAll(STATIC_IMPORT)) {
      const next = resolve(file, match[1]!);
      if (next && !cameFrom.has(next)) {
        cameFrom.set(next, file);
        queue.push(next);
      }
    }
  }
  return null;
}

describe('the first bundle', () => {
  it('does not reach the eager Supabase client from App or main', () => {
    expect(chainTo(path.join(src, 'App.tsx'), EAGER_CLIENT)).toBeNull();
    expect(chainTo(path.join(src, 'main.tsx'), EAGER_CLIENT)).toBeNull();
  });

  it('finds such a chain where one exists', () => {
    // The dashboard layout is behind sign-in and may use the client directly.
    expect(
      chainTo(path.join(src, 'pages/dashboard/dashboard-layout.tsx'), EAGER_CLIENT),
    ).not.toBeNull();
  });
});
