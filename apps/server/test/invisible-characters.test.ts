import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Alert } from '@keymarket/contracts/settings';
import type { Order } from '@keymarket/contracts/orders';
import { messages } from '@keymarket/contracts/messages';
import type { Ticket } from '@keymarket/contracts/tickets';
import { users } from '../src/db/schema/index';
import { useCatalogueApp } from './helpers/catalogue-app';
import { expectValidation } from './helpers/expect-error';
import { deposit, placeOrder } from './helpers/money';
import { generateCode, register, signupPayload } from './helpers/signup';

const RLO = '\u202E';
const ZWSP = '\u200B';

/*
 * Names are refused when they hold invisible or direction-control characters (they could pass for
 * another name); free texts are stored without them
 * (docs/adr/0023-invisible-characters-and-hostile-input.md).
 */
describe('invisible and direction-control characters', () => {
  const app = useCatalogueApp();

  it('refuses a name at signup that would show reversed, and creates no account', async () => {
    const code = await generateCode(app.admin);
    const payload = signupPayload(code.code, { lastName: `${RLO}nimda` });
    const res = await register(app.ctx, payload);
    expectValidation(res, 'body.lastName', messages.invisibleCharacters);
    const rows = await app.db().select().from(users).where(eq(users.username, payload.username));
    expect(rows).toEqual([]);
  });

  it('refuses such a name from an admin edit and a product name with a zero-width space', async () => {
    const reseller = await app.ctx.factory.user({ invitedBy: app.admin.user });
    const edit = await app.admin.inject({
      method: 'PATCH',
      url: `/api/users/${reseller.id}`,
      payload: { firstName: `Te${ZWSP}st` },
    });
    expectValidation(edit, 'body.firstName', messages.invisibleCharacters);

    const product = await app.catalogue.product();
    const rename = await app.admin.inject({
      method: 'PATCH',
      url: `/api/products/${product.id}`,
      payload: { name: `Steam${ZWSP} 20` },
    });
    expectValidation(rename, 'body.name', messages.invisibleCharacters);
  });

  it('stores a ticket, an order note and an alert without them, line breaks kept', async () => {
    const reseller = await app.ctx.factory.signedIn('reseller', app.admin.user);
    const ticket = await reseller.inject({
      method: 'POST',
      url: '/api/tickets/create',
      payload: { subject: `${RLO}Key${ZWSP} refused`, message: `First line\u2066\nSecond line` },
    });
    expect(ticket.statusCode, ticket.body).toBe(201);
    expect(ticket.json<Ticket>()).toMatchObject({
      subject: 'Key refused',
      message: 'First line\nSecond line',
    });

    const product = await app.catalogue.product({ deliveryType: 'request', stock: 5 });
    await deposit(app.admin, reseller.user.id, 100);
    const order = await placeOrder(reseller, {
      productId: product.id,
      quantity: 1,
      notes: `For${ZWSP} a customer\u200F`,
    });
    expect(order.statusCode, order.body).toBe(201);
    expect(order.json<Order>().notes).toBe('For a customer');

    const alert = await app.admin.inject({
      method: 'POST',
      url: '/api/alerts',
      payload: {
        messageEn: `Maintenance ${RLO}tonight`,
        messageFr: 'Maintenance ce soir',
        messageAr: 'صيانة الليلة\u200F',
        severity: 'info',
        active: false,
      },
    });
    expect(alert.statusCode, alert.body).toBe(201);
    expect(alert.json<Alert>()).toMatchObject({
      messageEn: 'Maintenance tonight',
      messageAr: 'صيانة الليلة',
    });
  });

  it('refuses a subject that is only invisible characters around too few letters', async () => {
    const reseller = await app.ctx.factory.signedIn('reseller', app.admin.user);
    const res = await reseller.inject({
      method: 'POST',
      url: '/api/tickets/create',
      payload: { subject: `Hi${ZWSP.repeat(10)}`, message: 'A long enough message' },
    });
    expectValidation(res, 'body.subject', messages.ticketSubjectMin);
  });
});
