import type { CatalogueApp } from './catalogue-app';
import type { SignedInUser } from './factory';
import { deposit } from './money';

/** POST /api/products/{id}/keys as `admin`: one line per key. */
export function importKeys(admin: SignedInUser, productId: string, keys: readonly string[]) {
  return admin.inject({
    method: 'POST',
    url: `/api/products/${productId}/keys`,
    payload: { keys: keys.join('\n') },
  });
}

/** POST /api/orders/{id}/report as `user`. */
export function reportKey(user: SignedInUser, orderId: string, payload: unknown) {
  return user.inject({
    method: 'POST',
    url: `/api/orders/${orderId}/report`,
    payload: payload as object,
  });
}

/** POST /api/orders/{id}/replace or /refund as `user`. */
export function actOnKey(
  user: SignedInUser,
  action: 'replace' | 'refund',
  orderId: string,
  payload: unknown,
) {
  return user.inject({
    method: 'POST',
    url: `/api/orders/${orderId}/${action}`,
    payload: payload as object,
  });
}

let keySerial = 0;
/** `count` fresh key texts, unique across the test run. */
export function freshKeys(count: number, prefix = 'NEW'): string[] {
  return Array.from(
    { length: count },
    () => `${prefix}-${process.pid}-${++keySerial}-${Date.now()}`,
  );
}

/**
 * Sellers above a buyer holding $100, each earning, on a new instant product with `keys` keys:
 * admin → manager → buyer, the manager selling at $12 (the platform to it at $8, a margin of $4 a
 * unit). With `twoSellerChain`, a reseller between the manager and the buyer, selling at $15
 * (buying at the manager's $12, a margin of $3 a unit).
 */
export async function sellerChain(app: Omit<CatalogueApp, 'db'>, keys: number) {
  const { buyer, manager, product } = await chainOf(app, keys, false);
  return { buyer, manager, product };
}

/** admin → manager ($12) → reseller ($15) → buyer with $100 (`sellerChain`). */
export async function twoSellerChain(app: Omit<CatalogueApp, 'db'>, keys: number) {
  const { buyer, manager, reseller, product } = await chainOf(app, keys, true);
  if (!reseller) throw new Error('the chain was made without its reseller');
  return { buyer, manager, reseller, product };
}

async function chainOf(
  { ctx, catalogue, admin }: Omit<CatalogueApp, 'db'>,
  keys: number,
  withReseller: boolean,
) {
  const manager = await ctx.factory.signedIn('manager', admin.user);
  const reseller = withReseller ? await ctx.factory.signedIn('reseller', manager.user) : undefined;
  const buyer = await ctx.factory.signedIn('reseller', (reseller ?? manager).user);
  await deposit(admin, buyer.user.id, 100);
  const product = await catalogue.product({ keys });
  await catalogue.sellerPrice(manager.user.id, product.id, 1200n);
  if (reseller) await catalogue.sellerPrice(reseller.user.id, product.id, 1500n);
  return { buyer, manager, reseller, product };
}
