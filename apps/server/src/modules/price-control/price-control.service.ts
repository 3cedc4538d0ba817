import type { z } from 'zod';
import type {
  bulkUpdatePricesSchema,
  Product,
  updateRolePriceSchema,
} from '@keymarket/contracts/catalogue';
import type { ErrorDetail } from '@keymarket/contracts/errors';
import { formatAmount, fromCents, toCents } from '@keymarket/contracts/money';
import type { Database, Executor } from '../../db/client';
import type { AuthContext } from '../access/auth-context';
import { assertMaySetPrices, isAdmin } from '../access/policy';
import { writeAudit } from '../ledger/ledger.repository';
import { buyerCostOf, loadPricingChain, quoteProducts } from '../pricing/pricing.service';
import { known } from '../../lib/maps';
import {
  belowCost,
  platformPriceProblems,
  productNotFound,
  requireLiveProducts,
} from '../products/product-rules';
import {
  lockSellerPrices,
  setPlatformPrices,
  upsertSellerPrices,
  type PlatformPriceRow,
} from './price-control.repository';
import { findLiveProducts, type ProductRow } from '../products/products.repository';
import type { ProductsService } from '../products/products.service';

type RolePriceInput = z.output<typeof updateRolePriceSchema>;
type BulkInput = z.output<typeof bulkUpdatePricesSchema>;
type BulkRow = BulkInput['products'][number];

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
    assertMaySetPrices(caller, [input]);
    await this.db.transaction(async (tx) => {
      const [product] = await findLiveProducts(tx, [productId], {
        forUpdate: isAdmin(caller),
      });
      if (!product) throw productNotFound();
      if (isAdmin(caller)) {
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
      // The contract asks for at least one price and `assertMaySetPrices` refused a seller's
      // manager price, so a seller's request always carries its reseller price.
      if (input.resellerPrice === undefined)
        throw new Error('A seller price change without a price');
      const priceCents = toCents(input.resellerPrice);
      const costCents = await this.costOf(tx, caller, product);
      if (priceCents < costCents) {
        throw belowCost([{ path: 'body.resellerPrice', message: buyingPriceIs(costCents) }]);
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
    assertMaySetPrices(caller, input.products);
    const rows = input.products;
    return this.db.transaction(async (tx) => {
      if (!isAdmin(caller)) await lockSellerPrices(tx, caller.userId);
      const byId = await requireLiveProducts(
        tx,
        rows.map((row) => row.productId),
        { forUpdate: isAdmin(caller) },
      );
      const products = rows.map((row) => known(byId, row.productId));
      if (isAdmin(caller)) await this.bulkPlatformPrices(tx, caller, rows, products);
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
    // `products` is index-aligned with `rows` (bulkUpdate built it from them).
    const next: PlatformPriceRow[] = products.map((product, i) => ({
      id: product.id,
      managerPriceCents: product.managerPriceCents + toCents(rows[i]?.managerPrice ?? 0),
      resellerPriceCents: product.resellerPriceCents + toCents(rows[i]?.resellerPrice ?? 0),
    }));
    // A price below the initial price is also never below 0, since the initial price is ≥ 0.
    const problems = products.flatMap((product, i) =>
      platformPriceProblems({ ...product, ...next[i] }, `body.products.${i}`).map((p) => ({
        path: p.path,
        message: `Product ${product.id}: ${p.message}`,
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
      const quote = known(quotes, row.productId);
      const priceCents = quote.sellingPriceCents + toCents(row.resellerPrice ?? 0);
      const costCents = buyerCostOf(quote.costsCents);
      if (priceCents < costCents) {
        problems.push({
          path: `body.products.${i}.resellerPrice`,
          message: `Product ${row.productId}: ${buyingPriceIs(costCents)}`,
        });
      }
      return { productId: row.productId, priceCents };
    });
    if (problems.length > 0) throw belowCost(problems);
    await upsertSellerPrices(tx, caller.userId, next);
  }

  /** What `caller` pays for `product`. */
  private async costOf(tx: Executor, caller: AuthContext, product: ProductRow) {
    const chain = await loadPricingChain(tx, caller.userId);
    const quotes = await quoteProducts(tx, chain, [product], { onlyThese: true });
    return buyerCostOf(known(quotes, product.id).costsCents);
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
    targetId: after.length === 1 ? (after[0]?.id ?? null) : null,
    before: before.map((p) => ({
      id: p.id,
      managerPriceCents: p.managerPriceCents,
      resellerPriceCents: p.resellerPriceCents,
    })),
    after,
  });
}
