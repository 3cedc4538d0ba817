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
