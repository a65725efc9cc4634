// @ts-check
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX, createNodeResolver } from 'eslint-plugin-import-x';
import globals from 'globals';

const root = path.dirname(fileURLToPath(import.meta.url));

/** The features, read from the folder so that a new feature is covered the day it is created. */
function featureNames() {
  const featuresDir = path.join(root, 'src', 'features');
  if (!fs.existsSync(featuresDir)) return [];
  return fs
    .readdirSync(featuresDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
}

const APP = ['./src/App.tsx', './src/main.tsx'];

/**
 * The layer graph of docs/architecture.md#layers, one zone per rule: what each layer may not
 * import. Dynamic `import()` counts like a static import.
 */
export function layerZones() {
  const features = featureNames();
  const publicEntries = features.map((feature) => `./${feature}/index.ts`);
  return [
    {
      target: './src/domain',
      from: './src',
      except: ['./domain'],
      message: 'domain holds pure rules: it imports nothing of ours outside src/domain.',
    },
    {
      target: './src/service-worker',
      from: './src',
      except: ['./domain', './service-worker'],
      message: 'The service worker runs apart from the page: it imports only src/domain.',
    },
    {
      target: './src/lib',
      from: ['./src/components', './src/data', './src/features', './src/pages', ...APP],
      message: 'lib imports only lib and domain (no component, data, feature or page).',
    },
    {
      target: './src/components',
      from: ['./src/data', './src/features', './src/pages', ...APP],
      message: 'components import only components, lib and domain (no data, feature or page).',
    },
    {
      target: './src/data',
      from: ['./src/components', './src/features', './src/pages', ...APP],
      message: 'data imports only data, lib and domain.',
    },
    {
      target: './src/features',
      from: ['./src/pages', ...APP],
      message: 'features do not import pages or the app shell.',
    },
    // Only src/data talks to Supabase: features, pages and components get their data (the
    // session's auth calls included) from there, never the client, loaded lazily or not. The app
    // shell (main.tsx) may start loading the client early, beside the app's own code, on a
    // dashboard address: that warms the download and calls nothing on it.
    {
      target: ['./src/features', './src/pages', './src/components'],
      from: [
        './src/lib/supabase.ts',
        './src/lib/supabase-client.ts',
        './src/lib/supabase-loaded.ts',
      ],
      message:
        'Features, pages and components get data from src/data; only src/data talks to Supabase.',
    },
    // Features use each other only through the other feature's index.ts (its public API).
    ...features.map((feature) => ({
      target: `./src/features/${feature}`,
      from: './src/features',
      except: [
        `./${feature}`,
        ...publicEntries.filter((entry) => !entry.startsWith(`./${feature}/`)),
      ],
      message: 'Import another feature through its index.ts, not its internal files.',
    })),
    {
      target: './src/pages',
      from: './src/features',
      except: publicEntries,
      message: 'Pages use a feature through its index.ts, not its internal files.',
    },
  ];
}

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      '.local/**',
      'node_modules/**',
      'src/lib/database.types.ts',
      'test-results/**',
      'playwright-report/**',
      'bench/results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    settings: {
      // Without these, import-x cannot read a TypeScript module it follows and so sees no
      // cycle through it.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.jsx', '.mjs', '.cjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.js', '.jsx', '.mjs', '.cjs', '.json', '.d.ts'],
        }),
      ],
    },
    rules: {
      // Dynamic imports count: a cycle through import() still ties the modules together.
      'import-x/no-cycle': [
        'error',
        { ignoreExternal: true, allowUnsafeDynamicCyclicDependency: false },
      ],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
    },
  },
  // The browser app.
  {
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'import-x/no-restricted-paths': ['error', { zones: layerZones() }],
    },
  },
  // Node code: the local stack, functions, tests, benchmarks, scripts and config files.
  {
    files: [
      'local/**/*.{ts,js,mjs}',
      'netlify/**/*.{ts,js,mjs}',
      'tests/**/*.{ts,tsx}',
      'bench/**/*.{ts,js,mjs}',
      'scripts/**/*.{ts,js,mjs}',
      '*.{js,ts,mjs,cjs}',
    ],
    languageOptions: { globals: { ...globals.node } },
  },
  // The local stack turns start-up failures into one-line messages for the terminal, with the
  // underlying message in the text; chaining `cause` there would only repeat it.
  {
    files: ['local/**/*.{ts,js,mjs}'],
    rules: { 'preserve-caught-error': 'off' },
  },
  // Playwright's fixture callback is called `use`, which the hooks rules mistake for React's,
  // and fixtures without dependencies must destructure an empty object (Playwright reads the
  // parameter list to resolve dependencies).
  {
    files: ['tests/e2e/**/*.ts'],
    rules: { 'react-hooks/rules-of-hooks': 'off', 'no-empty-pattern': 'off' },
  },
);
