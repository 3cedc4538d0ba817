import type { Role } from '@keymarket/contracts/users';

/**
 * cost(buyer), DESIGN.md §4, as a pure function so every rule can be tested in a table.
 *
 * A pricing chain lists the buyer first, then each seller up to the first member priced by the
 * platform (a manager, or a reseller invited by an admin). Costs are computed top-down:
 *   top:   its admin package price for its role, else the product's manager/reseller price;
 *   child of S: S's manager package price assigned to the child, else S's own selling price, else
 *          the product's reseller price; and never below cost(S).
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
      prices[i]?.managerPackageCents ?? prices[i + 1]?.sellerPriceCents ?? base.resellerPriceCents;
    sellerCost = max(candidate, sellerCost);
    costs[i] = sellerCost;
  }
  return costs;
}

/** What `seller` charges its invitees by default: its selling price, else the reseller price, floored at its own cost. */
export function defaultSellingPrice(
  sellerCostCents: bigint,
  sellerPriceCents: bigint | undefined,
  base: BasePrices,
): bigint {
  return max(sellerPriceCents ?? base.resellerPriceCents, sellerCostCents);
}

/** Priced by the platform: a manager, an admin, or a reseller invited by an admin (or by nobody). */
export function isPricedByPlatform(role: Role, inviterRole: Role | null): boolean {
  return role !== 'reseller' || inviterRole === null || inviterRole === 'admin';
}
