import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '@keymarket/contracts/balance';
import { messages } from '@keymarket/contracts/messages';
import { expectError, expectValidation } from './helpers/expect-error';
import type { SignedInUser } from './helpers/factory';
import { expectLedgerInvariants } from './helpers/invariants';
import {
  addBalance,
  balanceOf,
  bucketsOf,
  deposit,
  ledgerOf,
  moneySnapshot,
  queryRows,
  removeBalance,
} from './helpers/money';
import { useSignedIn, useTestApp } from './helpers/use-app';

const ctx = useTestApp();
const admin = useSignedIn(ctx, 'admin');

const db = () => ctx.database.db;

async function auditCount() {
  const [row] = await queryRows<{ n: number }>(db(), sql`select count(*)::int as n from audit_log`);
  return row!.n;
}

async function latestAudit(count: number): Promise<AuditEntry[]> {
  const response = await admin.inject({ method: 'GET', url: `/api/audit?limit=${count}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: AuditEntry[] }>().data;
}

describe('POST /api/balance/{id}/add and /remove as admin: deposits and withdrawals', () => {
  it('deposits into any user, with a deposit ledger row and an audit row', async () => {
    const reseller = await ctx.factory.signedIn('reseller', admin.user);

    const response = await addBalance(admin, reseller.user.id, 25.5, 'bank transfer #1');

    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      user: { id: reseller.user.id, username: reseller.user.username },
      balance: 25.5,
    });
    expect(await balanceOf(reseller)).toMatchObject({ current: 25.5, total: 25.5, spent: 0 });
    const rows = await ledgerOf(db(), reseller.user.id);
    expect(rows.map((r) => [r.kind, r.bucket, r.amountCents, r.actorId, r.note])).toEqual([
      ['deposit', 'balance', 2550n, admin.user.id, 'bank transfer #1'],
    ]);
    const [entry] = await latestAudit(1);
    expect(entry).toMatchObject({
      action: 'balance.deposit',
      actor: { id: admin.user.id },
      targetType: 'user',
      targetId: reseller.user.id,
      before: { balanceCents: '0' },
      after: { balanceCents: '2550' },
    });
    await expectLedgerInvariants(db());
  });

  it('withdraws from a user, with a withdrawal ledger row and an audit row', async () => {
    const manager = await ctx.factory.signedIn('manager', admin.user);
    await deposit(admin, manager.user.id, 40);

    const response = await removeBalance(admin, manager.user.id, 15.25);

    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ balance: 24.75 });
    expect((await ledgerOf(db(), manager.user.id, 'withdrawal')).map((r) => r.amountCents)).toEqual(
      [-1525n],
    );
    const [entry] = await latestAudit(1);
    expect(entry).toMatchObject({
      action: 'balance.withdrawal',
      targetId: manager.user.id,
      before: { balanceCents: '4000' },
      after: { balanceCents: '2475' },
    });
    // The whole balance can go, to exactly zero.
    expect((await removeBalance(admin, manager.user.id, 24.75)).json()).toMatchObject({
      balance: 0,
    });
    await expectLedgerInvariants(db());
  });

  it('refuses to withdraw more than the balance with 409 insufficient_balance, changing nothing', async () => {
    const reseller = await ctx.factory.signedIn('reseller', admin.user);
    await deposit(admin, reseller.user.id, 10);
    const before = await moneySnapshot(db(), [reseller.user.id]);
    const audits = await auditCount();

    expectError(await removeBalance(admin, reseller.user.id, 10.01), 409, 'insufficient_balance');

    expect(await moneySnapshot(db(), [reseller.user.id])).toEqual(before);
    expect(await auditCount()).toBe(audits);
  });

  it('answers 404 for an unknown user, 400 for a malformed id and 400 for its own balance', async () => {
    expectError(await addBalance(admin, randomUUID(), 5), 404, 'not_found');
    expectError(await removeBalance(admin, randomUUID(), 5), 404, 'not_found');
    expectError(await addBalance(admin, 'nope', 5), 400, 'validation');
    expectError(await addBalance(admin, admin.user.id, 5), 400, 'bad_request');
    expect((await bucketsOf(db(), admin.user.id)).balance).toBe(0n);
  });
});

describe('POST /api/balance/{id}/add by a manager or reseller: transfers to direct invitees', () => {
  it.each(['manager', 'reseller'] as const)(
    'a %s transfers out of its own balance, one transfer ledger row on each side',
    async (role) => {
      const seller = await ctx.factory.signedIn(role, admin.user);
      const invitee = await ctx.factory.signedIn('reseller', seller.user);
      await deposit(admin, seller.user.id, 50);

      const response = await addBalance(seller, invitee.user.id, 20, 'float');

      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({
        user: { id: invitee.user.id, username: invitee.user.username },
        balance: 20,
      });
      expect((await bucketsOf(db(), seller.user.id)).balance).toBe(3000n);
      expect((await bucketsOf(db(), invitee.user.id)).balance).toBe(2000n);
      const out = await ledgerOf(db(), seller.user.id, 'transfer');
      const into = await ledgerOf(db(), invitee.user.id, 'transfer');
      expect(out.map((r) => [r.bucket, r.amountCents, r.counterpartyId, r.actorId])).toEqual([
        ['balance', -2000n, invitee.user.id, seller.user.id],
      ]);
      expect(into.map((r) => [r.bucket, r.amountCents, r.counterpartyId, r.actorId])).toEqual([
        ['balance', 2000n, seller.user.id, seller.user.id],
      ]);
      expect(await balanceOf(invitee)).toMatchObject({ current: 20, total: 20 });
      const [entry] = await latestAudit(1);
      expect(entry).toMatchObject({
        action: 'balance.transfer',
        actor: { id: seller.user.id },
        targetId: invitee.user.id,
        before: { balanceCents: '0' },
        after: { balanceCents: '2000', fromUserBalanceCents: '3000' },
      });
      await expectLedgerInvariants(db());
    },
  );

  it('refuses a transfer larger than the sender’s balance with 409, changing nothing', async () => {
    const manager = await ctx.factory.signedIn('manager', admin.user);
    const invitee = await ctx.factory.signedIn('reseller', manager.user);
    await deposit(admin, manager.user.id, 5);
    const before = await moneySnapshot(db(), [manager.user.id, invitee.user.id]);

    expectError(await addBalance(manager, invitee.user.id, 5.01), 409, 'insufficient_balance');

    expect(await moneySnapshot(db(), [manager.user.id, invitee.user.id])).toEqual(before);
    const empty = await ctx.factory.signedIn('reseller', manager.user);
    const poor = await ctx.factory.signedIn('reseller', empty.user);
    expectError(await addBalance(empty, poor.user.id, 0.01), 409, 'insufficient_balance');
  });

  it('answers 404 for anyone but a direct invitee: grandchild, other tree, own inviter, itself', async () => {
    const manager = await ctx.factory.signedIn('manager', admin.user);
    const child = await ctx.factory.signedIn('reseller', manager.user);
    const grandchild = await ctx.factory.signedIn('reseller', child.user);
    const otherManager = await ctx.factory.signedIn('manager', admin.user);
    const otherChild = await ctx.factory.signedIn('reseller', otherManager.user);
    await deposit(admin, manager.user.id, 100);
    await deposit(admin, child.user.id, 100);
    const everyone = [manager, child, grandchild, otherManager, otherChild].map((u) => u.user.id);
    const before = await moneySnapshot(db(), everyone);

    for (const target of [grandchild, otherManager, otherChild, manager]) {
      expectError(await addBalance(manager, target.user.id, 1), 404, 'not_found');
    }
    expectError(await addBalance(child, manager.user.id, 1), 404, 'not_found');
    expectError(await addBalance(child, otherChild.user.id, 1), 404, 'not_found');
    expectError(await addBalance(child, admin.user.id, 1), 404, 'not_found');
    expectError(await addBalance(manager, randomUUID(), 1), 404, 'not_found');

    expect(await moneySnapshot(db(), everyone)).toEqual(before);
  });

  it('refuses /remove to anyone but an admin with 403, even on a direct invitee', async () => {
    const manager = await ctx.factory.signedIn('manager', admin.user);
    const child = await ctx.factory.signedIn('reseller', manager.user);
    const grandchild = await ctx.factory.signedIn('reseller', child.user);
    await deposit(admin, child.user.id, 30);
    await deposit(admin, grandchild.user.id, 30);

    expectError(await removeBalance(manager, child.user.id, 1), 403, 'forbidden');
    expectError(await removeBalance(child, grandchild.user.id, 1), 403, 'forbidden');
    expect((await bucketsOf(db(), child.user.id)).balance).toBe(3000n);
    expect((await bucketsOf(db(), grandchild.user.id)).balance).toBe(3000n);
  });

  it('refuses callers without a session with 401', async () => {
    const reseller = await ctx.factory.user({ role: 'reseller' });
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api/balance/${reseller.id}/add`,
      payload: { amount: 5 },
    });
    expectError(response, 401, 'unauthorized');
  });
});

