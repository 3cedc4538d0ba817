// Import cycles, found by dependency-cruiser rather than ESLint: ESLint's cycle rules
// (import-x/no-cycle) skip `import type`, and a type-only cycle still ties two files that should
// not know each other (it is how an auth type once made a plugin and a module depend on each
// other). Run by `npm run lint:cycles`; the web app is cruised from its own folder, where its
// tsconfig `@/` paths resolve.
export default {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'A cycle, type-only or not: move what both files need to where it belongs.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'db-is-the-database-layer',
      comment:
        'src/db holds the database layer (client, schema, listen, keyset, sort…) that modules build on: it never imports a module. Scripts that use modules (seed:demo, reconcile) live in src/scripts.',
      severity: 'error',
      from: { path: '^apps/server/src/db/' },
      to: { path: '^apps/server/src/modules/' },
    },
    {
      name: 'lib-is-below-modules',
      comment:
        'src/lib holds what every module uses (errors, tokens, passwords, the client info…): it never imports a module, so any module may import it.',
      severity: 'error',
      from: { path: '^apps/server/src/lib/' },
      to: { path: '^apps/server/src/modules/' },
    },
    {
      name: 'modules-import-no-plugins',
      comment:
        'Plugins (src/plugins) wire modules into Fastify; a module never imports a plugin: what both need lives in lib/ or in the module.',
      severity: 'error',
      from: { path: '^apps/server/src/modules/' },
      to: { path: '^apps/server/src/plugins/' },
    },
    {
      name: 'nothing-imports-bench-or-e2e',
      comment:
        'bench/ and e2e/ drive the product from outside; the product and its tests never import them.',
      severity: 'error',
      from: { path: '^(apps|packages)/' },
      to: { path: '^(bench|e2e)/' },
    },
    {
      name: 'e2e-drives-the-built-app',
      comment:
        "The browser tests drive the built app through its screens and its API: they import no server or web source (the server test stand-ins, such as Stripe's, excepted).",
      severity: 'error',
      from: { path: '^e2e/' },
      to: { path: '^apps/(web/src|server/src)/' },
    },
    {
      name: 'no-sql-in-services',
      comment:
        'Services hold the rules, repositories the SQL: a service builds no query (drizzle-orm values, the tables of src/db/schema); it calls a repository function, passing its transaction. Types (SQL, a row type) may be imported.',
      severity: 'error',
      from: { path: '^apps/server/src/modules/.+[.]service[.]ts$' },
      to: {
        path: ['node_modules/drizzle-orm/', '^apps/server/src/db/schema/'],
        dependencyTypesNot: ['type-only'],
      },
    },
    // The web app, cruised from apps/web (paths are relative to it): app → features → entities →
    // shared, one way, as bulletproof-react's zones; features never import one another. ESLint
    // (eslint.config.js, webZones) reports the same in the editor. Tests may render the app.
    {
      name: 'web-shared-imports-no-domain',
      comment:
        'components/, lib/, locales/ and types/ are shared by every layer: they import no entity, feature or app code.',
      severity: 'error',
      from: { path: '^src/(components|lib|locales|types)/', pathNot: '[.]test[.]tsx?$' },
      to: { path: '^src/(app|features|entities)/' },
    },
    {
      name: 'web-entities-import-no-feature',
      comment:
        'entities/ holds what several features share (a domain API, its dialogs): it imports no feature and no app code.',
      severity: 'error',
      from: { path: '^src/entities/', pathNot: '[.]test[.]tsx?$' },
      to: { path: '^src/(app|features)/' },
    },
    {
      name: 'web-features-import-no-app',
      comment: 'The app composes features; a feature imports no app code.',
      severity: 'error',
      from: { path: '^src/features/', pathNot: ['[.]test[.]tsx?$', '-test-setup[.]ts$'] },
      to: { path: '^src/app/' },
    },
    {
      name: 'web-no-cross-feature-imports',
      comment:
        'A feature never imports another: what two features share moves to entities/, components/ or lib/.',
      severity: 'error',
      from: { path: '^src/features/([^/]+)/' },
      to: { path: '^src/features/', pathNot: '^src/features/$1/' },
    },
  ],
  options: {
    // Keep `import type` edges, which TypeScript erases before any other tool would see them.
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    // The contracts package is imported by subpath (`@keymarket/contracts/orders`) through its
    // package.json "exports".
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'default'],
      extensions: ['.ts', '.tsx', '.js'],
    },
  },
};
