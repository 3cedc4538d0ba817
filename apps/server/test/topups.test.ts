import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  topupListSchema,
  topupMethodListSchema,
  topupSchema,
  type Topup,
} from '@keymarket/contracts/topups';
import { runChecks } from '../src/modules/reconciliation/reconciliation.checks';
import { keyOf } from './helpers/api-keys';
import { expectError, expectValidation } from './helpers/expect-error';
import { expectLedgerInvariants } from './helpers/invariants';
import { balanceOf, deposit, ledgerOf, queryRows } from './helpers/money';
import { PNG_BYTES } from './helpers/multipart';
import { createdMethod, decide, methodInput, requestTopup, requestedTopup } from './helpers/topups';
import { useSignedIn, useTestApp } from './helpers/use-app';

// Webhooks to 127.0.0.1 (never called: the outbox worker polls once an hour in tests).
const ctx = useTestApp({ WEBHOOK_ALLOW_PRIVATE_URLS: 'true' });
const admin = useSignedIn(ctx, 'admin');
const db = () => ctx.database.db;

async function createCurrency(code: string, rateToUSD: number) {
  const response = await admin.inject({
    method: 'POST',
    url: '/api/currencies/create',
    payload: { code, symbol: code, rateToUSD },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: string }>().id;
}

async function notificationsOf(userId: string, type: string) {
  return queryRows<{ data: Record<string, unknown> }>(
    db(),
    sql`select data from notifications where user_id = ${userId}::uuid and type = ${type}::notification_type`,
  );
}

describe('top-up methods', () => {
  it('lets an admin offer the platform’s methods, which only the platform’s members see', async () => {
    const method = await createdMethod(admin, { nameEn: 'Platform wire' });
    expect(method).toMatchObject({ kind: 'manual', currencyCode: 'USD', rateToUSD: 1 });
    const manager = await ctx.factory.signedIn('manager', admin.user);
    const ownReseller = await ctx.factory.signedIn('reseller', manager.user);
    const own = await createdMethod(manager, { nameEn: 'Manager cash' });

    const seenByManager = await manager.inject({ method: 'GET', url: '/api/topup-methods' });
    const names = topupMethodListSchema.parse(seenByManager.json()).data.map((m) => m.nameEn);
    expect(names).toContain('Platform wire');
    expect(names).not.toContain('Manager cash');

    const seenByInvitee = await ownReseller.inject({ method: 'GET', url: '/api/topup-methods' });
    expect(seenByInvitee.json<{ data: { id: string }[] }>().data.map((m) => m.id)).toEqual([
      own.id,
    ]);
    const managed = await manager.inject({ method: 'GET', url: '/api/topup-methods/managed' });
    expect(managed.json<{ data: { id: string }[] }>().data.map((m) => m.id)).toEqual([own.id]);
    expectError(await admin.inject({ method: 'GET', url: '/api/topup-methods' }), 403, 'forbidden');
  });

  it('refuses bad methods with the reason', async () => {
    const post = (payload: object) =>
      admin.inject({ method: 'POST', url: '/api/topup-methods', payload });
    expectValidation(await post({ ...methodInput(), colour: 'red' }), 'body.colour');
    expectValidation(await post(methodInput({ feePercent: 25 })), 'body.feePercent');
    expectValidation(await post(methodInput({ feePercent: 2.555 })), 'body.feePercent');
    expectValidation(
      await post(methodInput({ minAmount: 50, maxAmount: 10 })),
      'body.maxAmount',
      'The maximum must be at least the minimum',
    );
    expectValidation(await post(methodInput({ minAmount: 1.001 })), 'body.minAmount');
    expectValidation(await post(methodInput({ currencyCode: 'XYZ' })), 'body.currencyCode');
    const reseller = await ctx.factory.signedIn('reseller', admin.user);
    expectError(
      await reseller.inject({
        method: 'POST',
        url: '/api/topup-methods',
        payload: methodInput({ kind: 'stripe' }),
      }),
      403,
      'forbidden',
      'Only the platform offers card payments',
    );
  });

  it('is changed by its owner only, and disabled rather than deleted while requests wait', async () => {
    const manager = await ctx.factory.signedIn('manager', admin.user);
    const method = await createdMethod(manager);
    const other = await ctx.factory.signedIn('manager', admin.user);
    const patch = (as: typeof manager, payload: object) =>
      as.inject({ method: 'PATCH', url: `/api/topup-methods/${method.id}`, payload });
    expectError(await patch(other, { enabled: false }), 404, 'not_found');
    expectError(await patch(admin, { enabled: false }), 404, 'not_found');
    const changed = await patch(manager, { feePercent: 1.5, maxAmount: 500 });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ feePercent: 1.5, maxAmount: 500 });
    expectValidation(await patch(manager, { minAmount: 600 }), 'body.maxAmount');
    expectValidation(await patch(manager, { kind: 'stripe' }), 'body.kind');

    const invitee = await ctx.factory.signedIn('reseller', manager.user);
    await requestedTopup(invitee, method.id, 20);
    const remove = () =>
      manager.inject({ method: 'DELETE', url: `/api/topup-methods/${method.id}` });
    const first = await remove();
    expect(first.json()).toEqual({ outcome: 'disabled' });
    const methods = await invitee.inject({ method: 'GET', url: '/api/topup-methods' });
    expect(methods.json<{ data: unknown[] }>().data).toEqual([]);

    const unused = await createdMethod(manager);
    const gone = await manager.inject({ method: 'DELETE', url: `/api/topup-methods/${unused.id}` });
    expect(gone.json()).toEqual({ outcome: 'deleted' });
    expectError(
      await manager.inject({ method: 'DELETE', url: `/api/topup-methods/${unused.id}` }),
      404,
      'not_found',
    );
  });
});

