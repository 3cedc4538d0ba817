import type { ManagerPackage } from '@keymarket/contracts/packages';
import { fromCents } from '@keymarket/contracts/money';
import type { Executor } from '../../db/client';
import {
  managerPackageHolderCounts,
  productsOfManagerPackages,
  type ManagerPackageRow,
} from './manager-packages.repository';

export async function managerPackageViews(
  db: Executor,
  rows: readonly ManagerPackageRow[],
): Promise<ManagerPackage[]> {
  const [items, holders] = await Promise.all([
    productsOfManagerPackages(
      db,
      rows.map((row) => row.id),
    ),
    managerPackageHolderCounts(db, rows),
  ]);
  return rows.map((row) => ({
    id: row.id,
    ownerId: row.ownerId,
    name: row.name,
    description: row.description,
    products: items
      .filter((item) => item.packageId === row.id)
      .map((item) => ({
        productId: item.productId,
        productName: item.productName,
        resellerPrice: fromCents(item.resellerPriceCents),
      })),
    assignedUsers: holders.get(row.id) ?? 0,
    createdAt: row.createdAt.toISOString(),
  }));
}