describe('amount validation', () => {
  let target: SignedInUser;
  beforeAll(async () => {
    target = await ctx.factory.signedIn('reseller', admin.user);
  });

  it.each([
    ['0', 0],
    ['-1', -1],
    ['1.005 (three decimals)', 1.005],
    ['"10" (a string)', '10'],
    ['"NaN" (a string)', 'NaN'],
    ['null', null],
    ['1e12 (over the maximum)', 1e12],
    ['10000000.01 (just over the maximum)', 10_000_000.01],
  ])('refuses amount %s with 400 on add and remove', async (_name, amount) => {
    expectValidation(await addBalance(admin, target.user.id, amount), 'body.amount');
    expectValidation(await removeBalance(admin, target.user.id, amount), 'body.amount');
    expect(await ledgerOf(db(), target.user.id)).toEqual([]);
  });

  it.each([1e-9, 0.001])(
    'refuses amount %s, which rounds to 0 cents, with 400 on add, remove and transfer (was a 500)',
    async (amount) => {
      const manager = await ctx.factory.signedIn('manager', admin.user);
      const invitee = await ctx.factory.signedIn('reseller', manager.user);
      await deposit(admin, manager.user.id, 10);
      const everyone = [manager.user.id, invitee.user.id, target.user.id];
      const before = await moneySnapshot(db(), everyone);

      for (const response of [
        await addBalance(admin, target.user.id, amount),
        await removeBalance(admin, target.user.id, amount),
        await addBalance(manager, invitee.user.id, amount),
      ]) {
        expectValidation(response, 'body.amount', messages.amountDecimals);
      }

      expect(await moneySnapshot(db(), everyone)).toEqual(before);
    },
  );

  it('refuses a missing amount, an infinite one (1e400) and a note over 200 characters', async () => {
    expectValidation(
      await admin.inject({
        method: 'POST',
        url: `/api/balance/${target.user.id}/add`,
        payload: {},
      }),
      'body.amount',
    );
    const infinite = await admin.inject({
      method: 'POST',
      url: `/api/balance/${target.user.id}/add`,
      headers: { 'content-type': 'application/json' },
      payload: '{"amount": 1e400}',
    });
    expectError(infinite, 400, 'validation');
    expectValidation(await addBalance(admin, target.user.id, 5, 'n'.repeat(201)), 'body.note');
    expect(await ledgerOf(db(), target.user.id)).toEqual([]);
  });

  it('accepts the smallest amount (0.01) and the largest (10,000,000) exactly', async () => {
    expect((await addBalance(admin, target.user.id, 0.01)).json()).toMatchObject({
      balance: 0.01,
    });
    expect((await addBalance(admin, target.user.id, 10_000_000)).json()).toMatchObject({
      balance: 10_000_000.01,
    });
    expect((await bucketsOf(db(), target.user.id)).balance).toBe(1_000_000_001n);
    // 0.1 + 0.2 style amounts are whole cents, not float noise.
    expect((await removeBalance(admin, target.user.id, 0.29)).json()).toMatchObject({
      balance: 9_999_999.72,
    });
    await expectLedgerInvariants(db());
  });
});

