// @vitest-environment node
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ensureBuilt } from '../../../local/build';

// ensureBuilt on a tiny project of its own: its config records which process ran the build, so
// the test can tell a build in a child process from one in the caller's.
const CONFIG = `import fs from 'node:fs';
export default {
  logLevel: 'warn',
  build: { outDir: process.env.STOCKROOM_DIST_DIR },
  plugins: [{
    name: 'record-pid',
    buildStart() { this.warn('building in ' + process.pid); },
    generateBundle() { this.emitFile({ type: 'asset', fileName: 'pid.txt', source: String(process.pid) }); },
  }],
};
`;

async function project(main: string): Promise<string> {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'stockroom-build-test-'));
  await fs.mkdir(path.join(root, 'src'));
  await fs.writeFile(path.join(root, 'vite.config.mjs'), CONFIG);
  await fs.writeFile(
    path.join(root, 'index.html'),
    '<!doctype html><script type="module" src="/src/main.js"></script>',
  );
  await fs.writeFile(path.join(root, 'src', 'main.js'), main);
  return root;
}

describe('ensureBuilt', () => {
  const roots: string[] = [];
  afterEach(async () => {
    for (const root of roots.splice(0)) await fs.rm(root, { recursive: true, force: true });
  });

  it('builds in a child process that exits, streaming its warnings, and leaves our env alone', async () => {
    const root = await project('document.body.textContent = "ok";');
    roots.push(root);
    const distDir = path.join(root, 'dist');
    const lines: string[] = [];
    const result = await ensureBuilt({
      root,
      distDir,
      env: { VITE_FROM_TEST: '1' },
      log: (l) => lines.push(l),
    });
    expect(result.built).toBe(true);
    const pid = Number(await fs.readFile(path.join(distDir, 'pid.txt'), 'utf8'));
    expect(pid).toBeGreaterThan(0);
    expect(pid).not.toBe(process.pid);
    expect(() => process.kill(pid, 0)).toThrow(); // the child has exited
    expect(lines.some((l) => l.includes(`building in ${pid}`))).toBe(true);
    expect(process.env.STOCKROOM_DIST_DIR).toBeUndefined();
    expect(process.env.VITE_FROM_TEST).toBeUndefined();
    // Same sources: no second build.
    expect(
      (await ensureBuilt({ root, distDir, env: { VITE_FROM_TEST: '1' }, log: () => undefined }))
        .built,
    ).toBe(false);
  }, 60_000);

  it("rejects with the build's error and keeps the previous build when the build fails", async () => {
    const root = await project('document.body.textContent = "ok";');
    roots.push(root);
    const distDir = path.join(root, 'dist');
    await ensureBuilt({ root, distDir, log: () => undefined });
    await fs.writeFile(path.join(root, 'src', 'main.js'), 'export const = ;');
    await expect(ensureBuilt({ root, distDir, log: () => undefined })).rejects.toThrow(
      /The app's build failed \(vite build exited with code 1\):[\s\S]*main\.js/,
    );
    expect(await fs.readFile(path.join(distDir, 'pid.txt'), 'utf8')).toMatch(/^\d+$/);
    const left = await fs.readdir(root);
    expect(left.filter((name) => name.startsWith('dist.'))).toEqual([]);
  }, 60_000);
});
