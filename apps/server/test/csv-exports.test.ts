import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema/index';
import { expectError, expectValidation } from './helpers/expect-error';
import type { SignedInUser } from './helpers/factory';
import { addBalance, deposit, placedOrder, queryRows } from './helpers/money';
import { useCatalogueApp } from './helpers/catalogue-app';

const { ctx, catalogue, admin, db } = useCatalogueApp();

const BOM = '\uFEFF';
const today = new Date().toISOString().slice(0, 10);

/** The export's lines after the BOM, the header first (no cell here holds a line break). */
function csvLines(response: LightMyRequestResponse): string[] {
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
  expect(response.body.startsWith(BOM)).toBe(true);
  return response.body.slice(BOM.length).split('\r\n').slice(0, -1);
}

async function get(user: SignedInUser, url: string) {
  return user.inject({ method: 'GET', url });
}

async function totalOf(user: SignedInUser, url: string): Promise<number> {
  const response = await get(user, url);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ pagination: { total: number } }>().pagination.total;
}

let manager: SignedInUser;
let reseller: SignedInUser;
let productId: string;

beforeAll(async () => {
  manager = await ctx.factory.signedIn('manager', admin.user);
  reseller = await ctx.factory.signedIn('reseller', manager.user);
  await db()
    .update(users)
    .set({ firstName: '=HYPERLINK("http://evil.test")', lastName: '\tعبد الله' })
    .where(sql`${users.id} = ${reseller.user.id}`);
  const product = await catalogue.product({ keys: 5 });
  productId = product.id;
  await deposit(admin, manager.user.id, 100);
  for (const note of ['+SUM(A1:A9)', '-2+3', '@cmd', 'plain, with a comma']) {
    expect((await addBalance(manager, reseller.user.id, 1, note)).statusCode).toBe(200);
  }
  await deposit(admin, reseller.user.id, 50);
  await placedOrder(reseller, product.id, 2);
});

