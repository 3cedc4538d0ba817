import { applyPercentCents } from '@keymarket/contracts/money';
import type { Role } from '@keymarket/contracts/users';

/**
 * cost(buyer), DESIGN.md §4, as a pure function so every rule can be tested in a table.
 *
 * A pricing chain lists the buyer first, then each seller up to the first member priced by the
 * platform (a manager, or a reseller invited by an admin). Costs are computed top-down:
 *   top:   its admin package price for its role, else the product's manager/reseller price;
 *   child of S: S's manager package price assigned to the child, else S's hand-set selling price,
 *          else S's standing rule (cost(S) plus its markup), else the product's reseller price;
 *          and never below cost(S).
 */

export interface ChainMember {
  userId: string;
  role: Role;
}

export interface BasePrices {
  managerPriceCents: bigint;
  resellerPriceCents: bigint;
}

/** What each member's situation adds for one product; absent fields mean "no such price". */
export interface MemberPrices {
  /** Top member only: its admin package's price for this product. */
  adminPackage?: { managerPriceCents: bigint; resellerPriceCents: bigint };
  /** Non-top members: the price in the seller's manager package assigned to this member. */
  managerPackageCents?: bigint;
  /** Members that sell (all but the buyer): their own selling price from Price Control. */
  sellerPriceCents?: bigint;
  /**
   * Members that sell: the markup of their standing rule that covers this product (the product's
   * category's rule, else the everything rule), in basis points (hundredths of a percent).
   */
  markupBasisPoints?: number;
}

/** Where a seller's price to its invitees comes from, in the order they are looked for. */
export type SellingPriceSource = 'hand_set' | 'rule' | 'default';

/**
 * `costCents` plus `markupBasisPoints` hundredths of a percent, rounded half up to the cent (10 %
 * on 0.05 is 0.06): the arithmetic of the bulk percentage changes (`applyPercentCents`, decision
 * record 0070), integer cents, never a float.
 */
export function withMarkup(costCents: bigint, markupBasisPoints: number): bigint {
  return applyPercentCents(costCents, markupBasisPoints / 100);
}

/** What a seller charges by its own prices (hand-set, else its rule), and which of them it is. */
function ownPrice(
  sellerCostCents: bigint,
  seller: MemberPrices | undefined,
): { cents: bigint; source: SellingPriceSource } | undefined {
  if (seller?.sellerPriceCents !== undefined) {
    return { cents: seller.sellerPriceCents, source: 'hand_set' };
  }
  if (seller?.markupBasisPoints !== undefined) {
    return { cents: withMarkup(sellerCostCents, seller.markupBasisPoints), source: 'rule' };
  }
  return undefined;
}

const max = (a: bigint, b: bigint) => (a > b ? a : b);

/**
 * Costs along the chain, index-aligned with `chain` (index 0 is the buyer).
 * `prices[i]` describes member i.
 */
export function chainCosts(
  chain: readonly ChainMember[],
  base: BasePrices,
  prices: readonly MemberPrices[],
): bigint[] {
  const topIndex = chain.length - 1;
  const top = chain[topIndex];
  if (!top) throw new Error('empty pricing chain');
  const costs = new Array<bigint>(chain.length);
  const pkg = prices[topIndex]?.adminPackage;
  // Walking down from the top, each member's cost is at least what its seller paid.
  let sellerCost =
    top.role === 'manager'
      ? (pkg?.managerPriceCents ?? base.managerPriceCents)
      : (pkg?.resellerPriceCents ?? base.resellerPriceCents);
  costs[topIndex] = sellerCost;
  for (let i = topIndex - 1; i >= 0; i -= 1) {
    const candidate =
      prices[i]?.managerPackageCents ??
      ownPrice(sellerCost, prices[i + 1])?.cents ??
      base.resellerPriceCents;
    sellerCost = max(candidate, sellerCost);
    costs[i] = sellerCost;
  }
  return costs;
}

/**
 * What a seller charges its invitees unless a manager package says otherwise: its hand-set
 * selling price, else its standing rule, else the reseller price; floored at its own cost.
 * `seller` holds the seller's own prices (`sellerPriceCents`, `markupBasisPoints`).
 */
export function defaultSellingPrice(
  sellerCostCents: bigint,
  seller: Pick<MemberPrices, 'sellerPriceCents' | 'markupBasisPoints'> | undefined,
  base: BasePrices,
): { cents: bigint; source: SellingPriceSource } {
  const own = ownPrice(sellerCostCents, seller) ?? {
    cents: base.resellerPriceCents,
    source: 'default' as const,
  };
  return { cents: max(own.cents, sellerCostCents), source: own.source };
}

/** Priced by the platform: a manager, an admin, or a reseller invited by an admin (or by nobody). */
export function isPricedByPlatform(role: Role, inviterRole: Role | null): boolean {
  return role !== 'reseller' || inviterRole === null || inviterRole === 'admin';
}
