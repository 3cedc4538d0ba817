import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { LedgerEntry, LedgerList } from '@keymarket/contracts/ledger';
import { messages } from '@keymarket/contracts/messages';
import { expectError, expectValidation } from './helpers/expect-error';
import type { SignedInUser } from './helpers/factory';
import { addBalance, deposit, placedOrder } from './helpers/money';
import { useCatalogueApp } from './helpers/catalogue-app';
import { foldAllProfit } from '../src/modules/ledger/profit-accruals';

const { ctx, catalogue, admin, db } = useCatalogueApp();

async function statement(user: SignedInUser, query = ''): Promise<LedgerList> {
  const response = await user.inject({ method: 'GET', url: `/api/ledger${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<LedgerList>();
}

const summary = (rows: LedgerEntry[]) =>
  rows.map((r) => [r.bucket, r.kind, r.amount, r.balanceAfter]);

/**
 * Admin → manager (deposit 100) → reseller (transfer 40) → sub-reseller (transfer 5). The reseller
 * buys one key at the manager's selling price 20 (the manager earns 12); the manager's rows are
 * moved back to March so the date filters have something to tell apart.
 */
let manager: SignedInUser;
let reseller: SignedInUser;
let sub: SignedInUser;
let orderId: string;

beforeAll(async () => {
  manager = await ctx.factory.signedIn('manager', admin.user);
  reseller = await ctx.factory.signedIn('reseller', manager.user);
  sub = await ctx.factory.signedIn('reseller', reseller.user);
  const product = await catalogue.product({ keys: 1 });
  await catalogue.sellerPrice(manager.user.id, product.id, 2000n);
  await deposit(admin, manager.user.id, 100);
  expect((await addBalance(manager, reseller.user.id, 40, 'For March')).statusCode).toBe(200);
  expect((await addBalance(reseller, sub.user.id, 5)).statusCode).toBe(200);
  orderId = (await placedOrder(reseller, product.id, 1)).id;
  // The sale's margin enters the manager's ledger when folded (profit-accruals.ts).
  await foldAllProfit(db());
  // The deposit and the transfer out in March, the profit in April (ledger order unchanged).
  await db().execute(sql`
    update ledger_entries set created_at = case
      when kind = 'profit' then timestamptz '2026-04-10T12:00:00Z'
      when kind = 'deposit' then timestamptz '2026-03-01T09:00:00Z'
      else timestamptz '2026-03-31T23:30:00Z' end
    where user_id = ${manager.user.id}`);
});

describe('GET /api/ledger: the caller’s statement', () => {
  it('lists the caller’s own rows newest first, with the running balance, order, counterparty and actor', async () => {
    const list = await statement(reseller);
    expect(list.pagination).toEqual({ page: 1, limit: 10, total: 3, totalPages: 1 });
    expect(summary(list.data)).toEqual([
      ['balance', 'purchase', -20, 15],
      ['balance', 'transfer', -5, 35],
      ['balance', 'transfer', 40, 40],
    ]);
    const [purchase, given, received] = list.data;
    expect(purchase).toMatchObject({
      orderId,
      counterparty: null,
      actor: { id: reseller.user.id, username: reseller.user.username },
    });
    expect(given!.counterparty).toEqual({ id: sub.user.id, username: sub.user.username });
    expect(received).toMatchObject({
      orderId: null,
      counterparty: { id: manager.user.id, username: manager.user.username },
      actor: { id: manager.user.id, username: manager.user.username },
      note: 'For March',
    });
  });

  it('shows a seller who bought what earned it a profit, and nothing of its upline or downline', async () => {
    const managerRows = (await statement(manager)).data;
    expect(summary(managerRows)).toEqual([
      ['profit', 'profit', 12, 12],
      ['balance', 'transfer', -40, 60],
      ['balance', 'deposit', 100, 100],
    ]);
    expect(managerRows[0]).toMatchObject({
      orderId,
      counterparty: { id: reseller.user.id, username: reseller.user.username },
    });
    // The reseller sees none of the manager's rows (its upline), the sub none of the reseller's.
    const subRows = (await statement(sub)).data;
    expect(summary(subRows)).toEqual([['balance', 'transfer', 5, 5]]);
    const ids = new Set(managerRows.map((r) => r.id));
    expect((await statement(reseller)).data.some((r) => ids.has(r.id))).toBe(false);
  });

  it.each([
    ['reseller naming its upline', () => reseller, () => manager],
    ['seller naming its own invitee', () => reseller, () => sub],
    ['manager naming its downline', () => manager, () => reseller],
    ['reseller naming a stranger', () => sub, () => manager],
  ])('refuses a %s with 403', async (_name, caller, named) => {
    const response = await caller().inject({
      method: 'GET',
      url: `/api/ledger?userId=${named().user.id}`,
    });
    expectError(
      response,
      403,
      'forbidden',
      'Only an administrator can read another user’s statement',
    );
  });

  it('accepts a userId naming the caller itself', async () => {
    expect((await statement(reseller, `?userId=${reseller.user.id}`)).pagination.total).toBe(3);
  });

  it('lets an admin read any user’s statement, and answers 404 for a user that does not exist', async () => {
    const list = await statement(admin, `?userId=${manager.user.id}`);
    expect(list.pagination.total).toBe(3);
    expect((await statement(admin)).pagination.total).toBe(0);
    expectError(
      await admin.inject({
        method: 'GET',
        url: '/api/ledger?userId=00000000-0000-4000-8000-000000000000',
      }),
      404,
      'not_found',
      messages.userNotFound,
    );
  });

  it('answers 401 without a session', async () => {
    expectError(await ctx.app.inject({ method: 'GET', url: '/api/ledger' }), 401, 'unauthorized');
  });
});

describe('GET /api/ledger filters', () => {
  it('filters by bucket and kind', async () => {
    expect(summary((await statement(manager, '?bucket=profit')).data)).toEqual([
      ['profit', 'profit', 12, 12],
    ]);
    expect(summary((await statement(manager, '?bucket=balance')).data)).toEqual([
      ['balance', 'transfer', -40, 60],
      ['balance', 'deposit', 100, 100],
    ]);
    expect(summary((await statement(manager, '?kind=deposit')).data)).toEqual([
      ['balance', 'deposit', 100, 100],
    ]);
    expect((await statement(manager, '?bucket=profit&kind=deposit')).data).toEqual([]);
  });

  it('filters by date: a bare date is a whole UTC day, `to` included', async () => {
    const kinds = async (query: string) =>
      (await statement(manager, query)).data.map((r) => r.kind);
    expect(await kinds('?from=2026-03-01&to=2026-03-31')).toEqual(['transfer', 'deposit']);
    expect(await kinds('?from=2026-03-02')).toEqual(['profit', 'transfer']);
    expect(await kinds('?to=2026-03-30')).toEqual(['deposit']);
    expect(await kinds('?from=2026-04-10T12:00:00Z&to=2026-04-10T12:00:01Z')).toEqual(['profit']);
    expect(await kinds('?from=2026-04-11')).toEqual([]);
  });

  it('pages newest first, the total following the filters', async () => {
    const first = await statement(manager, '?limit=2&page=1');
    const second = await statement(manager, '?limit=2&page=2');
    expect(first.pagination).toEqual({ page: 1, limit: 2, total: 3, totalPages: 2 });
    expect(first.data.map((r) => r.kind)).toEqual(['profit', 'transfer']);
    expect(second.data.map((r) => r.kind)).toEqual(['deposit']);
    expect((await statement(manager, '?bucket=balance&limit=1')).pagination.total).toBe(2);
  });

  it('sorts by date or amount, either way, the filters and paging still applying', async () => {
    const amounts = async (query: string) =>
      (await statement(manager, query)).data.map((r) => r.amount);
    expect(await amounts('?sort=-createdAt')).toEqual([12, -40, 100]);
    expect(await amounts('?sort=createdAt')).toEqual([100, -40, 12]);
    expect(await amounts('?sort=amount')).toEqual([-40, 12, 100]);
    expect(await amounts('?sort=-amount')).toEqual([100, 12, -40]);
    expect(await amounts('?sort=-amount&bucket=balance')).toEqual([100, -40]);
    expect(await amounts('?sort=amount&limit=2&page=2')).toEqual([100]);
    // The export keeps ledger order, newest first, whatever the page's sort.
    const csv = await manager.inject({ method: 'GET', url: '/api/ledger?format=csv&sort=amount' });
    const kinds = csv.body
      .split('\r\n')
      .slice(1, -1)
      .map((line) => line.split(',')[2]);
    expect(kinds).toEqual(['profit', 'transfer', 'deposit']);
  });

  it.each([
    ['?sort=balanceAfter', 'sort'],
    ['?sort=', 'sort'],
    ['?kind=gift', 'kind'],
    ['?bucket=savings', 'bucket'],
    ['?from=yesterday', 'from'],
    ['?from=2026-04-01&to=2026-03-01', 'to'],
    ['?limit=101', 'limit'],
    ['?userId=42', 'userId'],
    ['?format=xml', 'format'],
  ])('refuses %s with 400 naming %s', async (query, path) => {
    expectValidation(
      await manager.inject({ method: 'GET', url: `/api/ledger${query}` }),
      `querystring.${path}`,
    );
  });
});