describe('GET /api/audit', () => {
  it('is for admins only', async () => {
    const manager = await ctx.factory.signedIn('manager', admin.user);
    expectError(await manager.inject({ method: 'GET', url: '/api/audit' }), 403, 'forbidden');
    expectError(await ctx.app.inject({ method: 'GET', url: '/api/audit' }), 401, 'unauthorized');
  });

  it('lists the money movements newest first, with before/after, paginated', async () => {
    const manager = await ctx.factory.signedIn('manager', admin.user);
    const invitee = await ctx.factory.signedIn('reseller', manager.user);
    await deposit(admin, manager.user.id, 30);
    await addBalance(manager, invitee.user.id, 10);
    await removeBalance(admin, manager.user.id, 5);

    const response = await admin.inject({ method: 'GET', url: '/api/audit?limit=3' });

    expect(response.statusCode).toBe(200);
    const body = response.json<{ data: AuditEntry[]; pagination: Record<string, number> }>();
    expect(body.data.map((e) => [e.action, e.targetId, e.before, e.after])).toEqual([
      ['balance.withdrawal', manager.user.id, { balanceCents: '2000' }, { balanceCents: '1500' }],
      [
        'balance.transfer',
        invitee.user.id,
        { balanceCents: '0' },
        { balanceCents: '1000', fromUserBalanceCents: '2000' },
      ],
      ['balance.deposit', manager.user.id, { balanceCents: '0' }, { balanceCents: '3000' }],
    ]);
    const total = await auditCount();
    expect(body.pagination).toEqual({
      page: 1,
      limit: 3,
      total,
      totalPages: Math.ceil(total / 3),
    });
    const defaults = await admin.inject({ method: 'GET', url: '/api/audit' });
    expect(
      defaults.json<{ pagination: { page: number; limit: number } }>().pagination,
    ).toMatchObject({ page: 1, limit: 10 });
    const second = await admin.inject({ method: 'GET', url: '/api/audit?limit=3&page=2' });
    const secondIds = second.json<{ data: AuditEntry[] }>().data.map((e) => e.id);
    for (const id of body.data.map((e) => e.id)) expect(secondIds).not.toContain(id);
  });
});
