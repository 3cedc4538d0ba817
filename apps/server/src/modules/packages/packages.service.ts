import type { z } from 'zod';
import { toCents } from '@keymarket/contracts/money';
import type {
  assignPackageSchema,
  Package,
  packageInputSchema,
  packagePriceSchema,
} from '@keymarket/contracts/packages';
import { pageOf, type PageQuery } from '@keymarket/contracts/pagination';
import type { Database, Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { AuthContext } from '../access/auth-context';
import { assertMayHoldPackage, assertMayManagePackages } from '../access/policy';
import { writeAudit } from '../ledger/ledger.repository';
import { belowCost, platformPriceProblems, requireLiveProducts } from '../products/product-rules';
import { findUserById } from '../users/users.repository';
import { packageViews } from './package-view';
import {
  deletePackage,
  findPackage,
  insertPackage,
  listPackages,
  lockPackage,
  replacePackageProducts,
  setUserPackage,
  updatePackage,
  upsertPackageProduct,
  type PackagePriceRow,
} from './packages.repository';
import { messages } from '@keymarket/contracts/messages';
import { oneRow } from '../../lib/rows';
import { known } from '../../lib/maps';

type PackageInput = z.output<typeof packageInputSchema>;
type PackagePrice = z.output<typeof packagePriceSchema>;
type AssignInput = z.output<typeof assignPackageSchema>;

const packageNotFound = () => new AppError('not_found', messages.packageNotFound);

/**
 * Admin packages: per-product manager and reseller prices for the members the platform prices
 * directly (managers, and resellers an administrator invited).
 */
export class PackagesService {
  constructor(private readonly db: Database) {}

  async list(caller: AuthContext, query: PageQuery) {
    assertMayManagePackages(caller);
    const { rows, total } = await listPackages(
      this.db,
      query.limit,
      (query.page - 1) * query.limit,
    );
    return pageOf(await packageViews(this.db, rows), query, total);
  }

  async get(caller: AuthContext, id: string): Promise<Package> {
    assertMayManagePackages(caller);
    return this.view(this.db, id);
  }

  async create(caller: AuthContext, input: PackageInput): Promise<Package> {
    assertMayManagePackages(caller);
    const id = await this.db.transaction(async (tx) => {
      const prices = await checkedPrices(tx, input.products);
      const row = await insertPackage(tx, { name: input.name, description: input.description });
      await replacePackageProducts(tx, row.id, prices);
      await audit(tx, caller, 'package.created', row.id, undefined, input);
      return row.id;
    });
    return this.view(this.db, id);
  }

  /** PUT: name, description and the whole product list are replaced. */
  async replace(caller: AuthContext, id: string, input: PackageInput): Promise<Package> {
    assertMayManagePackages(caller);
    await this.db.transaction(async (tx) => {
      const before = await lockPackage(tx, id, 'update');
      if (!before) throw packageNotFound();
      const prices = await checkedPrices(tx, input.products);
      await updatePackage(tx, id, { name: input.name, description: input.description });
      await replacePackageProducts(tx, id, prices);
      await audit(tx, caller, 'package.updated', id, before, input);
    });
    return this.view(this.db, id);
  }

  /** Its holders lose the package in the same transaction, and fall back to product prices. */
  async delete(caller: AuthContext, id: string) {
    assertMayManagePackages(caller);
    await this.db.transaction(async (tx) => {
      const before = await lockPackage(tx, id, 'update');
      if (!before) throw packageNotFound();
      await deletePackage(tx, id);
      await audit(tx, caller, 'package.deleted', id, before, undefined);
    });
    return { ok: true as const };
  }

  async setProductPrice(
    caller: AuthContext,
    packageId: string,
    productId: string,
    input: PackagePrice,
  ): Promise<Package> {
    assertMayManagePackages(caller);
    await this.db.transaction(async (tx) => {
      if (!(await lockPackage(tx, packageId, 'share'))) throw packageNotFound();
      const row = oneRow(
        await checkedPrices(tx, [{ productId, ...input }], {
          productPath: () => 'params.productId',
          pricePath: () => 'body',
        }),
      );
      await upsertPackageProduct(tx, packageId, row);
      await audit(tx, caller, 'package.price_set', packageId, undefined, { productId, ...input });
    });
    return this.view(this.db, packageId);
  }

  /** Only a member the platform prices can hold an admin package; `null` removes it. */
  async assign(caller: AuthContext, userId: string, { packageId }: AssignInput) {
    assertMayManagePackages(caller);
    await this.db.transaction(async (tx) => {
      const user = await findUserById(tx, userId);
      if (!user) throw new AppError('not_found', messages.userNotFound);
      const inviter = user.invitedById ? await findUserById(tx, user.invitedById) : undefined;
      assertMayHoldPackage(user, inviter?.role ?? null);
      if (packageId && !(await lockPackage(tx, packageId, 'share'))) throw packageNotFound();
      await setUserPackage(tx, userId, packageId);
      await writeAudit(tx, {
        actorId: caller.userId,
        action: 'package.assigned',
        targetType: 'user',
        targetId: userId,
        before: { packageId: user.packageId },
        after: { packageId },
      });
    });
    return { userId, packageId };
  }

  private async view(db: Executor, id: string): Promise<Package> {
    const row = await findPackage(db, id);
    if (!row) throw packageNotFound();
    return oneRow(await packageViews(db, [row]));
  }
}

/**
 * The rows to store, after checking every product is live and no price undercuts the platform's
 * cost (the product's initial price). All offenders are named at once.
 */
async function checkedPrices(
  tx: Executor,
  items: readonly { productId: string; managerPrice: number; resellerPrice: number }[],
  {
    productPath = (i: number) => `body.products.${i}.productId`,
    pricePath = (i: number) => `body.products.${i}`,
  } = {},
): Promise<PackagePriceRow[]> {
  const products = await requireLiveProducts(
    tx,
    items.map((item) => item.productId),
    { pathOf: productPath },
  );
  const rows = items.map((item) => ({
    productId: item.productId,
    managerPriceCents: toCents(item.managerPrice),
    resellerPriceCents: toCents(item.resellerPrice),
  }));
  const problems = rows.flatMap((row, i) =>
    platformPriceProblems(
      { ...row, initialPriceCents: known(products, row.productId).initialPriceCents },
      pricePath(i),
    ),
  );
  if (problems.length > 0) throw belowCost(problems);
  return rows;
}

const audit = (
  tx: Executor,
  caller: AuthContext,
  action: string,
  targetId: string,
  before: unknown,
  after: unknown,
) =>
  writeAudit(tx, {
    actorId: caller.userId,
    action,
    targetType: 'package',
    targetId,
    before,
    after,
  });
