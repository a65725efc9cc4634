import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './scripts/precompress-plugin.ts';
import { routePreloads } from './scripts/route-preloads-plugin.ts';
import { serviceWorker } from './scripts/service-worker-plugin.ts';

const src = (file: string) => path.resolve(import.meta.dirname, 'src', file);

// Each set of modules becomes one chunk instead of dozens of small shared ones (on a slow line
// every request costs a round trip): the entry's own (it paints nothing itself, so it carries no
// stylesheet: the HTML's loading state shows until the app's arrives), the app and the public
// pages, supabase-js and the client made from it, and the dashboard's first screen (the inventory).
const ROOTS = {
  boot: [src('main.tsx')],
  app: [src('App.tsx'), src('lib/query-client.ts')],
  supabase: [src('lib/supabase.ts')],
  inventory: [
    src('pages/dashboard/dashboard-layout.tsx'),
    src('pages/dashboard/inventory-page.tsx'),
    src('pages/dashboard/start-early.ts'),
  ],
};
type Closures = Record<keyof typeof ROOTS, Set<string>>;
// Other screens that a feature's index drags along (the inventory imports one panel and one hook
// of the eBay feature, whose index also exports its orders screen): the closures stop at them,
// so they stay in their own screens' chunks instead of the inventory's.
const OTHER_SCREENS = new Set(
  [
    'features/ebay/orders-screen.tsx',
    'features/ebay/integrations-screen.tsx',
    'features/ebay/callback-screen.tsx',
    'features/import-export/import-screen.tsx',
    'features/import-export/export-screen.tsx',
    'features/ebay/ebay-check-screen.tsx',
    'features/items/products-table.tsx',
    'features/items/low-stock-table.tsx',
    'features/count/count-screen.tsx',
    'features/count/not-counted-list.tsx',
  ].map(src),
);
const SUPABASE = /[\\/]node_modules[\\/]@supabase[\\/]/;
const REACT =
  /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|@tanstack[\\/]query-core|@tanstack[\\/]react-query)[\\/]/;

/** The modules each set of roots imports statically, read from the module graph before chunking. */
function staticClosures(): Plugin & { sets: Closures } {
  const sets: Closures = {
    boot: new Set(),
    app: new Set(),
    supabase: new Set(),
    inventory: new Set(),
  };
  return {
    name: 'stockroom-static-closures',
    apply: 'build',
    sets,
    buildEnd() {
      for (const [name, roots] of Object.entries(ROOTS)) {
        const into = sets[name as keyof Closures];
        const queue = [...roots];
        while (queue.length > 0) {
          const id = queue.pop()!;
          // supabase-js is left to the bundler: the app uses a few of its error classes, which
          // it splits off, and the sign-in code takes the rest (a barrel's every module
          // would be counted here).
          if (into.has(id) || SUPABASE.test(id) || OTHER_SCREENS.has(id)) continue;
          const info = this.getModuleInfo(id);
          if (!info) continue;
          into.add(id);
          queue.push(...info.importedIds);
        }
      }
    },
  };
}

const closures = staticClosures();
const { sets } = closures;
const earlier = (id: string, ...names: Array<keyof Closures>) => names.some((n) => sets[n].has(id));

export default defineConfig({
  plugins: [
    react(),
    closures,
    routePreloads({
      always: ['src/App.tsx', 'src/lib/query-client.ts'],
      routes: {
        '/dashboard': [
          'src/pages/dashboard/dashboard-layout.tsx',
          'src/pages/dashboard/start-early.ts',
          'src/lib/supabase.ts',
        ],
        '/dashboard/inventory': ['src/pages/dashboard/inventory-page.tsx'],
        // The forms sign in with supabase-js: downloaded with the page, not on the click.
        '/login': ['src/lib/supabase.ts'],
        '/signup': ['src/lib/supabase.ts'],
      },
    }),
    serviceWorker(),
    precompress(),
  ],
  build: {
    outDir: process.env.STOCKROOM_DIST_DIR ?? 'dist',
    emptyOutDir: true,
    sourcemap: false,
    rolldownOptions: {
      // A feature's index re-exports all of it; a screen that needs one hook of it should not
      // bring the feature's other screens (the inventory brought eBay's orders and the CSV
      // importer, 21 KB gzipped). Features' modules only declare things, so what nobody uses
      // can be left out.
      treeshake: {
        moduleSideEffects: (id) =>
          /[\\/]src[\\/]features[\\/].*\.tsx?$/.test(id) ? false : undefined,
      },
      output: {
        codeSplitting: {
          groups: [
            { name: 'react', test: REACT, priority: 5 },
            // Not main.tsx itself: it awaits the app, whose chunk imports the boot chunk, which must
            // have finished by then (in one chunk, the two would wait on each other forever).
            { name: 'boot', test: (id) => sets.boot.has(id) && id !== ROOTS.boot[0], priority: 4 },
            { name: 'app', test: (id) => sets.app.has(id) && !earlier(id, 'boot'), priority: 3 },
            {
              name: 'supabase',
              test: (id) => sets.supabase.has(id) && !earlier(id, 'boot', 'app'),
              priority: 2,
            },
            {
              name: 'inventory',
              test: (id) => sets.inventory.has(id) && !earlier(id, 'boot', 'app', 'supabase'),
              priority: 1,
            },
          ],
        },
      },
    },
  },
  server: { port: Number(process.env.VITE_PORT ?? 5173), strictPort: false },
});
