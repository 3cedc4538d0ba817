import type { z } from 'zod';
import type {
  BulkPriceTarget,
  bulkUpdatePricesSchema,
  Product,
  updateRolePriceSchema,
} from '@keymarket/contracts/catalogue';
import type { ErrorDetail } from '@keymarket/contracts/errors';
import { messages } from '@keymarket/contracts/messages';
import {
  applyPercentCents,
  formatAmount,
  fromCents,
  MAX_AMOUNT_USD,
  toCents,
} from '@keymarket/contracts/money';
import type { Database, Executor } from '../../db/client';
import type { AuthContext } from '../access/auth-context';
import { assertMaySetPrices, isAdmin } from '../access/policy';
import { writeAudit } from '../ledger/ledger.repository';
import { buyerCostOf, loadPricingChain, quoteProducts } from '../pricing/pricing.service';
import { AppError } from '../../lib/app-error';
import { known } from '../../lib/maps';
import { findCategory } from '../categories/categories.repository';
import {
  belowCost,
  platformPriceProblems,
  productNotFound,
  requireLiveProducts,
} from '../products/product-rules';
import {
  findLiveProductsOf,
  lockSellerPrices,
  setPlatformPrices,
  upsertSellerPrices,
  type PlatformPriceRow,
} from './price-control.repository';
import { findLiveProducts, type ProductRow } from '../products/products.repository';
import type { ProductsService } from '../products/products.service';

type RolePriceInput = z.output<typeof updateRolePriceSchema>;
type BulkInput = z.output<typeof bulkUpdatePricesSchema>;
type TargetedInput = Extract<BulkInput, { mode: 'amount' | 'percent' }>;

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
   * Moves many products' prices by signed USD amounts or by percentages, all or nothing: if any
   * product is unknown or any new price would fall below cost, nothing changes and `details`
   * names every offender. A category or the whole catalogue is read here, inside the transaction.
   */
  async bulkUpdate(caller: AuthContext, input: BulkInput): Promise<{ updated: number }> {
    assertMaySetPrices(caller, isTargeted(input) ? [input.change] : input.products);
    return this.db.transaction(async (tx) => {
      if (!isAdmin(caller)) await lockSellerPrices(tx, caller.userId);
      const plan = await bulkPlanOf(tx, input, { forUpdate: isAdmin(caller) });
      if (plan.products.length === 0) return { updated: 0 };
      if (isAdmin(caller)) await this.bulkPlatformPrices(tx, caller, plan);
      else await this.bulkSellerPrices(tx, caller, plan);
      return { updated: plan.products.length };
    });
  }

  private async bulkPlatformPrices(tx: Executor, caller: AuthContext, plan: BulkPlan) {
    const next: PlatformPriceRow[] = plan.products.map((product, i) => {
      const change = plan.changeOf(i);
      return {
        id: product.id,
        managerPriceCents: moved(product.managerPriceCents, change.managerPrice),
        resellerPriceCents: moved(product.resellerPriceCents, change.resellerPrice),
      };
    });
    assertWithinMax(
      plan.products.flatMap((product, i) =>
        (['managerPrice', 'resellerPrice'] as const).map((field) => ({
          path: `${plan.pathOf(i)}.${field}`,
          before: product[`${field}Cents`],
          after: next[i]?.[`${field}Cents`] ?? 0n,
        })),
      ),
    );
    // A price below the initial price is also never below 0, since the initial price is ≥ 0.
    const problems = plan.products.flatMap((product, i) =>
      platformPriceProblems({ ...product, ...next[i] }, plan.pathOf(i)).map((p) => ({
        path: p.path,
        message: `Product ${product.id}: ${p.message}`,
      })),
    );
    if (problems.length > 0) throw belowCost(problems);
    await setPlatformPrices(tx, next);
    await auditPlatformPrices(tx, caller, plan.products, next);
  }

  /** A seller's change starts from its current default selling price for each product. */
  private async bulkSellerPrices(tx: Executor, caller: AuthContext, plan: BulkPlan) {
    const chain = await loadPricingChain(tx, caller.userId);
    const quotes = await quoteProducts(tx, chain, plan.products, {
      onlyThese: !plan.everyProduct,
    });
    const problems: ErrorDetail[] = [];
    const moves = plan.products.map((product, i) => {
      const quote = known(quotes, product.id);
      const priceCents = moved(quote.sellingPriceCents, plan.changeOf(i).resellerPrice);
      const costCents = buyerCostOf(quote.costsCents);
      const path = `${plan.pathOf(i)}.resellerPrice`;
      if (priceCents < costCents) {
        problems.push({ path, message: `Product ${product.id}: ${buyingPriceIs(costCents)}` });
      }
      return { productId: product.id, path, before: quote.sellingPriceCents, after: priceCents };
    });
    assertWithinMax(moves);
    if (problems.length > 0) throw belowCost(problems);
    const next = moves.map(({ productId, after }) => ({ productId, priceCents: after }));
    await upsertSellerPrices(tx, caller.userId, next);
  }

  /** What `caller` pays for `product`. */
  private async costOf(tx: Executor, caller: AuthContext, product: ProductRow) {
    const chain = await loadPricingChain(tx, caller.userId);
    const quotes = await quoteProducts(tx, chain, [product], { onlyThese: true });
    return buyerCostOf(known(quotes, product.id).costsCents);
  }
}

