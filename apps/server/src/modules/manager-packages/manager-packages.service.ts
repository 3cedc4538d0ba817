import type { z } from 'zod';
import type { ErrorDetail } from '@keymarket/contracts/errors';
import { formatAmount, fromCents, toCents } from '@keymarket/contracts/money';
import type {
  assignPackageSchema,
  ManagerPackage,
  managerPackageInputSchema,
  managerPackagePriceSchema,
} from '@keymarket/contracts/packages';
import { pageOf, type PageQuery } from '@keymarket/contracts/pagination';
import type { Database, Executor } from '../../db/client';
import type { AuthContext } from '../access/auth-context';
import {
  assertMayAssignManagerPackageTo,
  assertMayOwnManagerPackages,
  assertMayReadManagerPackage,
  assertMayReadManagerPackages,
  assertMayUseManagerPackage,
  managerPackageOwnerFilter,
} from '../access/policy';
import { buyerCostOf, loadPricingChain, quoteProducts } from '../pricing/pricing.service';
import { belowCost, requireLiveProducts } from '../products/product-rules';
import { inDownlineOf } from '../users/downline';
import { findUserById } from '../users/users.repository';
import { managerPackageViews } from './manager-package-view';
import {
  deleteManagerPackage,
  findManagerPackage,
  insertManagerPackage,
  listManagerPackages,
  lockManagerPackage,
  replaceManagerPackageProducts,
  setUserManagerPackage,
  updateManagerPackage,
  upsertManagerPackageProduct,
  type ManagerPackagePriceRow,
} from './manager-packages.repository';
import { oneRow } from '../../lib/rows';
import { known } from '../../lib/maps';

type PackageInput = z.output<typeof managerPackageInputSchema>;
type PackagePrice = z.output<typeof managerPackagePriceSchema>;
type AssignInput = z.output<typeof assignPackageSchema>;

/**
 * A manager's own packages: reseller prices for its direct invitees, never below what the
 * manager itself pays. Administrators may read every manager's packages, not change them.
 */
export class ManagerPackagesService {
  constructor(private readonly db: Database) {}

  async list(caller: AuthContext, query: PageQuery) {
    assertMayReadManagerPackages(caller);
    const { rows, total } = await listManagerPackages(
      this.db,
      managerPackageOwnerFilter(caller),
      query.limit,
      (query.page - 1) * query.limit,
    );
    return pageOf(await managerPackageViews(this.db, rows), query, total);
  }

  async get(caller: AuthContext, id: string): Promise<ManagerPackage> {
    assertMayReadManagerPackages(caller);
    const row = assertMayReadManagerPackage(caller, await findManagerPackage(this.db, id));
    return oneRow(await managerPackageViews(this.db, [row]));
  }

  async create(caller: AuthContext, input: PackageInput): Promise<ManagerPackage> {
    assertMayOwnManagerPackages(caller);
    const id = await this.db.transaction(async (tx) => {
      const prices = await checkedPrices(tx, caller, input.products);
      const row = await insertManagerPackage(tx, {
        ownerId: caller.userId,
        name: input.name,
        description: input.description,
      });
      await replaceManagerPackageProducts(tx, row.id, prices);
      return row.id;
    });
    return this.get(caller, id);
  }

  async replace(caller: AuthContext, id: string, input: PackageInput): Promise<ManagerPackage> {
    assertMayOwnManagerPackages(caller);
    await this.db.transaction(async (tx) => {
      await ownPackage(tx, caller, id, 'update');
      const prices = await checkedPrices(tx, caller, input.products);
      await updateManagerPackage(tx, id, { name: input.name, description: input.description });
      await replaceManagerPackageProducts(tx, id, prices);
    });
    return this.get(caller, id);
  }

  /** Its holders lose the package in the same transaction. */
  async delete(caller: AuthContext, id: string) {
    assertMayOwnManagerPackages(caller);
    await this.db.transaction(async (tx) => {
      await ownPackage(tx, caller, id, 'update');
      await deleteManagerPackage(tx, id);
    });
    return { ok: true as const };
  }

  async setProductPrice(
    caller: AuthContext,
    id: string,
    productId: string,
    input: PackagePrice,
  ): Promise<ManagerPackage> {
    assertMayOwnManagerPackages(caller);
    await this.db.transaction(async (tx) => {
      await ownPackage(tx, caller, id, 'share');
      const row = oneRow(
        await checkedPrices(tx, caller, [{ productId, ...input }], {
          productPath: () => 'params.productId',
          pricePath: () => 'body.resellerPrice',
        }),
      );
      await upsertManagerPackageProduct(tx, id, row);
    });
    return this.get(caller, id);
  }

  /** Only the manager's own package, only to a user it invited itself; `null` removes it. */
  async assign(caller: AuthContext, userId: string, { packageId }: AssignInput) {
    assertMayOwnManagerPackages(caller);
    await this.db.transaction(async (tx) => {
      await assertMayAssignManagerPackageTo(
        caller,
        await findUserById(tx, userId),
        inDownlineOf(tx, caller.userId),
      );
      if (packageId) await ownPackage(tx, caller, packageId, 'share');
      await setUserManagerPackage(tx, userId, packageId);
    });
    return { userId, packageId };
  }
}

async function ownPackage(tx: Executor, caller: AuthContext, id: string, lock: 'share' | 'update') {
  return assertMayUseManagerPackage(caller, await lockManagerPackage(tx, id, lock));
}

/** Every product live and every reseller price at least the manager's own cost of it. */
async function checkedPrices(
  tx: Executor,
  caller: AuthContext,
  items: readonly { productId: string; resellerPrice: number }[],
  {
    productPath = (i: number) => `body.products.${i}.productId`,
    pricePath = (i: number) => `body.products.${i}.resellerPrice`,
  } = {},
): Promise<ManagerPackagePriceRow[]> {
  if (items.length === 0) return [];
  const products = await requireLiveProducts(
    tx,
    items.map((item) => item.productId),
    { pathOf: productPath },
  );
  const chain = await loadPricingChain(tx, caller.userId);
  const quotes = await quoteProducts(tx, chain, [...products.values()], { onlyThese: true });
  const problems: ErrorDetail[] = [];
  const rows = items.map((item, i) => {
    const costCents = buyerCostOf(known(quotes, item.productId).costsCents);
    const resellerPriceCents = toCents(item.resellerPrice);
    if (resellerPriceCents < costCents) {
      problems.push({
        path: pricePath(i),
        message: `Your buying price is ${formatAmount(fromCents(costCents))}`,
      });
    }
    return { productId: item.productId, resellerPriceCents };
  });
  if (problems.length > 0) throw belowCost(problems);
  return rows;
}
