import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { topupMessages, type Topup } from '@keymarket/contracts/topups';
import { StripePayments } from '../src/modules/topups/stripe-payments';
import { expectError } from './helpers/expect-error';
import { expectLedgerInvariants } from './helpers/invariants';
import { balanceOf, ledgerOf, queryRows } from './helpers/money';
import { createTestApp, type TestContext } from './helpers/test-app';
import { signedCheckoutEvent, StripeStandIn } from './helpers/stripe-stand-in';
import { createdMethod, requestTopup } from './helpers/topups';
import type { SignedInUser } from './helpers/factory';
import type { ErrorBody } from '@keymarket/contracts/errors';

const WEBHOOK_SECRET = 'whsec_test_secret_for_keymarket';

const standIn = new StripeStandIn();
let ctx: TestContext;
let admin: SignedInUser;
let methodId: string;

beforeAll(async () => {
  const apiBase = await standIn.start();
  ctx = await createTestApp({
    STRIPE_SECRET_KEY: 'sk_test_keymarket',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_BASE: apiBase,
    PUBLIC_URL: 'http://127.0.0.1:3000',
  });
  admin = await ctx.factory.signedIn('admin');
  methodId = (await createdMethod(admin, { kind: 'stripe', nameEn: 'Card' })).id;
});
afterAll(async () => {
  await ctx.close();
  await standIn.stop();
});

/** A card request of `amount` USD by a new reseller, and its Checkout Session's id. */
async function cardTopup(amount = 30) {
  const reseller = await ctx.factory.signedIn('reseller', admin.user);
  const response = await requestTopup(reseller, { methodId, amount });
  expect(response.statusCode, response.body).toBe(201);
  const topup = response.json<Topup>();
  const [row] = await queryRows<{ session: string }>(
    ctx.database.db,
    sql`select provider_session_id as session from topup_requests where id = ${topup.id}::uuid`,
  );
  return { reseller, topup, sessionId: row!.session };
}

function webhook(session: unknown, secret = WEBHOOK_SECRET) {
  const { payload, signature } = signedCheckoutEvent(session, secret);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/payments/stripe/webhook',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload,
  });
}