describe('POST /api/topups', () => {
  it('freezes the rate and computes fee and credit in cents, rounded down', async () => {
    await createCurrency('EUX', 0.92);
    const method = await createdMethod(admin, {
      currencyCode: 'EUX',
      feePercent: 2.5,
      feeFixed: 0.3,
      maxAmount: 5000,
    });
    const reseller = await ctx.factory.signedIn('reseller', admin.user);
    const response = await requestTopup(reseller, {
      methodId: method.id,
      amount: '100',
      reference: 'WIRE 42',
    });
    expect(response.statusCode, response.body).toBe(201);
    const topup = topupSchema.strict().parse(response.json());
    // fee = 100 × 2.5 % + 0.30 = 2.80; credit = (100 − 2.80) ÷ 0.92 = 105.652… → 105.65
    expect(topup).toMatchObject({
      status: 'pending',
      amount: 100,
      currencyCode: 'EUX',
      rateToUSD: 0.92,
      fee: 2.8,
      creditAmount: 105.65,
      reference: 'WIRE 42',
      proofUrl: null,
      method: { id: method.id, name: 'Bank transfer', kind: 'manual' },
      requester: { id: reseller.user.id },
      decidedBy: null,
    });
    const days = (Date.parse(topup.expiresAt) - Date.parse(topup.createdAt)) / 86_400_000;
    expect(days).toBeCloseTo(3, 2);

    // A later rate changes nothing on the request: the approval credits what was frozen.
    const [currency] = await queryRows<{ id: string }>(
      db(),
      sql`select id from currencies where code = 'EUX'`,
    );
    await admin.inject({
      method: 'PATCH',
      url: `/api/currencies/${currency!.id}`,
      payload: { rateToUSD: 0.5 },
    });
    const approved = await decide(admin, topup.id, 'approve', {});
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'approved', creditAmount: 105.65 });
    expect((await balanceOf(reseller)).current).toBe(105.65);
  });

  it('keeps a proof checked by content, shown to the requester and its funder only', async () => {
    const method = await createdMethod(admin, { proofRequired: true });
    const reseller = await ctx.factory.signedIn('reseller', admin.user);
    const fields = { methodId: method.id, amount: 10, reference: 'R' };
    expectValidation(
      await requestTopup(reseller, fields),
      'body.proof',
      'This payment method needs a proof of payment',
    );
    expectError(
      await requestTopup(reseller, fields, {
        bytes: Buffer.from('<html><script>alert(1)</script></html>'),
        type: 'image/png',
        name: 'x.png',
      }),
      415,
      'unsupported_media_type',
    );
    expectError(
      await requestTopup(reseller, fields, {
        bytes: Buffer.concat([PNG_BYTES, Buffer.alloc(5 * 1024 * 1024)]),
        name: 'big.png',
      }),
      413,
      'payload_too_large',
    );
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');
    const made = await requestTopup(reseller, fields, { bytes: pdf, name: 'receipt.pdf' });
    expect(made.statusCode, made.body).toBe(201);
    const topup = made.json<Topup>();
    expect(topup.proofUrl).toBe(`/api/topups/${topup.id}/proof`);
    for (const reader of [reseller, admin]) {
      const proof = await reader.inject({ method: 'GET', url: topup.proofUrl! });
      expect(proof.statusCode).toBe(200);
      expect(proof.headers['content-type']).toBe('application/pdf');
      expect(proof.rawPayload.equals(pdf)).toBe(true);
    }
    const stranger = await ctx.factory.signedIn('reseller', admin.user);
    expectError(await stranger.inject({ method: 'GET', url: topup.proofUrl! }), 404, 'not_found');
  });

  it('refuses amounts outside the limits, others’ methods, a fourth pending request and admins', async () => {
    const method = await createdMethod(admin, { minAmount: 5, maxAmount: 50 });
    const reseller = await ctx.factory.signedIn('reseller', admin.user);
    expectValidation(
      await requestTopup(reseller, { methodId: method.id, amount: 4.99 }),
      'body.amount',
      'Amount must be between 5.00 and 50.00 USD',
    );
    expectValidation(
      await requestTopup(reseller, { methodId: method.id, amount: '1e1' }),
      'body.amount',
    );
    expectValidation(
      await requestTopup(reseller, { methodId: method.id, amount: 10, x: 1 }),
      'body.x',
    );

    const manager = await ctx.factory.signedIn('manager', admin.user);
    const managers = await createdMethod(manager);
    expectError(
      await requestTopup(reseller, { methodId: managers.id, amount: 10 }),
      404,
      'not_found',
    );
    const fee = await createdMethod(admin, { feeFixed: 10, minAmount: 5 });
    expectValidation(
      await requestTopup(reseller, { methodId: fee.id, amount: 10 }),
      'body.amount',
      'After the fee, this amount credits less than $0.01',
    );

    for (let i = 0; i < 3; i += 1) await requestedTopup(reseller, method.id, 10);
    expectError(await requestTopup(reseller, { methodId: method.id, amount: 10 }), 409, 'conflict');
    expectError(await requestTopup(admin, { methodId: method.id, amount: 10 }), 403, 'forbidden');
    const rows = await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from topup_requests where user_id = ${reseller.user.id}::uuid`,
    );
    expect(rows[0]!.n).toBe(3);
  });
});

describe('deciding a request', () => {
  it('credits a platform request once with a topup ledger row, a notification and a webhook event', async () => {
    const method = await createdMethod(admin);
    const reseller = await ctx.factory.signedIn('reseller', admin.user);
    const hook = await reseller.inject({
      method: 'POST',
      url: '/api/webhooks',
      payload: { url: 'http://127.0.0.1:9/hook', events: ['balance.credited'] },
    });
    expect(hook.statusCode, hook.body).toBe(201);
    const topup = await requestedTopup(reseller, method.id, 40);
    expect(await notificationsOf(admin.user.id, 'topup.requested')).toContainEqual({
      data: expect.objectContaining({ topupId: topup.id, creditAmount: 40 }) as unknown,
    });

    const approved = await decide(admin, topup.id, 'approve', {});
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({
      status: 'approved',
      creditAmount: 40,
      decidedBy: { id: admin.user.id },
    });
    expectError(await decide(admin, topup.id, 'approve', {}), 409, 'conflict');
    expectError(await decide(admin, topup.id, 'reject', { reason: 'late' }), 409, 'conflict');

    const rows = await ledgerOf(db(), reseller.user.id);
    expect(rows.map((r) => [r.kind, r.amountCents, r.actorId])).toEqual([
      ['topup', 4000n, admin.user.id],
    ]);
    expect(await notificationsOf(reseller.user.id, 'topup.approved')).toEqual([
      { data: { topupId: topup.id, amount: 40, currencyCode: 'USD', creditAmount: 40 } },
    ]);
    const events = await queryRows<{ data: { entry: { kind: string; amount: number } } }>(
      db(),
      sql`select data from outbox_events where type = 'balance.credited' and user_id = ${reseller.user.id}::uuid`,
    );
    expect(events.map((e) => e.data.entry)).toEqual([
      expect.objectContaining({ kind: 'topup', amount: 40 }),
    ]);
    await expectLedgerInvariants(db());

    // The reconciliation sees a request whose credit does not match, and a credit of no request.
    await db().execute(
      sql`update topup_requests set credit_cents = credit_cents + 1 where id = ${topup.id}::uuid`,
    );
    const failing = async () =>
      (await runChecks(db())).filter((check) => !check.ok).map((check) => check.name);
    expect(await failing()).toEqual(['topups_credited_once']);
    await db().execute(
      sql`update topup_requests set credit_cents = credit_cents - 1 where id = ${topup.id}::uuid`,
    );
    await db().execute(sql`update ledger_entries set kind = 'deposit' where id = ${rows[0]!.id}`);
    expect(await failing()).toEqual(['topups_credited_once']);
    await db().execute(sql`update ledger_entries set kind = 'topup' where id = ${rows[0]!.id}`);
    expect(await failing()).toEqual([]);
  });

  it('lets the approver change the credit when it says why', async () => {
    const method = await createdMethod(admin);
    const reseller = await ctx.factory.signedIn('reseller', admin.user);
    const topup = await requestedTopup(reseller, method.id, 40);
    expectValidation(
      await decide(admin, topup.id, 'approve', { creditAmount: 35 }),
      'body.note',
      'Say why the amount changed',
    );
    expectValidation(
      await decide(admin, topup.id, 'approve', { creditAmount: 0 }),
      'body.creditAmount',
    );
    const approved = await decide(admin, topup.id, 'approve', {
      creditAmount: 35,
      note: 'Bank fee of 5 taken',
    });
    expect(approved.json()).toMatchObject({ creditAmount: 35, note: 'Bank fee of 5 taken' });
    expect((await balanceOf(reseller)).current).toBe(35);
    const audit = await queryRows<{ after: string }>(
      db(),
      sql`select after from audit_log where action = 'topup.approved' and target_id = ${topup.id}`,
    );
    expect(JSON.parse(audit[0]!.after)).toMatchObject({ creditCents: '3500' });
    await expectLedgerInvariants(db());
  });

  it('pays an upline’s approval out of its own balance, refused when it has not enough', async () => {
    const manager = await ctx.factory.signedIn('manager', admin.user);
    const reseller = await ctx.factory.signedIn('reseller', manager.user);
    const method = await createdMethod(manager);
    const topup = await requestedTopup(reseller, method.id, 25);
    expect(await notificationsOf(manager.user.id, 'topup.requested')).toHaveLength(1);
    expect(await notificationsOf(admin.user.id, 'topup.requested')).not.toContainEqual({
      data: expect.objectContaining({ topupId: topup.id }) as unknown,
    });
    expectError(await decide(admin, topup.id, 'approve', {}), 404, 'not_found');

    expectError(await decide(manager, topup.id, 'approve', {}), 409, 'insufficient_balance');
    const still = await manager.inject({ method: 'GET', url: `/api/topups/${topup.id}` });
    expect(still.json()).toMatchObject({ status: 'pending' });
    expect(await ledgerOf(db(), reseller.user.id)).toEqual([]);

    await deposit(admin, manager.user.id, 30);
    const approved = await decide(manager, topup.id, 'approve', {});
    expect(approved.statusCode, approved.body).toBe(200);
    expect((await balanceOf(manager)).current).toBe(5);
    expect((await balanceOf(reseller)).current).toBe(25);
    const rows = await ledgerOf(db(), reseller.user.id);
    expect(rows.map((r) => [r.kind, r.amountCents, r.counterpartyId])).toEqual([
      ['transfer', 2500n, manager.user.id],
    ]);
    await expectLedgerInvariants(db());
  });

  it('rejects with a reason, lets only the requester cancel, and refuses decisions on an expired request', async () => {
    const method = await createdMethod(admin);
    const reseller = await ctx.factory.signedIn('reseller', admin.user);
    const rejected = await requestedTopup(reseller, method.id, 10);
    expectValidation(await decide(admin, rejected.id, 'reject', {}), 'body.reason');
    expectError(await decide(reseller, rejected.id, 'approve', {}), 403, 'forbidden');
    const answer = await decide(admin, rejected.id, 'reject', { reason: 'No payment received' });
    expect(answer.json()).toMatchObject({ status: 'rejected', reason: 'No payment received' });
    expect(await notificationsOf(reseller.user.id, 'topup.rejected')).toEqual([
      {
        data: {
          topupId: rejected.id,
          amount: 10,
          currencyCode: 'USD',
          creditAmount: 10,
          reason: 'No payment received',
        },
      },
    ]);

    const cancelled = await requestedTopup(reseller, method.id, 10);
    expectError(await decide(admin, cancelled.id, 'cancel'), 403, 'forbidden');
    const cancel = await decide(reseller, cancelled.id, 'cancel');
    expect(cancel.json()).toMatchObject({
      status: 'cancelled',
      decidedBy: { id: reseller.user.id },
    });

    const old = await requestedTopup(reseller, method.id, 10);
    await db().execute(
      sql`update topup_requests set expires_at = now() - interval '1 minute' where id = ${old.id}::uuid`,
    );
    const read = await reseller.inject({ method: 'GET', url: `/api/topups/${old.id}` });
    expect(read.json()).toMatchObject({ status: 'expired' });
    expectError(
      await decide(admin, old.id, 'approve', {}),
      409,
      'conflict',
      'This request has expired',
    );
    expect((await balanceOf(reseller)).current).toBe(0);
  });
});

describe('lists', () => {
  it('lists own and incoming requests with filters, sorted, and as CSV', async () => {
    const manager = await ctx.factory.signedIn('manager', admin.user);
    const reseller = await ctx.factory.signedIn('reseller', manager.user);
    await deposit(admin, manager.user.id, 100);
    const method = await createdMethod(manager);
    const a = await requestedTopup(reseller, method.id, 10, '=cmd|calc');
    const b = await requestedTopup(reseller, method.id, 30);
    await decide(manager, a.id, 'approve', {});

    const own = await reseller.inject({ method: 'GET', url: '/api/topups?sort=-amount' });
    expect(topupListSchema.parse(own.json()).data.map((t) => t.id)).toEqual([b.id, a.id]);
    const pending = await manager.inject({
      method: 'GET',
      url: '/api/topups/incoming?status=pending&limit=5',
    });
    expect(pending.json()).toMatchObject({
      data: [{ id: b.id, requester: { id: reseller.user.id } }],
      pagination: { page: 1, limit: 5, total: 1, totalPages: 1 },
    });
    const adminIncoming = await admin.inject({ method: 'GET', url: '/api/topups/incoming' });
    expect(adminIncoming.json<{ data: { id: string }[] }>().data.map((t) => t.id)).not.toContain(
      a.id,
    );
    expectValidation(
      await reseller.inject({ method: 'GET', url: '/api/topups?status=paid' }),
      'querystring.status',
    );

    const csv = await manager.inject({ method: 'GET', url: '/api/topups/incoming?format=csv' });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toMatch(/^Date \(UTC\),Status,Requester,Method,Amount/);
    expect(lines).toHaveLength(3);
    expect(csv.body).toContain("'=cmd|calc");
  });
});

describe('/api/v1 top-ups', () => {
  it('lets a bot list methods, ask with a reference and read its request', async () => {
    const method = await createdMethod(admin, { nameEn: 'V1 wire' });
    const reseller = await ctx.factory.signedIn('reseller', admin.user);
    const bot = await keyOf(ctx.app, reseller);
    const methods = await bot.inject({ method: 'GET', url: '/api/v1/topup-methods' });
    expect(methods.statusCode, methods.body).toBe(200);
    expect(methods.json<{ data: { id: string }[] }>().data.map((m) => m.id)).toContain(method.id);

    const post = (payload: object) =>
      bot.inject({ method: 'POST', url: '/api/v1/topups', payload });
    expectValidation(await post({ methodId: method.id, amount: 12 }), 'body.reference');
    expectValidation(
      await post({ methodId: method.id, amount: '12', reference: 'x' }),
      'body.amount',
    );
    const made = await post({ methodId: method.id, amount: 12, reference: 'BOT-1' });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json<Topup>().id;
    const read = await bot.inject({ method: 'GET', url: `/api/v1/topups/${id}` });
    expect(read.json()).toMatchObject({ id, status: 'pending', reference: 'BOT-1' });
    // The key is not a session: the web routes refuse it.
    expectError(await bot.inject({ method: 'GET', url: `/api/topups/${id}` }), 401, 'unauthorized');
  });
});