describe('?format=csv', () => {
  it('exports the statement: BOM, header, every row, dated file name', async () => {
    const response = await get(reseller, '/api/ledger?format=csv&limit=1');
    const [header, ...rows] = csvLines(response);
    expect(header).toBe(
      'Date (UTC),Bucket,Kind,Amount (USD),Balance after (USD),Order,Counterparty,By,Note',
    );
    // Every row, not the one page `limit` asks for.
    expect(rows).toHaveLength(await totalOf(reseller, '/api/ledger'));
    expect(rows).toHaveLength(6);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="statement-${today}.csv"`,
    );
    // Newest first: the purchase of 2 × 10 from 54, a negative amount left a number.
    expect(rows[0]).toMatch(/,balance,purchase,-20,34,[0-9a-f-]{36},,/);
  });

  it('prefixes every text cell that a spreadsheet would run as a formula', async () => {
    const body = (await get(reseller, '/api/ledger?format=csv&kind=transfer')).body;
    for (const cell of ["'+SUM(A1:A9)", "'-2+3", "'@cmd"]) {
      expect(body).toContain(`,${cell}\r\n`);
    }
    expect(body).toContain(',"plain, with a comma"\r\n');
    const usersCsv = (
      await get(admin, `/api/users/get-all-users?format=csv&search=${reseller.user.username}`)
    ).body;
    expect(usersCsv).toContain(`,"'=HYPERLINK(""http://evil.test"")",'\tعبد الله,`);
  });

  it('filters the export as the list: the CSV row count equals the JSON total', async () => {
    const cases: [SignedInUser, string][] = [
      [reseller, '/api/ledger?bucket=balance&kind=transfer'],
      [admin, `/api/ledger?userId=${manager.user.id}`],
      [admin, '/api/orders/all'],
      [reseller, '/api/orders/all?status=completed'],
      [manager, '/api/orders/all?showAll=true'],
      [admin, '/api/audit'],
      [admin, '/api/audit?action=balance.transfer'],
      [admin, `/api/audit?actorId=${manager.user.id}&targetType=user`],
      [admin, '/api/users/get-all-users'],
      [admin, '/api/users/get-all-users?role=reseller'],
    ];
    for (const [user, url] of cases) {
      const [, ...rows] = csvLines(
        await get(user, `${url}${url.includes('?') ? '&' : '?'}format=csv`),
      );
      expect(rows.length, url).toBe(await totalOf(user, url));
      expect(rows.length, url).toBeGreaterThan(0);
    }
  });

  it('exports orders without their keys', async () => {
    const [header, row] = csvLines(await get(reseller, '/api/orders/all?format=csv'));
    expect(header).toBe(
      'Order,Date (UTC),Status,Backordered,Product,Category,Quantity,Delivery,Unit price (USD),Total (USD),Buyer,Seller,Delivered (UTC),Notes,Rejection reason',
    );
    expect(row).toContain(`,completed,`);
    expect(row).toContain(`,2,instant,10,20,${reseller.user.username},`);
    const [sold] = await queryRows<{ hint: string }>(
      db(),
      sql`select hint from product_keys where order_id is not null limit 1`,
    );
    expect(row).not.toContain(sold!.hint);
  });

  it('keeps the filters’ access rules: a reseller’s export holds only its own rows', async () => {
    const [, ...rows] = csvLines(await get(manager, '/api/orders/all?format=csv'));
    expect(rows).toEqual([]);
    expectError(
      await get(reseller, `/api/ledger?format=csv&userId=${manager.user.id}`),
      403,
      'forbidden',
    );
    expectError(await get(reseller, '/api/audit?format=csv'), 403, 'forbidden');
    expectError(await get(manager, '/api/users/get-all-users?format=csv'), 403, 'forbidden');
  });

  it('exports the unsold keys themselves for an admin, and audits every export', async () => {
    const url = `/api/products/${productId}/keys?status=unsold&format=csv`;
    const response = await get(admin, url);
    const [header, ...rows] = csvLines(response);
    expect(header).toBe('Key id,Key,Added (UTC)');
    expect(rows).toHaveLength(3);
    expect(rows).toHaveLength(
      await totalOf(admin, `/api/products/${productId}/keys?status=unsold`),
    );
    const unsold = await queryRows<{ id: string; hint: string }>(
      db(),
      sql`select id, hint from product_keys where product_id = ${productId} and order_id is null`,
    );
    for (const key of unsold) {
      const row = rows.find((r) => r.startsWith(`${key.id},`));
      expect(row?.split(',')[1]?.endsWith(key.hint)).toBe(true);
    }
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="unsold-keys-${today}.csv"`,
    );
    const audit = await get(admin, `/api/audit?action=product.keys_exported&targetId=${productId}`);
    expect(audit.json<{ data: unknown[] }>().data).toEqual([
      expect.objectContaining({
        actor: { id: admin.user.id, username: admin.user.username },
        targetType: 'product',
        after: { unsold: 3 },
      }),
    ]);
  });

  it('refuses a keys export without status=unsold, and to anyone but an admin', async () => {
    expectValidation(
      await get(admin, `/api/products/${productId}/keys?format=csv`),
      'querystring.status',
      'Only unsold keys can be exported: add status=unsold',
    );
    expectError(
      await get(manager, `/api/products/${productId}/keys?status=unsold&format=csv`),
      403,
      'forbidden',
    );
    expect(
      await totalOf(admin, `/api/audit?action=product.keys_exported&targetId=${productId}`),
    ).toBe(1);
  });

  it('names the audit log’s actions in the language asked for, beside their code, amounts as money', async () => {
    const url = `/api/audit?format=csv&action=balance.deposit&targetId=${reseller.user.id}`;
    const [header, en, ...more] = csvLines(await get(admin, url));
    expect(header).toBe('Date (UTC),Actor,Action,Action code,Target type,Target,Before,After');
    expect(more).toEqual([]);
    // The reseller held the manager's 4 × $1 when the admin added $50.
    const money = ',"{""balance"":""4.00 USD""}","{""balance"":""54.00 USD""}"';
    expect(en).toContain(
      `,${admin.user.username},Balance added,balance.deposit,user,${reseller.user.id}${money}`,
    );
    const [, fr] = csvLines(await get(admin, `${url}&lang=fr`));
    expect(fr).toContain(
      `,${admin.user.username},Solde ajouté,balance.deposit,user,${reseller.user.id}${money}`,
    );
    // A plain download link carries the browser's language; `lang` wins over it.
    const asked = (query: string, language: string) =>
      admin.inject({
        method: 'GET',
        url: `${url}${query}`,
        headers: { 'accept-language': language },
      });
    expect(csvLines(await asked('', 'fr-CA,fr;q=0.9,en;q=0.8'))[1]).toBe(fr);
    expect(csvLines(await asked('', 'de-DE,de;q=0.9'))[1]).toBe(en);
    expect(csvLines(await asked('&lang=en', 'fr'))[1]).toBe(en);
    expectValidation(
      await get(admin, `${url}&lang=de`),
      'querystring.lang',
      'Language must be en, fr or ar',
    );
  });

  it('reads past one batch: 2,500 audit rows come out once each, in order', async () => {
    await db().execute(sql`
      insert into audit_log (actor_id, action, target_type, target_id, created_at)
      select ${admin.user.id}::uuid, 'bulk.test', 'thing', g::text,
             timestamptz '2026-01-01' + g * interval '1 second'
      from generate_series(1, 2500) g`);
    const [, ...rows] = csvLines(await get(admin, '/api/audit?format=csv&action=bulk.test'));
    expect(rows).toHaveLength(2500);
    const targets = rows.map((r) => Number(r.split(',')[5]));
    expect(targets).toEqual(Array.from({ length: 2500 }, (_, i) => 2500 - i));
  });
});
