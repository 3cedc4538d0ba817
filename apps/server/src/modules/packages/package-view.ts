import type { Package } from '@keymarket/contracts/packages';
import { fromCents } from '@keymarket/contracts/money';
import type { Executor } from '../../db/client';
import { holderCounts, productsOfPackages, type PackageRow } from './packages.repository';

/** Packages with their products and holder counts: three queries for any number of packages. */
export async function packageViews(db: Executor, rows: readonly PackageRow[]): Promise<Package[]> {
  const ids = rows.map((row) => row.id);
  const [items, holders] = await Promise.all([productsOfPackages(db, ids), holderCounts(db, ids)]);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    description: row.description,
    products: items
      .filter((item) => item.packageId === row.id)
      .map((item) => ({
        productId: item.productId,
        productName: item.productName,
        managerPrice: fromCents(item.managerPriceCents),
        resellerPrice: fromCents(item.resellerPriceCents),
      })),
    assignedUsers: holders.get(row.id) ?? 0,
    createdAt: row.createdAt.toISOString(),
  }));
}
