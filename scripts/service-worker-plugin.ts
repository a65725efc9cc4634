import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import type { Plugin } from 'vite';

const SOURCE = path.resolve(import.meta.dirname, '../src/service-worker/sw.ts');

/** The public files the installed app needs offline (the landing page's photo is not one). */
function publicFiles(publicDir: string): string[] {
  const icons = readdirSync(path.join(publicDir, 'icons')).map((name) => `/icons/${name}`);
  return ['/favicon.svg', '/manifest.webmanifest', ...icons];
}

/**
 * Builds `/sw.js` after the app: it lists every file of this build to keep offline, and its
 * version is a hash of their names and contents, so a worker changes exactly when the app does
 * (the browser installs a new worker only when its bytes change).
 */
export function serviceWorker(): Plugin {
  let publicDir = '';
  return {
    name: 'stockroom-service-worker',
    apply: 'build',
    configResolved(config) {
      publicDir = config.publicDir;
    },
    // After writing, when the bundle is final (empty chunks of CSS-only modules are gone by then).
    async writeBundle(options, bundle) {
      const built = Object.keys(bundle)
        .filter((name) => name.startsWith('assets/'))
        .map((name) => `/${name}`);
      const statics = publicFiles(publicDir);
      const hash = createHash('sha256');
      for (const name of [...built].sort()) hash.update(name);
      for (const name of statics)
        hash.update(name).update(readFileSync(path.join(publicDir, name)));
      const version = hash.digest('hex').slice(0, 16);
      const result = await build({
        entryPoints: [SOURCE],
        bundle: true,
        format: 'iife',
        target: 'es2022',
        minify: true,
        write: false,
        define: {
          __PRECACHE__: JSON.stringify([...statics, ...built]),
          __VERSION__: JSON.stringify(version),
        },
      });
      const code = result.outputFiles[0]?.text;
      if (!code) throw new Error('The service worker did not build');
      if (!options.dir) throw new Error("The service worker needs the build's output folder");
      writeFileSync(path.join(options.dir, 'sw.js'), code);
    },
  };
}
