// @ts-check
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import unitSize from './scripts/eslint/unit-size.mjs';

const lineCount = { skipBlankLines: true, skipComments: false };

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      '**/test-results/**',
      '**/playwright-report/**',
      'apps/api/drizzle/**',
      'apps/web/src/route-tree.gen.ts',
    ],
  },
  js.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    extends: [...tseslint.configs.strictTypeChecked, ...tseslint.configs.stylisticTypeChecked],
    languageOptions: {
      parserOptions: {
        projectService: true,
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/no-confusing-void-expression': 'off',
      // Fastify plugins and interface implementations are async by contract, with or without await.
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-unnecessary-condition': [
        'error',
        { allowConstantLoopConditions: true },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: 'TSEnumDeclaration',
          message: 'Use `as const` objects or z.enum instead of enum.',
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: globals.browser },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/only-throw-error': [
        'error',
        {
          allow: [
            { from: 'package', package: '@tanstack/router-core', name: 'Redirect' },
            { from: 'package', package: '@tanstack/router-core', name: 'NotFoundError' },
          ],
        },
      ],
    },
  },
  // Units a reader can hold: functions of at most 60 lines of code (named inner functions and an
  // object's methods counted apart), a named function's whole span (a factory's methods included)
  // at most 200, component files of at most 300 lines.
  {
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/*/src/**/*.ts'],
    ignores: ['**/*.test.{ts,tsx}', '**/test/**'],
    plugins: { 'unit-size': unitSize },
    rules: {
      'unit-size/max-function-lines': ['error', { max: 60 }],
      'unit-size/max-span-lines': ['error', { max: 200 }],
    },
  },
  // Files a reader can hold: at most 400 lines of source (blank lines and comments counted), a
  // longer one (a data table) saying why at its top; tests and the end-to-end harness apart.
  {
    files: [
      'apps/*/src/**/*.{ts,tsx}',
      'apps/*/bench/**/*.{ts,mjs}',
      'packages/*/src/**/*.ts',
      'packages/*/scripts/**/*.ts',
      'packages/*/bench/**/*.ts',
      'scripts/**/*.{mjs,ts}',
    ],
    ignores: ['**/*.test.{ts,tsx}', '**/test/**'],
    rules: { 'max-lines': ['error', { max: 400 }] },
  },
  {
    files: ['apps/web/src/**/*.tsx'],
    ignores: ['**/*.test.tsx', '**/test/**'],
    rules: { 'max-lines': ['error', { max: 300, ...lineCount }] },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: { globals: globals.node },
  },
);
