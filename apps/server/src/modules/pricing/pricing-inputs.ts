import type { AncestorRow } from './pricing.repository';
import type { PricingChain } from './pricing.service';

/*
 * Everything a buyer's prices are read from, declared once. The whole-catalogue list cache
 * (catalogue-list/product-list-cache.ts) is valid only while none of it changes: its key holds the
 * chain fields below and its fingerprint covers the tables below, both built from these
 * declarations. A product's own prices come with the product row, which every list reads and
 * fingerprints whole. test/pricing-inputs.test.ts asks PostgreSQL which tables and columns the
 * pricing queries read and fails on any this file does not declare.
 */

/**
 * The columns of `users` that pricing reads, and the chain member's field that stands for each in
 * the cache key. The chain is read again for every list (one small query), so a change to any of
 * these fields makes a new key rather than a new fingerprint.
 */
export const chainColumns = {
  id: 'id',
  /** Who invited whom: the key holds the members' ids in chain order. */
  invited_by_id: 'id',
  role: 'role',
  package_id: 'packageId',
  manager_package_id: 'managerPackageId',
  /** Read for an order's seller name; no price depends on it. */
  username: null,
} as const satisfies Record<string, keyof AncestorRow | null>;

type ChainKeyField = Exclude<(typeof chainColumns)[keyof typeof chainColumns], null>;

/** The fields of each chain member the list cache's key holds. */
export const chainKeyFields: readonly ChainKeyField[] = [
  ...new Set(Object.values(chainColumns).filter((field): field is ChainKeyField => field !== null)),
];

/** Which rows of a table the prices of one chain are read from: those whose `column` is in `ids`. */
export interface ChainRows {
  column: string;
  ids: string[];
}

const memberIds = (chain: PricingChain) => chain.members.map((member) => member.id);
/** The admin package of the chain's top member (the one the platform prices). */
const adminPackageIds = (chain: PricingChain) => {
  const packageId = chain.members.at(-1)?.packageId;
  return packageId ? [packageId] : [];
};
const managerPackageIds = (chain: PricingChain) =>
  chain.members.flatMap((member) => (member.managerPackageId ? [member.managerPackageId] : []));

/** The tables the pricing queries read (quoteProducts), with the rows one chain's prices use. */
export const pricedTables: Record<string, (chain: PricingChain) => ChainRows> = {
  seller_prices: (chain) => ({ column: 'seller_id', ids: memberIds(chain) }),
  price_rules: (chain) => ({ column: 'seller_id', ids: memberIds(chain) }),
  package_products: (chain) => ({ column: 'package_id', ids: adminPackageIds(chain) }),
  manager_packages: (chain) => ({ column: 'id', ids: managerPackageIds(chain) }),
  manager_package_products: (chain) => ({ column: 'package_id', ids: managerPackageIds(chain) }),
};
