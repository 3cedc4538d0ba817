import { describe, expect, it } from 'vitest';
import {
  chainCosts,
  defaultSellingPrice,
  isPricedByPlatform,
  withMarkup,
  type ChainMember,
  type MemberPrices,
} from './cost';

const base = { managerPriceCents: 800n, resellerPriceCents: 1000n };
const manager: ChainMember = { userId: 'm', role: 'manager' };
const resellerA: ChainMember = { userId: 'ra', role: 'reseller' };
const resellerB: ChainMember = { userId: 'rb', role: 'reseller' };
const resellerC: ChainMember = { userId: 'rc', role: 'reseller' };

describe('chainCosts', () => {
  it.each<[string, ChainMember[], MemberPrices[], bigint[]]>([
    ['a manager without a package pays the manager price', [manager], [{}], [800n]],
    [
      'a manager with an admin package pays the package manager price',
      [manager],
      [{ adminPackage: { managerPriceCents: 700n, resellerPriceCents: 900n } }],
      [700n],
    ],
    ['an admin-invited reseller pays the reseller price', [resellerA], [{}], [1000n]],
    [
      'an admin-invited reseller with a package pays the package reseller price',
      [resellerA],
      [{ adminPackage: { managerPriceCents: 700n, resellerPriceCents: 950n } }],
      [950n],
    ],
    [
      "a manager's reseller pays the manager's selling price",
      [resellerA, manager],
      [{}, { sellerPriceCents: 1200n }],
      [1200n, 800n],
    ],
    [
      "a manager's reseller without a selling price pays the reseller price",
      [resellerA, manager],
      [{}, {}],
      [1000n, 800n],
    ],
    [
      "a manager package assigned to the reseller wins over the manager's selling price",
      [resellerA, manager],
      [{ managerPackageCents: 1100n }, { sellerPriceCents: 1200n }],
      [1100n, 800n],
    ],
    [
      "the price is floored at the seller's own cost (selling price below cost)",
      [resellerA, manager],
      [{}, { sellerPriceCents: 500n }],
      [800n, 800n],
    ],
    [
      'the floor applies to a manager package too',
      [resellerA, manager],
      [{ managerPackageCents: 600n }, {}],
      [800n, 800n],
    ],
    [
      'the floor follows the seller package-priced cost',
      [resellerA, manager],
      [{}, { adminPackage: { managerPriceCents: 1300n, resellerPriceCents: 0n } }],
      [1300n, 1300n],
    ],
    [
      'three levels: each pays its seller price, each floored at the seller cost',
      [resellerC, resellerB, manager],
      [{}, { sellerPriceCents: 1500n }, { sellerPriceCents: 1200n }],
      [1500n, 1200n, 800n],
    ],
    [
      'three levels: a seller pricing below its own cost passes its cost down',
      [resellerC, resellerB, manager],
      [{}, { sellerPriceCents: 900n }, { sellerPriceCents: 1200n }],
      [1200n, 1200n, 800n],
    ],
    [
      'four levels under an admin-invited reseller',
      [resellerC, resellerB, resellerA],
      [{}, {}, { sellerPriceCents: 1100n }],
      [1100n, 1100n, 1000n],
    ],
    // Standing rules: the seller's cost plus its markup (basis points), between the hand-set
    // price and the product's reseller price.
    [
      "a manager's rule prices its reseller at the manager's cost plus the markup",
      [resellerA, manager],
      [{}, { markupBasisPoints: 2500 }],
      [1000n, 800n],
    ],
    [
      'a rule above the reseller price is charged as it is',
      [resellerA, manager],
      [{}, { markupBasisPoints: 5000 }],
      [1200n, 800n],
    ],
    [
      "the seller's hand-set price wins over its rule",
      [resellerA, manager],
      [{}, { sellerPriceCents: 1100n, markupBasisPoints: 5000 }],
      [1100n, 800n],
    ],
    [
      "a manager package assigned to the reseller wins over the seller's rule",
      [resellerA, manager],
      [{ managerPackageCents: 900n }, { markupBasisPoints: 5000 }],
      [900n, 800n],
    ],
    [
      'a 0 % rule charges exactly the seller cost, below the reseller price',
      [resellerA, manager],
      [{}, { markupBasisPoints: 0 }],
      [800n, 800n],
    ],
    [
      "a rule follows the seller's package-priced cost",
      [resellerA, manager],
      [
        {},
        {
          adminPackage: { managerPriceCents: 700n, resellerPriceCents: 0n },
          markupBasisPoints: 1000,
        },
      ],
      [770n, 700n],
    ],
    [
      "three levels: each seller's rule marks up its own cost, not the product's price",
      [resellerC, resellerB, manager],
      [{}, { markupBasisPoints: 1000 }, { markupBasisPoints: 2500 }],
      [1100n, 1000n, 800n],
    ],
    [
      "the buyer's own rule does not change what it pays",
      [resellerA, manager],
      [{ markupBasisPoints: 9000 }, {}],
      [1000n, 800n],
    ],
  ])('%s', (_name, chain, prices, expected) => {
    expect(chainCosts(chain, base, prices)).toEqual(expected);
  });

  it('refuses an empty chain', () => {
    expect(() => chainCosts([], base, [])).toThrow();
  });
});

describe('defaultSellingPrice', () => {
  it.each<[string, bigint, MemberPrices | undefined, bigint, string]>([
    ['is the hand-set price when above cost', 800n, { sellerPriceCents: 1200n }, 1200n, 'hand_set'],
    ['is the reseller price when the seller set none', 800n, undefined, 1000n, 'default'],
    ['is never below the seller cost', 1300n, { sellerPriceCents: 1200n }, 1300n, 'hand_set'],
    ['is the rule when nothing is hand-set', 800n, { markupBasisPoints: 1250 }, 900n, 'rule'],
    [
      'is the hand-set price over the rule',
      800n,
      { sellerPriceCents: 1500n, markupBasisPoints: 1250 },
      1500n,
      'hand_set',
    ],
    ['is the rule even below the reseller price', 800n, { markupBasisPoints: 100 }, 808n, 'rule'],
  ])('%s', (_name, cost, seller, cents, source) => {
    expect(defaultSellingPrice(cost, seller, base)).toEqual({ cents, source });
  });
});

describe('withMarkup', () => {
  it.each<[bigint, number, bigint]>([
    [1000n, 1000, 1100n],
    [999n, 1500, 1149n], // 1148.85 → 1149
    [5n, 1000, 6n], // 5.5 → 6: a half cent rounds up
    [5n, 900, 5n], // 5.45 → 5
    [1234n, 0, 1234n],
    [0n, 100_000, 0n],
    [1000n, 100_000, 11_000n], // 1000 %: eleven times the cost
    [1n, 1, 1n], // 0.01 % of a cent is nothing
  ])('%s cents at %s basis points is %s', (cost, markup, expected) => {
    expect(withMarkup(cost, markup)).toBe(expected);
  });
});

describe('isPricedByPlatform', () => {
  it('prices managers and admin-invited resellers on the platform', () => {
    expect(isPricedByPlatform('manager', 'admin')).toBe(true);
    expect(isPricedByPlatform('manager', 'manager')).toBe(true);
    expect(isPricedByPlatform('reseller', 'admin')).toBe(true);
    expect(isPricedByPlatform('reseller', null)).toBe(true);
  });
  it('prices resellers of managers and resellers by their seller', () => {
    expect(isPricedByPlatform('reseller', 'manager')).toBe(false);
    expect(isPricedByPlatform('reseller', 'reseller')).toBe(false);
  });
});
