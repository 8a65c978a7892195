// @ts-check
import { readdirSync } from 'node:fs';
import checkFile from 'eslint-plugin-check-file';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/*
 * One lint for the whole tree (npm run lint, part of npm test). What it is for: hook dependency bugs,
 * feature boundaries in the frontend (a feature imports shared code, never another feature), the
 * frontend never importing the backend or the worker, no import cycles, one file-naming rule. Formatting
 * is Prettier's (npm run format), not ESLint's.
 */

const features = readdirSync(new URL('./frontend/src/features', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'frontend/dev-dist/**',
      'e2e/artifacts/**',
      'coverage/**',
      '**/*.d.ts',
    ],
  },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX, 'check-file': checkFile },
    languageOptions: { globals: { ...globals.node } },
    settings: { 'import-x/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-self-import': 'error',
      'import-x/no-duplicates': ['error', { 'prefer-inline': true }],
      // One naming rule: modules camelCase, React components PascalCase, tests and configs keep their suffixes.
      'check-file/filename-naming-convention': [
        'error',
        { '**/*.ts': 'CAMEL_CASE', '**/*.tsx': '+([A-Z])*([a-zA-Z0-9])|+([a-z])*([a-zA-Z0-9])' },
        { ignoreMiddleExtensions: true },
      ],
      'no-console': 'error',
    },
  },
  {
    files: ['frontend/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      // The browser's console is where a client reports what it caught; no stray logging.
      'no-console': ['error', { allow: ['warn', 'error'] }],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@barber/backend', '@barber/backend/*', '@barber/worker', '@barber/worker/*'],
              message: 'The frontend talks to the backend over HTTP only; shared code lives in @barber/shared.',
            },
            {
              group: ['**/backend/src/**', '**/worker/src/**'],
              message: 'The frontend talks to the backend over HTTP only; shared code lives in @barber/shared.',
            },
          ],
        },
      ],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: features.map((feature) => ({
            target: `./frontend/src/features/${feature}`,
            from: './frontend/src/features',
            except: [`./${feature}`],
            message: 'A feature imports shared code (components, lib, stores), never another feature.',
          })),
        },
      ],
    },
  },
  {
    // Tests read answers of any shape; the typed surface is the application code.
    files: [
      '**/*.test.ts',
      '**/*.test.tsx',
      'backend/src/test/**',
      'frontend/src/test/**',
      'backend/src/contract/**',
      'backend/src/realtime/liveFixtures.ts',
      'e2e/**',
    ],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // The command-line entry points and scripts talk to the terminal; the bench prints its figures.
    files: [
      '**/*Cli.ts',
      'scripts/**',
      'bench/**',
      '.ci/**',
      '**/*.test.ts',
      '**/*.test.tsx',
      'e2e/**',
      'backend/src/test/**',
    ],
    rules: { 'no-console': 'off' },
  },
);
