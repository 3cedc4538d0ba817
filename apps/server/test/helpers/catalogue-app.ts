import type { Database } from '../../src/db/client';
import { CatalogueFactory } from './catalogue-factory';
import type { SignedInUser } from './factory';
import type { TestContext } from './test-app';
import { madeBeforeAll, useSignedIn, useTestApp } from './use-app';

export interface CatalogueApp {
  ctx: TestContext;
  catalogue: CatalogueFactory;
  admin: SignedInUser;
  db: () => Database;
}

/** A catalogue factory on `ctx`'s database, made once the app is up. */
export function useCatalogue(ctx: TestContext): CatalogueFactory {
  return madeBeforeAll(async () => new CatalogueFactory(ctx.database.db));
}

/**
 * The app on a fresh database, a catalogue factory and a signed-in admin: made before the
 * enclosing describe's tests and closed after them. Its fields are there once those hooks ran.
 */
export function useCatalogueApp(...args: Parameters<typeof useTestApp>): CatalogueApp {
  const ctx = useTestApp(...args);
  return {
    ctx,
    catalogue: useCatalogue(ctx),
    admin: useSignedIn(ctx, 'admin'),
    db: () => ctx.database.db,
  };
}
