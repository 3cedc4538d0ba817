import type { Database, Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { batchedLookup } from '../../lib/batched-lookup';
import {
  chainCosts,
  defaultSellingPrice,
  isPricedByPlatform,
  type BasePrices,
  type ChainMember,
  type MemberPrices,
  type SellingPriceSource,
} from './cost';
import {
  adminPackagePrices,
  ancestorsOf,
  loadAncestors,
  managerPackagePrices,
  priceRulesOf,
  sellerPricesOf,
  sellerPriceRows,
  type AncestorRow,
  type SellerRules,
} from './pricing.repository';
import { messages } from '@keymarket/contracts/messages';

export interface PricedProduct extends BasePrices {
  id: string;
  /** Which of a seller's standing rules covers the product (its category's, else everything). */
  categoryId: string;
}

export interface Quote {
  /** Costs along the chain, buyer first (index-aligned with `PricingChain.members`). */
  costsCents: bigint[];
  /** What the buyer charges its own invitees by default (managers and resellers). */
  sellingPriceCents: bigint;
  /** Where `sellingPriceCents` comes from: the buyer's hand-set price, its rule, or neither. */
  sellingPriceSource: SellingPriceSource;
}

/** What the chain's buyer pays: the first of a quote's costs (a chain is never empty). */
export function buyerCostOf(costsCents: readonly bigint[]): bigint {
  const [cents] = costsCents;
  if (cents === undefined) throw new Error('A quote without costs');
  return cents;
}

export interface PricingChain {
  members: (ChainMember & AncestorRow)[];
}

/** The buyer and its sellers up to the first member the platform prices. */
export async function loadPricingChain(db: Executor, userId: string): Promise<PricingChain> {
  return chainOf(await loadAncestors(db, userId));
}

/** What `quoteProducts` reads the sellers' own prices with: seller → product → cents. */
export type SellerPricesReader = (
  sellerIds: readonly string[],
  productIds: readonly string[] | undefined,
) => Promise<Map<string, Map<string, bigint>>>;

/**
 * The sellers' prices for the products of orders, the calls of one turn of the event loop read by
 * one query (`batchedLookup`): every order through a chain reads its sellers' prices of its
 * product, and a query of its own per order was a round trip the platform's orders do not pay.
 */
export function sellerPricesLookup(db: Database): SellerPricesReader {
  const priceOf = batchedLookup(async (pairs: readonly string[]) => {
    const split = pairs.map((pair) => pair.split('|') as [string, string]);
    const rows = await sellerPriceRows(
      db,
      split.map(([seller]) => seller),
      split.map(([, product]) => product),
    );
    return new Map(rows.map((r) => [`${r.seller}|${r.product}`, BigInt(r.cents)]));
  });
  return async (sellerIds, productIds) => {
    if (!productIds) return sellerPricesOf(db, sellerIds);
    const prices = new Map<string, Map<string, bigint>>();
    const found = await Promise.all(
      sellerIds.flatMap((seller) =>
        productIds.map(async (product) => {
          const id = product.toLowerCase();
          return { seller, id, cents: await priceOf(`${seller.toLowerCase()}|${id}`) };
        }),
      ),
    );
    for (const { seller, id, cents } of found) {
      if (cents === undefined) continue;
      const own = prices.get(seller) ?? new Map<string, bigint>();
      prices.set(seller, own.set(id, cents));
    }
    return prices;
  };
}

/** What `quoteProducts` reads the sellers' standing rules with: seller → its rules. */
export type PriceRulesReader = (sellerIds: readonly string[]) => Promise<Map<string, SellerRules>>;

/**
 * The sellers' standing rules for orders, the calls of one turn of the event loop read by one
 * query (`batchedLookup`), as `sellerPricesLookup` reads their prices. An order by a buyer the
 * platform prices has no seller and reads none.
 */
export function priceRulesLookup(db: Database): PriceRulesReader {
  const rulesOf = batchedLookup((sellerIds: readonly string[]) => priceRulesOf(db, sellerIds));
  return async (sellerIds) => {
    const found = await Promise.all(
      sellerIds.map(async (seller) => [seller, await rulesOf(seller.toLowerCase())] as const),
    );
    return new Map(found.flatMap(([seller, rules]) => (rules ? [[seller, rules]] : [])));
  };
}

/** The markup of the rule in `rules` that covers a product of `categoryId`, if any. */
const markupFor = (rules: SellerRules | undefined, categoryId: string) =>
  rules?.get(categoryId) ?? rules?.get(null);

/**
 * `loadPricingChain` for the order path: the chains of the orders that arrive together are read
 * in one query (`batchedLookup`). Outside any transaction.
 */
export function pricingChainLookup(db: Database): (userId: string) => Promise<PricingChain> {
  const ancestors = batchedLookup((userIds: readonly string[]) => ancestorsOf(db, userIds));
  return async (userId) => chainOf((await ancestors(userId.toLowerCase())) ?? []);
}

function chainOf(ancestors: readonly AncestorRow[]): PricingChain {
  if (ancestors.length === 0) throw new AppError('not_found', messages.userNotFound);
  const members: PricingChain['members'] = [];
  for (const [i, member] of ancestors.entries()) {
    members.push({ ...member, userId: member.id });
    const inviter = ancestors[i + 1];
    if (isPricedByPlatform(member.role, inviter?.role ?? null)) break;
  }
  return { members };
}

/**
 * Prices `products` for the chain's buyer: per product, every chain member's cost and the buyer's
 * default selling price. A handful of queries whatever the number of products, so pricing the
 * 10,000-product list stays one pass.
 */
export async function quoteProducts(
  db: Executor,
  chain: PricingChain,
  products: readonly PricedProduct[],
  options: {
    onlyThese?: boolean;
    /**
     * Only the costs are wanted (an order): the buyer's own prices are not read, and
     * `sellingPriceCents` is the default one. A query less on the money path.
     */
    costsOnly?: boolean;
    /** Reads the sellers' own prices; `sellerPricesOf` unless the caller batches them (orders). */
    readSellerPrices?: SellerPricesReader;
    /** Reads the sellers' standing rules; `priceRulesOf` unless the caller batches them (orders). */
    readPriceRules?: PriceRulesReader;
  } = {},
): Promise<Map<string, Quote>> {
  const { members } = chain;
  const ids = options.onlyThese ? products.map((p) => p.id) : undefined;
  const buyer = members[0];
  const top = members.at(-1);
  if (!buyer || !top) throw new Error('An empty pricing chain');

  // Sequential on purpose: `db` may be a transaction (a price change, the cached list's
  // snapshot), whose queries share one connection. An order quotes outside any transaction.
  const adminPackage = top.packageId
    ? await adminPackagePrices(db, top.packageId, ids)
    : new Map<string, BasePrices>();
  const managerPackageByMember: Map<string, bigint>[] = [];
  for (const [i, member] of members.entries()) {
    // The top member's seller is the platform, which prices through the admin package.
    const seller = members[i + 1];
    if (!seller) break;
    managerPackageByMember.push(
      member.managerPackageId
        ? await managerPackagePrices(db, member.managerPackageId, seller.id, ids)
        : new Map<string, bigint>(),
    );
  }
  // The buyer's own prices (for its default selling price) come in the same query.
  const sellerIds = (options.costsOnly ? members.slice(1) : members).map((m) => m.id);
  const sellerPrices = options.readSellerPrices
    ? await options.readSellerPrices(sellerIds, ids)
    : await sellerPricesOf(db, sellerIds, ids);
  const sellerPriceByMember = members.map((member) => sellerPrices.get(member.id));
  // Standing rules, read for the same members (none when the platform prices a lone buyer).
  const rules =
    sellerIds.length === 0
      ? new Map<string, SellerRules>()
      : options.readPriceRules
        ? await options.readPriceRules(sellerIds)
        : await priceRulesOf(db, sellerIds);
  const rulesByMember = members.map((member) => rules.get(member.id));
  const buyerPrices = options.costsOnly ? undefined : sellerPriceByMember[0];
  const buyerRules = options.costsOnly ? undefined : rulesByMember[0];
  const quotes = new Map<string, Quote>();
  // One set of member prices, filled again for each product (chainCosts keeps none of it): the
  // whole-catalogue list prices 10,000 products here, and fewer objects is less collection.
  const prices: MemberPrices[] = members.map(() => ({}));
  for (const product of products) {
    prices.forEach((memberPrices, i) => {
      memberPrices.adminPackage =
        i === members.length - 1 ? adminPackage.get(product.id) : undefined;
      memberPrices.managerPackageCents = managerPackageByMember[i]?.get(product.id);
      memberPrices.sellerPriceCents = i > 0 ? sellerPriceByMember[i]?.get(product.id) : undefined;
      memberPrices.markupBasisPoints =
        i > 0 ? markupFor(rulesByMember[i], product.categoryId) : undefined;
    });
    const costsCents = chainCosts(members, product, prices);
    const selling = defaultSellingPrice(
      buyerCostOf(costsCents),
      {
        sellerPriceCents: buyerPrices?.get(product.id),
        markupBasisPoints: markupFor(buyerRules, product.categoryId),
      },
      product,
    );
    quotes.set(product.id, {
      costsCents,
      sellingPriceCents: selling.cents,
      sellingPriceSource: selling.source,
    });
  }
  return quotes;
}
