import type { z } from 'zod';
import type {
  bulkUpdatePricesSchema,
  Product,
  updateRolePriceSchema,
} from '@keymarket/contracts/catalogue';
import type { ErrorDetail } from '@keymarket/contracts/errors';
import { formatAmount, fromCents, toCents } from '@keymarket/contracts/money';
import type { Database, Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { AuthContext } from '../../plugins/access';
import { writeAudit } from '../ledger/ledger.repository';
import { loadPricingChain, quoteProducts } from '../pricing/pricing.service';
import {
  belowCost,
  platformPriceProblems,
  productNotFound,
  requireLiveProducts,
} from './product-rules';
import {
  lockSellerPrices,
  setPlatformPrices,
  upsertSellerPrices,
  type PlatformPriceRow,
} from './price-control.repository';
import { findLiveProducts, type ProductRow } from './products.repository';
import type { ProductsService } from './products.service';

type RolePriceInput = z.output<typeof updateRolePriceSchema>;
type BulkInput = z.output<typeof bulkUpdatePricesSchema>;
type BulkRow = BulkInput['products'][number];

const managerPriceForbidden = () =>
  new AppError('forbidden', 'Only an administrator can change the manager price');

/**
 * Price Control. Administrators set the platform's manager and reseller prices; a manager or
 * reseller sets its own selling price to its invitees (`resellerPrice` in the specification's
 * calls). Nobody sells below what it pays.
 */
export class PriceControlService {
  constructor(
    private readonly db: Database,
    private readonly products: ProductsService,
  ) {}

  async updateRolePrice(
    caller: AuthContext,
    productId: string,
    input: RolePriceInput,
  ): Promise<Product> {
    if (caller.role !== 'admin' && input.managerPrice !== undefined) throw managerPriceForbidden();
    await this.db.transaction(async (tx) => {
      const [product] = await findLiveProducts(tx, [productId], {
        forUpdate: caller.role === 'admin',
      });
      if (!product) throw productNotFound();
      if (caller.role === 'admin') {
        const next = {
          id: product.id,
          managerPriceCents: centsOr(input.managerPrice, product.managerPriceCents),
          resellerPriceCents: centsOr(input.resellerPrice, product.resellerPriceCents),
        };
        const problems = platformPriceProblems({ ...product, ...next });
        if (problems.length > 0) throw belowCost(problems);
        await setPlatformPrices(tx, [next]);
        await auditPlatformPrices(tx, caller, [product], [next]);
        return;
      }
      const priceCents = toCents(input.resellerPrice!);
      const [costCents] = await this.costsOf(tx, caller, [product]);
      if (priceCents < costCents!) {
        throw belowCost([{ path: 'body.resellerPrice', message: buyingPriceIs(costCents!) }]);
      }
      await upsertSellerPrices(tx, caller.userId, [{ productId, priceCents }]);
    });
    return this.products.get(caller, productId);
  }

  /**
   * Adds signed USD amounts to many products' prices, all or nothing: if any product is unknown
   * or any new price would fall below cost, nothing changes and `details` names every offender.
   */
  async bulkUpdate(caller: AuthContext, input: BulkInput): Promise<{ updated: number }> {
    const rows = input.products;
    if (caller.role !== 'admin' && rows.some((row) => row.managerPrice !== undefined)) {
      throw managerPriceForbidden();
    }
    return this.db.transaction(async (tx) => {
      if (caller.role !== 'admin') await lockSellerPrices(tx, caller.userId);
      const byId = await requireLiveProducts(
        tx,
        rows.map((row) => row.productId),
        { forUpdate: caller.role === 'admin' },
      );
      const products = rows.map((row) => byId.get(row.productId)!);
      if (caller.role === 'admin') await this.bulkPlatformPrices(tx, caller, rows, products);
      else await this.bulkSellerPrices(tx, caller, rows, products);
      return { updated: rows.length };
    });
  }

  private async bulkPlatformPrices(
    tx: Executor,
    caller: AuthContext,
    rows: readonly BulkRow[],
    products: readonly ProductRow[],
  ) {
    const next: PlatformPriceRow[] = rows.map((row, i) => ({
      id: row.productId,
      managerPriceCents: products[i]!.managerPriceCents + toCents(row.managerPrice ?? 0),
      resellerPriceCents: products[i]!.resellerPriceCents + toCents(row.resellerPrice ?? 0),
    }));
    // A price below the initial price is also never below 0, since the initial price is ≥ 0.
    const problems = next.flatMap((prices, i) =>
      platformPriceProblems({ ...products[i]!, ...prices }, `body.products.${i}`).map((p) => ({
        path: p.path,
        message: `Product ${prices.id}: ${p.message}`,
      })),
    );
    if (problems.length > 0) throw belowCost(problems);
    await setPlatformPrices(tx, next);
    await auditPlatformPrices(tx, caller, products, next);
  }

  /** A seller's delta starts from its current default selling price for each product. */
  private async bulkSellerPrices(
    tx: Executor,
    caller: AuthContext,
    rows: readonly BulkRow[],
    products: readonly ProductRow[],
  ) {
    const chain = await loadPricingChain(tx, caller.userId);
    const quotes = await quoteProducts(tx, chain, products, { onlyThese: true });
    const problems: ErrorDetail[] = [];
    const next = rows.map((row, i) => {
      const quote = quotes.get(row.productId)!;
      const priceCents = quote.sellingPriceCents + toCents(row.resellerPrice ?? 0);
      if (priceCents < quote.costsCents[0]!) {
        problems.push({
          path: `body.products.${i}.resellerPrice`,
          message: `Product ${row.productId}: ${buyingPriceIs(quote.costsCents[0]!)}`,
        });
      }
      return { productId: row.productId, priceCents };
    });
    if (problems.length > 0) throw belowCost(problems);
    await upsertSellerPrices(tx, caller.userId, next);
  }

  /** What `caller` pays for each product, in order. */
  private async costsOf(tx: Executor, caller: AuthContext, products: readonly ProductRow[]) {
    const chain = await loadPricingChain(tx, caller.userId);
    const quotes = await quoteProducts(tx, chain, products, { onlyThese: true });
    return products.map((product) => quotes.get(product.id)!.costsCents[0]!);
  }
}

const centsOr = (usd: number | undefined, current: bigint) =>
  usd === undefined ? current : toCents(usd);

const buyingPriceIs = (costCents: bigint) =>
  `Your buying price is ${formatAmount(fromCents(costCents))}`;

function auditPlatformPrices(
  tx: Executor,
  caller: AuthContext,
  before: readonly ProductRow[],
  after: readonly PlatformPriceRow[],
) {
  return writeAudit(tx, {
    actorId: caller.userId,
    action: after.length === 1 ? 'product.prices_updated' : 'product.prices_bulk_updated',
    targetType: 'product',
    targetId: after.length === 1 ? after[0]!.id : null,
    before: before.map((p) => ({
      id: p.id,
      managerPriceCents: p.managerPriceCents,
      resellerPriceCents: p.resellerPriceCents,
    })),
    after,
  });
}
