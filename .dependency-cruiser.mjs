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
      name: 'no-sql-in-services',
      comment:
        'Services hold the rules, repositories the SQL: a service builds no query (drizzle-orm values, the tables of src/db/schema); it calls a repository function, passing its transaction. Types (SQL, a row type) may be imported.',
      severity: 'error',
      from: {
        path: '^apps/server/src/modules/.+[.]service[.]ts$',
        pathNot: [
          // Top-ups are being built: their notification fragments move to notification-writes.ts
          // with the rest of the module's SQL once its routes settle.
          '^apps/server/src/modules/topups/topups[.]service[.]ts$',
        ],
      },
      to: {
        path: ['node_modules/drizzle-orm/', '^apps/server/src/db/schema/'],
        dependencyTypesNot: ['type-only'],
      },
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
