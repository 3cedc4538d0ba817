import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { products } from '../src/db/schema/index';
import { liveProductLookup } from '../src/modules/orders/orders.repository';
import { pricingChainLookup, sellerPricesLookup } from '../src/modules/pricing/pricing.service';
import { useCatalogueApp } from './helpers/catalogue-app';

/**
 * The order path's reads answer every order of an event-loop turn with one query
 * (`batchedLookup`). Calls made in the same turn always share a batch, so these make theirs
 * together and check that each call gets its own row back from the shared query.
 */
describe('batched reads of the order path', () => {
  const app = useCatalogueApp();

  it('answers each product read of a batch with its own product, and none for a missing one', async () => {
    const findLiveProduct = liveProductLookup(app.db());
    const first = await app.catalogue.product({ keys: 2, initialPriceCents: 100n });
    const second = await app.catalogue.product({ keys: 5, initialPriceCents: 250n });
    const deleted = await app.catalogue.product({ keys: 1 });
    await app
      .db()
      .update(products)
      .set({ deletedAt: new Date() })
      .where(eq(products.id, deleted.id));

    const [a, b, upper, gone, never] = await Promise.all([
      findLiveProduct(first.id),
      findLiveProduct(second.id),
      findLiveProduct(first.id.toUpperCase()),
      findLiveProduct(deleted.id),
      findLiveProduct('00000000-0000-4000-8000-000000000000'),
    ]);

    expect(a?.product).toMatchObject({ id: first.id, stock: 2, initialPriceCents: 100n });
    expect(b?.product).toMatchObject({ id: second.id, stock: 5, initialPriceCents: 250n });
    expect(upper?.product.id).toBe(first.id);
    expect(gone).toBeUndefined();
    expect(never).toBeUndefined();
  });

  it("answers each chain read of a batch with its own buyer's chain, nearest first", async () => {
    const chainOf = pricingChainLookup(app.db());
    const { factory } = app.ctx;
    const manager = await factory.user({ role: 'manager', invitedBy: app.admin.user });
    const underManager = await factory.user({ invitedBy: manager });
    const underReseller = await factory.user({ invitedBy: underManager });
    const direct = await factory.user({ invitedBy: app.admin.user });

    const chains = await Promise.all(
      [underReseller, direct, underManager].map((user) => chainOf(user.id)),
    );

    const ids = chains.map((chain) => chain.members.map((member) => member.id));
    expect(ids).toEqual([
      [underReseller.id, underManager.id, manager.id],
      [direct.id],
      [underManager.id, manager.id],
    ]);
    await expect(chainOf('00000000-0000-4000-8000-000000000000')).rejects.toMatchObject({
      type: 'not_found',
    });
  });

  it("answers each seller-price read of a batch with its own seller's price of its own product", async () => {
    const readSellerPrices = sellerPricesLookup(app.db());
    const { factory } = app.ctx;
    const managerA = await factory.user({ role: 'manager', invitedBy: app.admin.user });
    const managerB = await factory.user({ role: 'manager', invitedBy: app.admin.user });
    const first = await app.catalogue.product({ keys: 1 });
    const second = await app.catalogue.product({ keys: 1 });
    await app.catalogue.sellerPrice(managerA.id, first.id, 1100n);
    await app.catalogue.sellerPrice(managerA.id, second.id, 1200n);
    await app.catalogue.sellerPrice(managerB.id, first.id, 1300n);

    const [a, b, both, none] = await Promise.all([
      readSellerPrices([managerA.id], [first.id]),
      readSellerPrices([managerB.id], [first.id.toUpperCase()]),
      readSellerPrices([managerA.id, managerB.id], [second.id]),
      readSellerPrices([managerB.id], [second.id]),
    ]);

    expect(a).toEqual(new Map([[managerA.id, new Map([[first.id, 1100n]])]]));
    expect(b).toEqual(new Map([[managerB.id, new Map([[first.id, 1300n]])]]));
    expect(both).toEqual(new Map([[managerA.id, new Map([[second.id, 1200n]])]]));
    expect(none).toEqual(new Map());
  });
});
