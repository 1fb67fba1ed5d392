// Import zones keep the house in shape: the browser bundle never pulls server code, and the
// contract (shared by both sides) depends on neither.
//
// Inside web/ (decision 0061): a feature (web/features/X) imports web/components, web/lib,
// contract/, its own folder, the few app-wide services of web/app listed in appForFeatures, and of
// another feature only that feature's index.ts, which names what the feature offers the others
// (a dashboard card, a tab, a hook), or an index-<part>.ts beside it where two features need
// different parts and one index would make each screen download the other's part. Something two features share otherwise lives in web/components
// (UI) or web/lib (logic, query keys); web/app composes the features (router, menu, layouts).
// No import cycles in web/, contract/ or server/ (import-x/no-cycle).
import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import globals from 'globals';

const root = import.meta.dirname;
const features = readdirSync(resolve(root, 'web/features'), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
/** What of web/app a feature may import: route paths, the flash message carried by navigation, the
 * theme mode and the antd scope; the rest of web/app (router, menu, layouts, guards) composes features. */
const appForFeatures = ['paths.ts', 'flash.ts', 'theme.tsx', 'ant-app-outlet.tsx'];
/** The sign-in, 403 and 404 pages are drawn by the shell itself: its guards and layouts. */
const appForAuth = ['guards.tsx', 'layouts'];
const featureZones = features.flatMap((name) => [
  {
    target: `${root}/web/features/${name}/**`,
    from: `${root}/web/features/*/**`,
    except: [`${root}/web/features/${name}/**`, `${root}/web/features/*/index{,-*}.ts`],
    message:
      'Fitur lain hanya lewat index.ts (atau index-*.ts)-nya; yang dipakai bersama pindah ke web/components atau web/lib.',
  },
  {
    target: `${root}/web/features/${name}/**`,
    from: `${root}/web/app`,
    except: [...appForFeatures, ...(name === 'auth' ? appForAuth : [])].map((f) => `./${f}`),
    message: 'web/app menyusun fitur: fitur hanya memakai paths, flash, theme dan ant-app-outlet darinya.',
  },
]);
const sharedZones = ['web/components', 'web/lib'].map((dir) => ({
  target: `${root}/${dir}/**`,
  from: `${root}/web/features/**`,
  message: 'web/components dan web/lib dipakai fitur, tidak memakai fitur.',
}));

const serverImports = {
  group: ['#server/*', '**/server/**'],
  message: 'web/ dan contract/ tidak boleh mengimpor server/.',
};
const webImports = { group: ['#web/*', '**/web/**'], message: 'contract/ dan server/ tidak boleh mengimpor web/.' };

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'data/**',
      '.tmp/**',
      'test-results/**',
      'playwright-report/**',
      'server/db/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      'no-restricted-imports': ['error', { patterns: [serverImports] }],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}', 'contract/**/*.ts', 'server/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: [...featureZones, ...sharedZones] }] },
  },
  { files: ['server/**/*.ts'], rules: { 'no-restricted-imports': ['error', { patterns: [webImports] }] } },
  {
    files: ['contract/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [serverImports, webImports] }] },
  },
);
