import { describe, expect, it } from 'vitest';
import {
  chainCosts,
  defaultSellingPrice,
  isPricedByPlatform,
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
  ])('%s', (_name, chain, prices, expected) => {
    expect(chainCosts(chain, base, prices)).toEqual(expected);
  });

  it('refuses an empty chain', () => {
    expect(() => chainCosts([], base, [])).toThrow();
  });
});

describe('defaultSellingPrice', () => {
  it('is the seller price when above cost', () =>
    expect(defaultSellingPrice(800n, 1200n, base)).toBe(1200n));
  it('is the reseller price when the seller set none', () =>
    expect(defaultSellingPrice(800n, undefined, base)).toBe(1000n));
  it('is never below the seller cost', () =>
    expect(defaultSellingPrice(1300n, 1200n, base)).toBe(1300n));
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
