// One lint setup for the whole repository. Rules chosen for the bugs they catch:
// floating promises, non-exhaustive switches, type-only imports, cross-feature imports in the web app;
// in the server: configuration read only in env.ts, no unchecked non-null assertions, modules that
// never reach into plugins. Import cycles are found by dependency-cruiser (.dependency-cruiser.mjs).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// The server's settings are read and validated in one place (apps/server/src/env.ts) and handed
// down, so a setting cannot be read unchecked or with a default of its own somewhere else.
const envOnlyInEnvTs = {
  properties: [
    {
      object: 'process',
      property: 'env',
      message: 'Read settings through env.ts (the Env it returns).',
    },
  ],
  imports: ['process', 'node:process'].map((name) => ({
    name,
    importNames: ['env'],
    message: 'Read settings through env.ts (the Env it returns).',
  })),
};

const upward = (layers, message) => ({
  regex: `^(@/|(\\.\\./)+)(${layers.join('|')})(/|$)`,
  message,
});

function webZones() {
  const web = 'apps/web/src';
  const tests = [`${web}/**/*.test.{ts,tsx}`, `${web}/**/*-test-setup.ts`, `${web}/testing/**`];
  const crossFeature = {
    group: ['@/features/*', '../../*/**'],
    message:
      'Features do not import each other: move shared code to entities/, components/ or lib/.',
  };
  const rule = (files, patterns, ignores = tests) => ({
    files,
    ignores,
    rules: { 'no-restricted-imports': ['error', { patterns }] },
  });
  return [
    rule(
      [`${web}/{components,lib,locales,types,testing}/**/*.{ts,tsx}`],
      [upward(['app', 'features', 'entities'], 'Shared code imports no entity, feature or app.')],
    ),
    rule(
      [`${web}/entities/**/*.{ts,tsx}`],
      [upward(['app', 'features'], 'Entities import no feature and no app code.')],
    ),
    rule(
      [`${web}/features/**/*.{ts,tsx}`],
      [upward(['app'], 'Features import no app code: the app composes features.'), crossFeature],
    ),
    // A feature's tests may render it inside the app, but still not reach into another feature.
    rule(
      tests.filter((glob) => glob.endsWith('}')),
      [crossFeature],
      [],
    ),
  ];
}

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'e2e/test-results/**',
      'e2e/playwright-report/**',
      'apps/server/drizzle/**',
      '**/*.config.js',
      'scripts/**',
      'apps/server/scripts/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  // Plain Node scripts (e2e/scripts): Node's globals, no type information.
  { files: ['**/*.mjs'], languageOptions: { globals: { ...globals.node } } },
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // Tests, bench and e2e may read the environment: there it says which database or port the
    // harness uses, not how the app behaves.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/env.ts'],
    rules: {
      'no-restricted-properties': ['error', ...envOnlyInEnvTs.properties],
      'no-restricted-imports': ['error', { paths: envOnlyInEnvTs.imports }],
    },
  },
  {
    // A `!` is an unchecked claim; in server code a wrong one surfaces far from its cause. Tests
    // are exempt: there a wrong claim fails the test where it is made.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/**/*.test.ts'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'error' },
  },
  {
    // Layers point one way: plugins (app-wide request handling) use modules, never the reverse.
    // What both need (the caller's identity, error helpers) lives in modules/ or lib/.
    files: ['apps/server/src/modules/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: envOnlyInEnvTs.imports,
          patterns: [
            {
              regex: '(^|/)plugins(/|$)',
              message: 'Modules do not import plugins: move what both need to modules/ or lib/.',
            },
          ],
        },
      ],
    },
  },
  {
    // Services hold the rules, repositories the SQL (STYLE.md): a service neither builds SQL
    // nor names a table, so a reviewer finds every statement in the repositories.
    files: ['apps/server/src/modules/**/*.service.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            ...envOnlyInEnvTs.imports,
            {
              name: 'drizzle-orm',
              allowTypeImports: true,
              message: 'Services hold no SQL: write the statement in a repository.',
            },
          ],
          patterns: [
            {
              regex: '(^|/)plugins(/|$)',
              message: 'Modules do not import plugins: move what both need to modules/ or lib/.',
            },
            {
              regex: '(^|/)db/schema(/|$)',
              allowTypeImports: true,
              message: 'Services name no table: read and write it in a repository.',
            },
          ],
        },
      ],
    },
  },
  // The web app's layers point one way: app → features → entities → shared (components/, lib/,
  // testing/, locales/, types/), as bulletproof-react's import/no-restricted-paths zones do. A
  // feature never imports another feature: what two features share moves down to an entity (a
  // domain's API and dialogs, used by several features) or to the shared folders. Tests may
  // render the app (testing/render-app wraps it). dependency-cruiser checks the same zones.
  ...webZones(),
);
