// One lint setup for the whole repository: typescript-eslint (type-aware), import order, React
// hooks, and the import boundaries of docs/architecture.md.
import { readdirSync } from 'node:fs';

import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import reactHooks from 'eslint-plugin-react-hooks';
import simpleImportSort from 'eslint-plugin-simple-import-sort';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const webFeatures = readdirSync('apps/web/src/features');
const serverModules = readdirSync('apps/server/src/modules');

const BOUNDARY =
  'Features do not import each other; move what they share into lib, components or the contract.';

/** Per feature folder: it may not import another feature (by alias or relative path), nor app/. */
const featureBoundaries = (folder, features, alias) =>
  features.map((feature) => ({
    files: [`${folder}/${feature}/**`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...features
              .filter((other) => other !== feature)
              .map((other) => ({
                group: [
                  ...(alias ? [`${alias}/${other}`, `${alias}/${other}/**`] : []),
                  `../${other}`,
                  `../${other}/**`,
                  `../../${other}/**`,
                ],
                message: BOUNDARY,
              })),
            ...(alias
              ? [{ group: ['@/app', '@/app/**'], message: 'Features know nothing of app/.' }]
              : []),
          ],
        },
      ],
    },
  }));

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      '**/test-results/**',
      '**/playwright-report/**',
      'apps/web/public/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { 'simple-import-sort': simpleImportSort },
    rules: {
      'simple-import-sort/imports': [
        'error',
        // Node built-ins, packages, our contract, the web app's own alias, then relative paths.
        { groups: [['^\\u0000'], ['^node:'], ['^@?\\w'], ['^@apex/'], ['^@/'], ['^\\.']] },
      ],
      'simple-import-sort/exports': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      // Fastify plugins and handlers are async by contract, with or without an await inside.
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-confusing-void-expression': ['error', { ignoreArrowShorthand: true }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // One-way imports: lib and components are shared by every feature and know none of them.
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@/features', '@/features/**', '@/app', '@/app/**'],
              message: 'lib and components know no feature and no app/.',
            },
          ],
        },
      ],
    },
  },
  ...featureBoundaries('apps/web/src/features', webFeatures, '@/features'),
  {
    files: ['apps/web/src/app/**'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['apps/server/**/*.{ts,tsx}'],
    rules: {
      // Only config.ts reads the environment.
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read settings through config.ts.' },
      ],
    },
  },
  ...featureBoundaries('apps/server/src/modules', serverModules),
  {
    // What every module builds on knows none of them: services.ts and app.ts hand a module's
    // functions to whatever needs them.
    files: ['apps/server/src/{lib,db,plugins}/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/modules', '**/modules/**'],
              message: 'lib, db and plugins know no module; take what they need as an option.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/src/config.ts', '**/*.test.ts', 'apps/server/test/**'],
    rules: { 'no-restricted-properties': 'off' },
  },
  {
    files: ['**/*.{js,mjs}'],
    ...tseslint.configs.disableTypeChecked,
  },
  prettier,
);
