// One lint setup for the whole repository. Rules chosen for the bugs they catch:
// floating promises, non-exhaustive switches, type-only imports, cross-feature imports in the web app;
// in the server: configuration read only in env.ts, no unchecked non-null assertions, modules that
// never reach into plugins. Import cycles are found by dependency-cruiser (.dependency-cruiser.mjs).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import vitest from '@vitest/eslint-plugin';
import testingLibrary from 'eslint-plugin-testing-library';
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
  // typescript-eslint's type-checked rules: a promise handed where nothing awaits it (an event
  // handler, a callback typed to return void), a condition the types already decide, an `any`
  // spreading from JSON or an untyped library, a method torn off its object, an object turned
  // into "[object Object]".
  ...tseslint.configs.recommendedTypeCheckedOnly.map((config) => ({
    ...config,
    files: ['**/*.{ts,tsx}'],
  })),
  {
    files: ['**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/no-unnecessary-condition': 'error',
    },
  },
  {
    // A Fastify plugin that registers routes is async by its type (FastifyPluginAsync), whether
    // or not it awaits; a test's stand-in for an async function (a mocked fetch, a resolver, a
    // hook) returns a promise because the real one does.
    files: ['apps/server/src/**/*.routes.ts', '**/*.test.{ts,tsx}', 'apps/server/test/**/*.ts'],
    rules: { '@typescript-eslint/require-await': 'off' },
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
    // Form controls come from components/ui, styled once: a bare element drifts (a textarea
    // styled by hand in one dialog once looked unlike every other).
    files: ['apps/web/src/**/*.tsx'],
    ignores: ['apps/web/src/components/ui/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "JSXOpeningElement[name.name='textarea']",
          message: 'Use Textarea from @/components/ui/input.',
        },
      ],
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
  {
    // Vitest's tests (the server's, the web app's, the contracts'; e2e/ is Playwright's): every
    // test asserts something, and every expect is awaited or matched. The project's own
    // assertion functions are named expect… (expectError, expectValidation, expectLedgerInvariants).
    files: [
      'apps/server/{src,test}/**/*.test.ts',
      'apps/web/src/**/*.test.{ts,tsx}',
      'packages/contracts/src/**/*.test.ts',
    ],
    plugins: { vitest },
    rules: {
      ...vitest.configs.recommended.rules,
      'vitest/expect-expect': ['error', { assertFunctionNames: ['expect', 'expect*', 'assert'] }],
      // expect(value, message): Vitest's second argument names the failure.
      'vitest/valid-expect': ['error', { alwaysAwait: true, maxArgs: 2 }],
      // Kept off: a beforeAll checks its own steps (a deposit answered 200) so that a failed
      // setup names its cause; concurrency tests assert on whichever outcome won the race.
      'vitest/no-standalone-expect': 'off',
      'vitest/no-conditional-expect': 'off',
    },
  },
  {
    // The web app's component tests query the page as a user finds it (by role, label, text),
    // not through the DOM's nodes.
    files: ['apps/web/src/**/*.test.tsx'],
    ...testingLibrary.configs['flat/react'],
    // The one function that renders like render(); renderApp and the files' own render… functions
    // return the router or a mock, not a render result.
    settings: { 'testing-library/custom-renders': ['renderWithProviders'] },
    rules: {
      ...testingLibrary.configs['flat/react'].rules,
      // An act() around a click and other work (a navigation made before the click has rendered).
      'testing-library/no-unnecessary-act': ['error', { isStrict: false }],
    },
  },
);
