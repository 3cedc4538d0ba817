import { afterAll, beforeAll } from 'vitest';
import type { Database } from '../../src/db/client';
import { CatalogueFactory } from './catalogue-factory';
import type { SignedInUser } from './factory';
import { createTestApp, type TestContext } from './test-app';

export interface CatalogueApp {
  ctx: TestContext;
  catalogue: CatalogueFactory;
  admin: SignedInUser;
  db(): Database;
}

/**
 * The app on a fresh database, a catalogue factory and a signed-in admin: made before the
 * enclosing describe's tests and closed after them. Its fields are there once those hooks ran.
 */
export function useCatalogueApp(): CatalogueApp {
  const app = { db: () => app.ctx.database.db } as CatalogueApp;
  beforeAll(async () => {
    app.ctx = await createTestApp();
    app.catalogue = new CatalogueFactory(app.ctx.database.db);
    app.admin = await app.ctx.factory.signedIn('admin');
  });
  afterAll(() => app.ctx.close());
  return app;
}
