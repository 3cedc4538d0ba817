import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import type { KeyVault } from '../../lib/key-vault';
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
import { productKeysRoutes } from '../key-pool/key-pool.routes';
import { ProductKeysService } from '../key-pool/key-pool.service';
import { productsRoutes } from '../products/products.routes';
import type { ProductsService } from '../products/products.service';

/**
 * Categories, subcategories, products, key inventory, packages, manager packages, Price Control
 * and the uploaded files they show: every route of the catalogue, registered under /api.
 */
export const catalogueModule: FastifyPluginAsyncZod<{
  db: Database;
  vault: KeyVault;
  /** Shared with /api/v1, which lists the same products. */
  products: ProductsService;
}> = async (app, { db, vault, products }) => {
  // Multipart is parsed in this plugin only; every other JSON route of the app is unaffected.
  await registerUploads(app);

  await app.register(filesRoutes, { db });
  await app.register(categoriesRoutes, { categories: new CategoriesService(db) });
  await app.register(productsRoutes, { products });
  await app.register(productKeysRoutes, { keys: new ProductKeysService(db, vault) });
  await app.register(priceControlRoutes, {
    priceControl: new PriceControlService(db, products),
  });
  await app.register(packagesRoutes, { packages: new PackagesService(db) });
  await app.register(managerPackagesRoutes, { managerPackages: new ManagerPackagesService(db) });
};
