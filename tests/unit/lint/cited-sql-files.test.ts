// @vitest-environment node
// Comments point a reader at the SQL behind a screen or a function. Migrations are generated now
// and the schema files are the readable home, so a cited file that no longer exists sends a
// newcomer nowhere: every `supabase/migrations/…sql` or `supabase/schemas/…sql` named in the
// code, the functions, the scripts and the tests must be a file in the repository.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const FOLDERS = ['src', 'netlify', 'local', 'scripts', 'tests', 'bench', 'supabase/schemas'];
const CITED = /supabase\/(?:migrations|schemas)\/[\w.-]+\.sql/g;

function filesUnder(folder: string): string[] {
  const at = path.join(root, folder);
  if (!existsSync(at)) return [];
  return readdirSync(at).flatMap((name) => {
    const full = path.join(at, name);
    if (statSync(full).isDirectory()) return filesUnder(path.join(folder, name));
    return /\.(ts|tsx|sql|mjs)$/.test(name) ? [path.join(folder, name)] : [];
  });
}

describe('SQL files cited in comments', () => {
  it('all exist', () => {
    const missing: string[] = [];
    for (const file of FOLDERS.flatMap(filesUnder)) {
      for (const match of readFileSync(path.join(root, file), 'utf8').matchAll(CITED)) {
        if (!existsSync(path.join(root, match[0]))) missing.push(`${file}: ${match[0]}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
