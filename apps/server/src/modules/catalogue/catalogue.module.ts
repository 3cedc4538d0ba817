import type { AppModule } from '../../app-context';
import { registerUploads } from '../../lib/uploads';
import { categoriesRoutes } from '../categories/categories.routes';
import { CategoriesService } from '../categories/categories.service';
import { filesRoutes } from '../files/files.routes';
import { managerPackagesRoutes } from '../manager-packages/manager-packages.routes';
import { ManagerPackagesService } from '../manager-packages/manager-packages.service';
import { packagesRoutes } from '../packages/packages.routes';
import { PackagesService } from '../packages/packages.service';
import { priceControlRoutes } from '../price-control/price-control.routes';
import { PriceControlService } from '../price-control/price-control.service';
import { KeyImportRunner } from '../key-pool/key-import-runner';
import { KeyImportsService } from '../key-pool/key-imports.service';
import { productKeysRoutes } from '../key-pool/key-pool.routes';
import { ProductKeysService } from '../key-pool/key-pool.service';
import { productsRoutes } from '../products/products.routes';

/**
 * Categories, subcategories, products, key inventory, packages, manager packages, Price Control
 * and the uploaded files they show: every route of the catalogue, registered under /api.
 */
export const catalogueModule: AppModule = async (app, { ctx }) => {
  const { db, vault } = ctx;
  // Shared with /api/v1, which lists the same products.
  const { products } = ctx.shared;
  // Multipart is parsed in this plugin only; every other JSON route of the app is unaffected.
  await registerUploads(app);

  await app.register(filesRoutes, { db });
  await app.register(categoriesRoutes, { categories: new CategoriesService(db) });
  await app.register(productsRoutes, { products });
  // The unsold keys' CSV tolerates lag: it reads DATABASE_READ_URL's replica when it is fit.
  const keys = new ProductKeysService(db, vault, ctx.database.reads);
  // Key files are imported in the background, by a runner in every instance, started once the
  // app is ready and stopped (after its batch in progress) when it closes.
  const runner = new KeyImportRunner(db, vault, keys, app.log, {
    intervalMs: ctx.env.KEY_IMPORT_POLL_INTERVAL_MS,
    leaseMs: ctx.env.KEY_IMPORT_LEASE_MS,
    batchKeys: ctx.env.KEY_IMPORT_BATCH_KEYS,
    sharedConnection: ctx.database.kind === 'pglite',
  });
  let stopRunner: (() => Promise<void>) | undefined;
  // eslint-disable-next-line @typescript-eslint/require-await -- Fastify waits for a hook's done callback unless it returns a promise
  app.addHook('onReady', async () => {
    stopRunner = runner.start();
  });
  app.addHook('onClose', async () => stopRunner?.());
  await app.register(productKeysRoutes, {
    keys,
    imports: new KeyImportsService(db, vault, keys, runner),
  });
  await app.register(priceControlRoutes, {
    priceControl: new PriceControlService(db, products),
  });
  await app.register(packagesRoutes, { packages: new PackagesService(db) });
  await app.register(managerPackagesRoutes, { managerPackages: new ManagerPackagesService(db) });
};
