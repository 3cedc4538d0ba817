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
  await app.register(productKeysRoutes, {
    keys: new ProductKeysService(db, vault, ctx.database.reads),
  });
  await app.register(priceControlRoutes, {
    priceControl: new PriceControlService(db, products),
  });
  await app.register(packagesRoutes, { packages: new PackagesService(db) });
  await app.register(managerPackagesRoutes, { managerPackages: new ManagerPackagesService(db) });
};
