// @vitest-environment node
// The lint config enforces the layer graph (docs/architecture.md#layers): each rule must refuse a
// deliberate violation, written as a small file placed in the layer it breaks.
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const LAYERS = 'import-x/no-restricted-paths';
const CYCLES = 'import-x/no-cycle';

/**
 * ESLint with the project's own config (eslint.config.js: its zones, file patterns, resolver and
 * parser settings), every rule it turns on for src/ switched off but `rule`. The snippets below
 * then pay for the rule they test only: the import cycle check reads the whole app's import
 * graph, and would do so for every snippet.
 */
async function eslintWithOnly(rule: string): Promise<ESLint> {
  const config = (await new ESLint({ cwd: root }).calculateConfigForFile(
    path.join(root, 'src/x.ts'),
  )) as { rules?: Record<string, unknown> };
  const rules = Object.keys(config.rules ?? {});
  expect(rules).toContain(rule);
  const off = Object.fromEntries(
    rules.filter((id) => id !== rule).map((id) => [id, 'off'] as const),
  );
  return new ESLint({ cwd: root, overrideConfig: { rules: off } });
}

let layers: Promise<ESLint> | undefined;
let cycles: Promise<ESLint> | undefined;

/** The rule ids ESLint reports for `code` as if it were the file at `file`. */
async function lintWith(eslint: ESLint, file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).map((message) => message.ruleId ?? message.message);
}

/** What the layer rule (and only it) reports for `code` at `file`. */
async function lintAs(file: string, code: string): Promise<string[]> {
  layers ??= eslintWithOnly(LAYERS);
  return lintWith(await layers, file, code);
}

/** What the import cycle rule (and only it) reports for `code` at `file`. */
async function cyclesAs(file: string, code: string): Promise<string[]> {
  cycles ??= eslintWithOnly(CYCLES);
  return lintWith(await cycles, file, code);
}

describe('the layer graph', { timeout: 120_000 }, () => {
  it('domain imports nothing of ours', async () => {
    expect(
      await lintAs('src/domain/x.ts', "export { messages } from '../lib/messages';\n"),
    ).toContain(LAYERS);
    expect(await lintAs('src/domain/x.ts', "export { getPlan } from './plans';\n")).not.toContain(
      LAYERS,
    );
  });

  it('lib imports no component, data, feature or page', async () => {
    expect(
      await lintAs('src/lib/x.ts', "export { notify } from '../components/toasts';\n"),
    ).toContain(LAYERS);
    expect(
      await lintAs('src/lib/x.ts', "export { toDataError } from '../data/errors';\n"),
    ).toContain(LAYERS);
    expect(
      await lintAs('src/lib/x.ts', "export { TeamPage } from '../features/team';\n"),
    ).toContain(LAYERS);
    expect(
      await lintAs('src/lib/x.ts', "export { getPlan } from '../domain/plans';\n"),
    ).not.toContain(LAYERS);
  });

  it('components import no data, feature or page, dynamic imports included', async () => {
    expect(
      await lintAs(
        'src/components/x.ts',
        "export const load = () => import('../features/team');\n",
      ),
    ).toContain(LAYERS);
    expect(
      await lintAs('src/components/x.ts', "export { toDataError } from '../data/errors';\n"),
    ).toContain(LAYERS);
    expect(
      await lintAs('src/components/x.ts', "export { messages } from '../lib/messages';\n"),
    ).not.toContain(LAYERS);
  });

  it('data imports only data, lib and domain', async () => {
    expect(
      await lintAs('src/data/x.ts', "export { notify } from '../components/toasts';\n"),
    ).toContain(LAYERS);
    expect(
      await lintAs('src/data/x.ts', "export { TeamPage } from '../features/team';\n"),
    ).toContain(LAYERS);
    expect(
      await lintAs('src/data/x.ts', "export { errorMessage } from '../lib/errors';\n"),
    ).not.toContain(LAYERS);
  });

  it("features use another feature's index only, and no page", async () => {
    expect(
      await lintAs('src/features/team/x.ts', "export { useSignOut } from '../auth/sign-out';\n"),
    ).toContain(LAYERS);
    expect(
      await lintAs('src/features/team/x.ts', "export { useAuth } from '../auth';\n"),
    ).not.toContain(LAYERS);
    expect(
      await lintAs(
        'src/features/team/x.ts',
        "export const load = () => import('../../pages/home-page');\n",
      ),
    ).toContain(LAYERS);
  });

  it('features do not use the Supabase client: their data comes from src/data', async () => {
    expect(
      await lintAs('src/features/team/x.ts', "export { supabase } from '../../lib/supabase';\n"),
    ).toContain(LAYERS);
    expect(
      await lintAs(
        'src/features/team/x.ts',
        "export const load = () => import('../../lib/supabase');\n",
      ),
    ).toContain(LAYERS);
    expect(
      await lintAs('src/data/x.ts', "export { supabase } from '../lib/supabase';\n"),
    ).not.toContain(LAYERS);
  });

  it('features, pages and components do not load the lazy Supabase client either', async () => {
    expect(
      await lintAs(
        'src/features/auth/x.ts',
        "export { loadSupabase } from '../../lib/supabase-client';\n",
      ),
    ).toContain(LAYERS);
    expect(
      await lintAs('src/pages/x.ts', "export { loadSupabase } from '../lib/supabase-client';\n"),
    ).toContain(LAYERS);
    expect(
      await lintAs(
        'src/components/x.ts',
        "export const load = () => import('../lib/supabase-client');\n",
      ),
    ).toContain(LAYERS);
    expect(
      await lintAs('src/data/x.ts', "export { loadSupabase } from '../lib/supabase-client';\n"),
    ).not.toContain(LAYERS);
  });

  it("pages use a feature's public entry point only", async () => {
    expect(
      await lintAs('src/pages/x.ts', "export { useSignOut } from '../features/auth/sign-out';\n"),
    ).toContain(LAYERS);
    expect(
      await lintAs('src/pages/x.ts', "export { useSignIn } from '../features/auth';\n"),
    ).not.toContain(LAYERS);
  });

  it('refuses an import cycle made through a dynamic import', async () => {
    // screens.ts imports when-idle.ts; a when-idle that loaded screens would close the circle.
    expect(
      await cyclesAs(
        'src/pages/dashboard/when-idle-cycle.ts',
        "export const load = () => import('./screens');\n",
      ),
    ).not.toContain(CYCLES);
    expect(
      await cyclesAs(
        'src/lib/when-idle.ts',
        "export const load = () => import('../pages/dashboard/screens');\n",
      ),
    ).toContain(CYCLES);
  });
});