describe('card top-ups through Stripe', () => {
  it('answers a Checkout URL for a session carrying the request id', async () => {
    const { topup, sessionId } = await cardTopup(30);
    expect(topup).toMatchObject({
      status: 'pending',
      checkoutUrl: `${ctx.env.STRIPE_API_BASE}/pay/${sessionId}`,
    });
    const params = standIn.created.at(-1)!;
    expect(params.get('metadata[topupId]')).toBe(topup.id);
    expect(params.get('line_items[0][price_data][unit_amount]')).toBe('3000');
    expect(params.get('line_items[0][price_data][currency]')).toBe('usd');
    expect(params.get('success_url')).toBe(
      `http://127.0.0.1:3000/reseller/topup?topup=${topup.id}`,
    );
  });

  it('credits a paid session once, however often or at once the callback comes', async () => {
    const { reseller, topup, sessionId } = await cardTopup(30);
    const paid = standIn.pay(sessionId);
    expectError(await webhook(paid, 'whsec_wrong'), 400, 'bad_request');
    const answers = await Promise.all([1, 2, 3, 4, 5].map(() => webhook(paid)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect((await balanceOf(reseller)).current).toBe(30);
    const read = await reseller.inject({ method: 'GET', url: `/api/topups/${topup.id}` });
    expect(read.json()).toMatchObject({
      status: 'approved',
      providerRef: sessionId,
      decidedBy: null,
      amountMismatch: false,
    });
    expect((await ledgerOf(ctx.database.db, reseller.user.id, 'topup')).length).toBe(1);
    await expectLedgerInvariants(ctx.database.db);
  });

  it('credits a payment made after expiry, and another amount than asked at the frozen rate, flagged', async () => {
    const late = await cardTopup(30);
    await ctx.database.db.execute(
      sql`update topup_requests set expires_at = now() - interval '1 hour' where id = ${late.topup.id}::uuid`,
    );
    expect((await webhook(standIn.pay(late.sessionId))).statusCode).toBe(200);
    expect((await balanceOf(late.reseller)).current).toBe(30);

    const short = await cardTopup(30);
    expect((await webhook(standIn.pay(short.sessionId, 2500))).statusCode).toBe(200);
    const read = await short.reseller.inject({
      method: 'GET',
      url: `/api/topups/${short.topup.id}`,
    });
    expect(read.json()).toMatchObject({
      status: 'approved',
      creditAmount: 25,
      amountMismatch: true,
    });
    expect((await balanceOf(short.reseller)).current).toBe(25);
    await expectLedgerInvariants(ctx.database.db);
  });

  it('recovers a missed callback when the requester reads its request, and in the periodic check', async () => {
    const back = await cardTopup(40);
    standIn.pay(back.sessionId);
    const read = await back.reseller.inject({ method: 'GET', url: `/api/topups/${back.topup.id}` });
    expect(read.json()).toMatchObject({ status: 'approved', providerRef: back.sessionId });
    expect((await balanceOf(back.reseller)).current).toBe(40);

    const missed = await cardTopup(15);
    standIn.pay(missed.sessionId);
    const payments = new StripePayments(ctx.database.db, {
      secretKey: 'sk_test_keymarket',
      webhookSecret: WEBHOOK_SECRET,
      apiBase: ctx.env.STRIPE_API_BASE,
      publicUrl: ctx.env.PUBLIC_URL,
    });
    await payments.sweep();
    expect((await balanceOf(missed.reseller)).current).toBe(15);
    // Nothing more on a second pass, nor from the late callback.
    await payments.sweep();
    expect((await webhook(standIn.pay(missed.sessionId))).statusCode).toBe(200);
    expect((await balanceOf(missed.reseller)).current).toBe(15);
    await expectLedgerInvariants(ctx.database.db);
  });

  it('lets an admin confirm by hand with the provider reference, once per reference', async () => {
    const first = await cardTopup(20);
    const confirm = (id: string, providerRef: string, as = admin) =>
      as.inject({
        method: 'POST',
        url: `/api/topups/${id}/confirm-payment`,
        payload: { providerRef },
      });
    expectError(await confirm(first.topup.id, 'pi_1', first.reseller), 403, 'forbidden');
    const done = await confirm(first.topup.id, 'pi_1');
    expect(done.json()).toMatchObject({ status: 'approved', providerRef: 'pi_1' });
    expect((await confirm(first.topup.id, 'pi_1')).statusCode).toBe(200);
    expect((await balanceOf(first.reseller)).current).toBe(20);

    const audit = await queryRows<{ action: string; actor: string }>(
      ctx.database.db,
      sql`select action, actor_id as actor from audit_log where target_id = ${first.topup.id}`,
    );
    expect(audit).toEqual([{ action: 'topup.payment_confirmed', actor: admin.user.id }]);

    // A reference that credited another request is refused, saying so; nothing is credited.
    const second = await cardTopup(20);
    const reused = await confirm(second.topup.id, 'pi_1');
    expectError(reused, 409, 'conflict');
    expect(reused.json<ErrorBody>().message.text).toBe(topupMessages.topupPaymentRefUsed);
    const read = await admin.inject({ method: 'GET', url: `/api/topups/${second.topup.id}` });
    expect(read.json()).toMatchObject({ status: 'pending' });
    expect((await balanceOf(second.reseller)).current).toBe(0);

    // A request its requester cancelled is not credited by hand either.
    const cancelled = await cardTopup(20);
    const cancel = await cancelled.reseller.inject({
      method: 'POST',
      url: `/api/topups/${cancelled.topup.id}/cancel`,
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expectError(await confirm(cancelled.topup.id, 'pi_2'), 409, 'conflict');
    expect((await balanceOf(cancelled.reseller)).current).toBe(0);
    await expectLedgerInvariants(ctx.database.db);
  });
});
