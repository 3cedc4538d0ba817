import { describe, expect, it } from 'vitest';
import type { Ticket, TicketDetail } from '@keymarket/contracts/tickets';
import { actOnKey, freshKeys, importKeys, reportKey } from './helpers/after-sale';
import { useCatalogueApp } from './helpers/catalogue-app';
import type { SignedInUser } from './helpers/factory';
import { fundedReseller, placedOrder } from './helpers/money';

const { ctx, catalogue, admin } = useCatalogueApp();

async function ticketAs(viewer: SignedInUser, id: string) {
  const response = await viewer.inject({ method: 'GET', url: `/api/tickets/${id}` });
  expect(response.statusCode, response.body).toBe(200);
  return { detail: response.json<TicketDetail>(), body: response.body };
}

/** A buyer's order of 2 keys out of 4, its second key reported: the report's ticket. */
async function reportedOrder() {
  const product = await catalogue.product({ resellerPriceCents: 750n });
  const keys = freshKeys(4, 'ABCD');
  const imported = await importKeys(admin, product.id, keys);
  expect(imported.statusCode, imported.body).toBe(200);
  const buyer = await fundedReseller(ctx.factory, admin, 100);
  const order = await placedOrder(buyer, product.id, 2);
  const reported = await reportKey(buyer, order.id, { keyIndex: 1, reason: 'Already redeemed' });
  expect(reported.statusCode, reported.body).toBe(200);
  const mine = await buyer.inject({ method: 'GET', url: '/api/tickets/my-tickets' });
  const ticket = mine.json<{ data: Ticket[] }>().data.find((t) => t.report?.orderId === order.id);
  if (!ticket) throw new Error('no report ticket');
  return { product, buyer, order, ticket };
}

describe("a faulty-key report's details, for the administrators", () => {
  it('names the key masked, the order, product, unit price, buyer and the pool’s unsold keys', async () => {
    const { product, buyer, order, ticket } = await reportedOrder();
    const key = order.responseKeys?.[1] ?? '';
    expect(key).toMatch(/^ABCD-/);

    const { detail, body } = await ticketAs(admin, ticket.id);
    expect(detail.reportDetails).toEqual({
      orderId: order.id,
      keyIndex: 1,
      maskedKey: expect.stringMatching(new RegExp(`^ABCD•+${key.slice(-4)}$`)) as string,
      keyState: 'reported',
      productId: product.id,
      productName: product.name,
      quantity: 2,
      unitPrice: 7.5,
      buyer: { id: buyer.user.id, username: buyer.user.username },
      poolStock: 2,
    });
    // The key itself never reaches the ticket, whole or in its middle.
    expect(body).not.toContain(key);
    expect(body).not.toContain(key.slice(4, -4));
  });

  it('is not given to the author, who has its order', async () => {
    const { buyer, ticket } = await reportedOrder();
    expect((await ticketAs(buyer, ticket.id)).detail.reportDetails).toBeNull();
  });

  it('reads the new state after a replacement: key replaced, ticket closed, one key fewer', async () => {
    const { order, ticket } = await reportedOrder();
    const replaced = await actOnKey(admin, 'replace', order.id, { keyIndex: 1 });
    expect(replaced.statusCode, replaced.body).toBe(200);

    const { detail } = await ticketAs(admin, ticket.id);
    expect(detail.status).toBe('closed');
    expect(detail.reportDetails).toMatchObject({ keyState: 'replaced', poolStock: 1 });
    // Still the reported key, not its replacement.
    const key = order.responseKeys?.[1] ?? '';
    expect(detail.reportDetails?.maskedKey).toMatch(new RegExp(`${key.slice(-4)}$`));
  });

  it('reads refunded after a unit refund', async () => {
    const { order, ticket } = await reportedOrder();
    const refunded = await actOnKey(admin, 'refund', order.id, { keyIndex: 1 });
    expect(refunded.statusCode, refunded.body).toBe(200);
    const { detail } = await ticketAs(admin, ticket.id);
    expect(detail.status).toBe('closed');
    expect(detail.reportDetails).toMatchObject({ keyState: 'refunded', poolStock: 2 });
  });
});
