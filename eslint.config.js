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

/**
 * Features may use each other only through the other feature's `index.ts` (its public API),
 * never by reaching into its files: one zone per feature, read from the folder so that a new
 * feature is covered the day it is created.
 */
function featureBoundaryZones() {
  const featuresDir = path.join(root, 'src', 'features');
  if (!fs.existsSync(featuresDir)) return [];
  const features = fs
    .readdirSync(featuresDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  return features.map((feature) => ({
    target: `./src/features/${feature}`,
    from: './src/features',
    except: [
      `./${feature}`,
      ...features.filter((other) => other !== feature).map((other) => `./${other}/index.ts`),
    ],
    message: 'Import another feature through its index.ts, not its internal files.',
  }));
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
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.js', '.jsx', '.mjs', '.cjs', '.json', '.d.ts'],
        }),
      ],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
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
      'import-x/no-restricted-paths': ['error', { zones: featureBoundaryZones() }],
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
