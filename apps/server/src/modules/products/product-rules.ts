import type { ErrorDetail } from '@keymarket/contracts/errors';
import { formatAmount, fromCents } from '@keymarket/contracts/money';
import { messages } from '@keymarket/contracts/messages';
import type { Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { findCategory, findSubcategory } from '../categories/categories.repository';
import { findLiveProducts, type ProductRow } from './products.repository';

export interface PlatformPrices {
  initialPriceCents: bigint;
  managerPriceCents: bigint;
  resellerPriceCents: bigint;
}

/** Where a price rule failed, for `details`; `prefix` locates the row in the request body. */
export function platformPriceProblems(prices: PlatformPrices, prefix = 'body'): ErrorDetail[] {
  const floor = formatAmount(fromCents(prices.initialPriceCents));
  const problems: ErrorDetail[] = [];
  if (prices.managerPriceCents < prices.initialPriceCents) {
    problems.push({
      path: `${prefix}.managerPrice`,
      message: `The manager price cannot be lower than the initial price (${floor})`,
    });
  }
  if (prices.resellerPriceCents < prices.initialPriceCents) {
    problems.push({
      path: `${prefix}.resellerPrice`,
      message: `The reseller price cannot be lower than the initial price (${floor})`,
    });
  }
  return problems;
}

/** The platform never sells below its own cost: manager and reseller prices ≥ the initial price. */
export function assertPlatformPrices(prices: PlatformPrices) {
  const problems = platformPriceProblems(prices);
  if (problems.length > 0) throw belowCost(problems);
}

export const belowCost = (details: ErrorDetail[]) =>
  new AppError('price_below_cost', messages.sellingBelowCost, details);

/** The category exists, and the subcategory (if any) exists and belongs to it. */
export async function assertCategoryPair(
  db: Executor,
  categoryId: string,
  subcategoryId: string | null,
) {
  if (!(await findCategory(db, categoryId))) {
    throw new AppError('not_found', messages.categoryNotFound);
  }
  if (!subcategoryId) return;
  const subcategory = await findSubcategory(db, subcategoryId);
  if (!subcategory) throw new AppError('not_found', messages.subcategoryNotFound);
  if (subcategory.categoryId !== categoryId) {
    const message = 'This subcategory belongs to another category';
    throw new AppError('validation', message, [{ path: 'body.subcategoryId', message }]);
  }
}

export const productNotFound = () => new AppError('not_found', messages.productNotFound);

/**
 * The live products a request names (package contents, price lists), by id; any unknown or
 * soft-deleted one is a 404 whose details name every offender (`pathOf(index)` locates it).
 */
export async function requireLiveProducts(
  db: Executor,
  productIds: readonly string[],
  {
    pathOf = (index: number) => `body.products.${index}.productId`,
    forUpdate = false,
  }: { pathOf?: (index: number) => string; forUpdate?: boolean } = {},
): Promise<Map<string, ProductRow>> {
  if (productIds.length === 0) return new Map();
  const found = await findLiveProducts(db, productIds, { forUpdate });
  const byId = new Map(found.map((product) => [product.id, product]));
  const missing = productIds.flatMap((id, index) =>
    byId.has(id) ? [] : [{ path: pathOf(index), message: `Product ${id} not found` }],
  );
  if (missing.length > 0) throw new AppError('not_found', messages.productNotFound, missing);
  return byId;
}