type PriceField = 'managerPrice' | 'resellerPrice';
/** Where one price of a product goes: its current cents to the new ones. */
type PriceMove = (cents: bigint) => bigint;
type BulkChange = Partial<Record<PriceField, PriceMove>>;

const moved = (cents: bigint, move: PriceMove | undefined) => (move ? move(cents) : cents);

/** A bulk update resolved to its products, each with its change and where a refusal points. */
interface BulkPlan {
  products: ProductRow[];
  changeOf: (index: number) => BulkChange;
  /** The path of the product's prices in `details`: `<path>.managerPrice`. */
  pathOf: (index: number) => string;
  /** Every live product: quoted whole rather than by a list of every id. */
  everyProduct: boolean;
}

const isTargeted = (input: BulkInput): input is TargetedInput =>
  input.mode === 'amount' || input.mode === 'percent';

function movesOf(
  change: { managerPrice?: number | undefined; resellerPrice?: number | undefined },
  mode: 'amount' | 'percent',
): BulkChange {
  const moves: BulkChange = {};
  for (const field of ['managerPrice', 'resellerPrice'] as const) {
    const by = change[field];
    if (by === undefined) continue;
    moves[field] =
      mode === 'percent' ? (cents) => applyPercentCents(cents, by) : (cents) => cents + toCents(by);
  }
  return moves;
}

/**
 * The products a bulk update changes, read (and for administrators locked) in `tx`. Rows point at
 * their place in the body; a target's products, which the server chose, are named by their id.
 */
async function bulkPlanOf(
  tx: Executor,
  input: BulkInput,
  { forUpdate }: { forUpdate: boolean },
): Promise<BulkPlan> {
  if (!isTargeted(input)) {
    const rows = input.products;
    const byId = await requireLiveProducts(
      tx,
      rows.map((row) => row.productId),
      { forUpdate },
    );
    const changes = rows.map((row) => movesOf(row, 'amount'));
    return {
      products: rows.map((row) => known(byId, row.productId)),
      changeOf: (i) => changes[i] ?? {},
      pathOf: (i) => `body.products.${i}`,
      everyProduct: false,
    };
  }
  const change = movesOf(input.change, input.mode);
  const products = await targetProducts(tx, input.target, forUpdate);
  return {
    products,
    changeOf: () => change,
    pathOf: (i) => `products.${products[i]?.id ?? i}`,
    everyProduct: input.target.kind === 'all',
  };
}

async function targetProducts(
  tx: Executor,
  target: BulkPriceTarget,
  forUpdate: boolean,
): Promise<ProductRow[]> {
  switch (target.kind) {
    case 'products': {
      const byId = await requireLiveProducts(tx, target.productIds, {
        forUpdate,
        pathOf: (index) => `body.target.productIds.${index}`,
      });
      return target.productIds.map((id) => known(byId, id));
    }
    case 'category':
      if (!(await findCategory(tx, target.categoryId))) {
        throw new AppError('not_found', messages.categoryNotFound, [
          { path: 'body.target.categoryId', message: messages.categoryNotFound },
        ]);
      }
      return findLiveProductsOf(tx, target.categoryId, { forUpdate });
    case 'all':
      return findLiveProductsOf(tx, undefined, { forUpdate });
  }
}

const MAX_PRICE_CENTS = toCents(MAX_AMOUNT_USD);

/**
 * No bulk change raises a price above MAX_AMOUNT_USD, which no single price edit accepts either:
 * percentages compound (+1000 % is eleven times a price), and repeated they would reach the
 * bigint column's limit. A price already above it (a seller's rule on a dear cost) may still be
 * lowered. A validation error naming every such price; nothing is written.
 */
function assertWithinMax(prices: readonly { path: string; before: bigint; after: bigint }[]) {
  const details = prices.flatMap(({ path, before, after }) =>
    after > MAX_PRICE_CENTS && after > before ? [{ path, message: messages.amountTooLarge }] : [],
  );
  if (details.length > 0) throw new AppError('validation', messages.amountTooLarge, details);
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
