import { and, eq, isNull, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  KEY_MAX_LENGTH,
  type KeyImport,
  type productKeyListSchema,
} from '@keymarket/contracts/catalogue';
import type { z } from 'zod';
import type { Order } from '@keymarket/contracts/orders';
import { auditLog, productKeys } from '../src/db/schema/index';
import { keyFileMessages } from '../src/modules/key-pool/key-file';
import { keyPoolMessages } from '../src/modules/key-pool/key-pool.service';
import { orderStatement } from '../src/modules/orders/place-order';
import { nestedPlans } from './helpers/nested-plans';
import { keyImportsOf } from './helpers/key-imports';
import { onPostgres } from './helpers/database';
import { expectError, expectValidation } from './helpers/expect-error';
import type { SignedInUser } from './helpers/factory';
import { fundedReseller as fundedResellerOf, placeOrder, stockOf } from './helpers/money';
import { useCatalogueApp } from './helpers/catalogue-app';
import { useSignedIn } from './helpers/use-app';

type ProductKeyList = z.infer<typeof productKeyListSchema>;

const { ctx, catalogue, admin, db } = useCatalogueApp();
const manager = useSignedIn(ctx, 'manager', admin);
const { finishedImport } = keyImportsOf(admin);

const paste = (productId: string, keys: string) =>
  admin.inject({ method: 'POST', url: `/api/products/${productId}/keys`, payload: { keys } });

const upload = (productId: string, name: string, body: string | Buffer, user = admin) =>
  user.inject({
    method: 'POST',
    url: `/api/products/${productId}/keys/file?name=${encodeURIComponent(name)}`,
    headers: { 'content-type': 'application/octet-stream' },
    payload: body,
  });

/** Uploads a key file and waits for its import to end: the job as it ended. */
async function importFile(productId: string, name: string, body: string | Buffer) {
  const res = await upload(productId, name, body);
  expect(res.statusCode, res.body).toBe(202);
  return finishedImport(productId, res.json<KeyImport>().id);
}

const list = (productId: string, query = '') =>
  admin.inject({ method: 'GET', url: `/api/products/${productId}/keys${query}` });

const remove = (productId: string, keyIds: string[], user: SignedInUser = admin) =>
  user.inject({ method: 'DELETE', url: `/api/products/${productId}/keys`, payload: { keyIds } });

const move = (productId: string, payload: object, user: SignedInUser = admin) =>
  user.inject({ method: 'POST', url: `/api/products/${productId}/keys/move`, payload });

const unique = () => Math.random().toString(36).slice(2, 10).toUpperCase();

async function keyRows(productId: string) {
  return db()
    .select({ id: productKeys.id, orderId: productKeys.orderId, position: productKeys.position })
    .from(productKeys)
    .where(eq(productKeys.productId, productId))
    .orderBy(productKeys.position);
}

async function unsoldCount(productId: string) {
  const [row] = await db()
    .select({ n: sql<number>`count(*)::int` })
    .from(productKeys)
    .where(and(eq(productKeys.productId, productId), isNull(productKeys.orderId)));
  return row!.n;
}

async function auditOf(action: string, productId: string) {
  return db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.targetId, productId)));
}

const buyer = () => fundedResellerOf(ctx.factory, admin, 1000);

describe('key order', () => {
  it('sells keys oldest first, in the order of their import lines, across imports', async () => {
    const product = await catalogue.product();
    const tag = unique();
    await paste(product.id, `Z-${tag}-FIRST\nA-${tag}-SECOND\nM-${tag}-THIRD`);
    await importFile(product.id, 'later.txt', `B-${tag}-FOURTH\n`);
    const reseller = await buyer();
    const keys: string[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await placeOrder(reseller, { productId: product.id, quantity: 1 });
      expect(res.statusCode, res.body).toBe(201);
      keys.push(...res.json<Order>().responseKeys!);
    }
    expect(keys).toEqual([
      `Z-${tag}-FIRST`,
      `A-${tag}-SECOND`,
      `M-${tag}-THIRD`,
      `B-${tag}-FOURTH`,
    ]);
  });

  it.skipIf(!onPostgres)(
    'claims keys through the unsold index (EXPLAIN on PostgreSQL)',
    async () => {
      const product = await catalogue.product();
      const statement = orderStatement({
        order: {
          id: '00000000-0000-4000-8000-000000000001',
          buyerId: admin.user.id,
          sellerId: null,
          productId: product.id,
          productName: product.name,
          quantity: 1,
          deliveryType: 'instant',
          unitPriceCents: 100n,
          totalCents: 100n,
          status: 'completed',
          notes: null,
          priceChain: [],
        },
        claim: 1,
        debit: null,
        margins: [],
        audit: { actorId: admin.user.id, action: 'order.created', targetType: 'order' },
        idempotency: null,
        lowStockThreshold: null,
        events: false,
        refs: {} as never,
      } as never);
      expect(await nestedPlans(db(), statement)).toContain('product_keys_unsold_idx');
    },
  );
});

describe('key file import', () => {
  it('reads a .txt file line by line: added, duplicates and blanks counted', async () => {
    const product = await catalogue.product();
    const tag = unique();
    const job = await importFile(
      product.id,
      'keys.TXT',
      `TXT-${tag}-1\r\n\r\n  TXT-${tag}-2  \n\t\nTXT-${tag}-1\nTXT-${tag}-3`,
    );
    expect(job).toMatchObject({
      status: 'done',
      fileName: 'keys.TXT',
      linesTotal: 6,
      keysTotal: 4,
      linesRead: 6,
      added: 3,
      duplicates: 1,
      blanks: 2,
      backordersFilled: 0,
      error: null,
      createdBy: { id: admin.user.id },
    });
    expect(await stockOf(db(), product.id)).toBe(3);
    const [audit] = await auditOf('product.keys_imported', product.id);
    expect(JSON.parse(audit!.after!)).toMatchObject({ added: 3, file: 'keys.TXT' });
  });

  it('reads the "Key" column of a .csv file: the unsold keys export imports back', async () => {
    const source = await catalogue.product();
    const tag = unique();
    await paste(source.id, `CSV-${tag}-1\nCSV-${tag}-2,WITH,COMMAS\n=CSV-${tag}-3`);
    const exported = await list(source.id, '?status=unsold&format=csv');
    expect(exported.statusCode).toBe(200);
    // Deleted here, so the export's keys are new again to the inventory.
    const ids = (await keyRows(source.id)).map((k) => k.id);
    expect((await remove(source.id, ids)).statusCode).toBe(200);

    const target = await catalogue.product();
    const job = await importFile(target.id, 'export.csv', exported.body);
    expect(job).toMatchObject({ status: 'done', added: 3, duplicates: 0, blanks: 0 });
    const reseller = await buyer();
    const order = await placeOrder(reseller, { productId: target.id, quantity: 3 });
    expect(order.json<Order>().responseKeys!.sort()).toEqual(
      [`CSV-${tag}-1`, `CSV-${tag}-2,WITH,COMMAS`, `=CSV-${tag}-3`].sort(),
    );
  });

  it('reads the first column of a .csv file without a "Key" header', async () => {
    const product = await catalogue.product();
    const tag = unique();
    const job = await importFile(
      product.id,
      'plain.csv',
      `FIRST-${tag}-1,note\n"FIRST-${tag}-2",other\n,\nFIRST-${tag}-1\n`,
    );
    expect(job).toMatchObject({ status: 'done', added: 2, duplicates: 1, blanks: 1 });
    expect(await stockOf(db(), product.id)).toBe(2);
  });

  it('refuses a file that is not text, by its content whatever its name', async () => {
    const product = await catalogue.product();
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0xff]);
    expectValidation(await upload(product.id, 'keys.txt', png), 'body', keyFileMessages.notText);
    const nul = Buffer.from('GOOD-KEY-1\nBAD\u0000KEY\n');
    expectValidation(await upload(product.id, 'keys.csv', nul), 'body', keyFileMessages.notText);
    expect(await unsoldCount(product.id)).toBe(0);
  });

  it('refuses an empty file and one of blank lines only', async () => {
    const product = await catalogue.product();
    expectValidation(await upload(product.id, 'empty.txt', ''), 'body', keyFileMessages.empty);
    expectValidation(
      await upload(product.id, 'blank.txt', '\n  \r\n\t\n'),
      'body',
      keyFileMessages.empty,
    );
    expectValidation(await upload(product.id, 'head.csv', 'Key\n'), 'body', keyFileMessages.empty);
  });

  it('refuses an over-long line and adds nothing of the file', async () => {
    const product = await catalogue.product();
    const tag = unique();
    const body = `LONG-${tag}-1\nLONG-${tag}-2\n${'X'.repeat(KEY_MAX_LENGTH + 1)}\n`;
    expectValidation(
      await upload(product.id, 'long.txt', body),
      'body',
      keyFileMessages.lineTooLong(3),
    );
    // A line that never ends is refused before it fills the memory.
    const endless = `LONG-${tag}-3\n${'Y'.repeat(KEY_MAX_LENGTH * 3)}`;
    expectValidation(
      await upload(product.id, 'endless.txt', endless),
      'body',
      keyFileMessages.lineTooLong(2),
    );
    expect(await unsoldCount(product.id)).toBe(0);
    expect(await stockOf(db(), product.id)).toBe(0);
  });

  it('refuses other file names, request products, missing products and non-admins', async () => {
    const product = await catalogue.product();
    expectValidation(await upload(product.id, 'keys.xlsx', 'A-1'), 'querystring.name');
    const request = await catalogue.product({ deliveryType: 'request' });
    expectError(
      await upload(request.id, 'keys.txt', 'A-1'),
      409,
      'conflict',
      keyPoolMessages.notInstant,
    );
    expectError(
      await upload('00000000-0000-4000-8000-000000000000', 'keys.txt', 'A-1'),
      404,
      'not_found',
    );
    expectError(await upload(product.id, 'keys.txt', 'A-1', manager), 403, 'forbidden');
    const json = await admin.inject({
      method: 'POST',
      url: `/api/products/${product.id}/keys/file?name=keys.txt`,
      payload: { keys: 'A-1' },
    });
    expectValidation(json, 'body');
    expect(await unsoldCount(product.id)).toBe(0);
  });
});

describe('searching the inventory', () => {
  it('finds a key by itself, its first or its last characters, and shows both ends', async () => {
    const product = await catalogue.product();
    const tag = unique();
    await paste(product.id, `HEAD-${tag}-COMMON-TAIL\nOTHR-${tag}-COMMON-TAIL\nSHORT${tag}`);
    const whole = await list(product.id, `?q=HEAD-${tag}-COMMON-TAIL`);
    expect(whole.statusCode, whole.body).toBe(200);
    expect(whole.json<ProductKeyList>().pagination.total).toBe(1);
    expect(whole.json<ProductKeyList>().data[0]?.masked).toMatch(/^HEAD•+TAIL$/);
    expect((await list(product.id, '?q=othr')).json<ProductKeyList>().pagination.total).toBe(1);
    expect((await list(product.id, '?q=TAIL')).json<ProductKeyList>().pagination.total).toBe(2);
    expect((await list(product.id, '?q=%25')).json<ProductKeyList>().pagination.total).toBe(0);
    // 13 characters: the last 4 only, never both ends of a short key.
    const short = (await list(product.id, `?q=SHORT${tag}`)).json<ProductKeyList>().data[0];
    expect(short?.masked).toMatch(/^•+[A-Z0-9]{4}$/);
  });
});

describe('deleting unsold keys', () => {
  it('deletes one key or the selected ones, keeps the stock exact and audits each', async () => {
    const product = await catalogue.product();
    const tag = unique();
    await paste(product.id, [1, 2, 3, 4].map((n) => `DEL-${tag}-${n}`).join('\n'));
    const [k1, k2, k3] = await keyRows(product.id);
    const one = await admin.inject({
      method: 'DELETE',
      url: `/api/products/${product.id}/keys/${k1!.id}`,
    });
    expect(one.json()).toEqual({ deleted: 1, stock: 3 });
    const two = await remove(product.id, [k2!.id, k3!.id]);
    expect(two.json()).toEqual({ deleted: 2, stock: 1 });
    expect(await stockOf(db(), product.id)).toBe(1);
    expect(await unsoldCount(product.id)).toBe(1);
    const audits = await auditOf('product.keys_deleted', product.id);
    expect(audits.map((a) => JSON.parse(a.after!) as unknown)).toEqual(
      expect.arrayContaining([
        { deleted: 1, keyIds: [k1!.id], stock: 3 },
        { deleted: 2, keyIds: [k2!.id, k3!.id], stock: 1 },
      ]),
    );
  });

  it('refuses a sold key, and then deletes none of the selection', async () => {
    const product = await catalogue.product();
    const tag = unique();
    await paste(product.id, `SOLD-${tag}-1\nSOLD-${tag}-2`);
    await placeOrder(await buyer(), { productId: product.id, quantity: 1 });
    const [sold, unsold] = await keyRows(product.id);
    expect(sold!.orderId).not.toBeNull();
    expectError(
      await remove(product.id, [unsold!.id, sold!.id]),
      409,
      'conflict',
      keyPoolMessages.notUnsold(1),
    );
    expect(await keyRows(product.id)).toHaveLength(2);
    expect(await stockOf(db(), product.id)).toBe(1);
  });

  it('refuses keys of another product, bad selections and non-admins', async () => {
    const product = await catalogue.product();
    const other = await catalogue.product();
    await paste(other.id, `ELSEWHERE-${unique()}`);
    const [foreign] = await keyRows(other.id);
    expectError(await remove(product.id, [foreign!.id]), 409, 'conflict');
    expectValidation(await remove(product.id, []), 'body.keyIds');
    expectValidation(await remove(product.id, [foreign!.id, foreign!.id]), 'body.keyIds');
    expectValidation(await remove(product.id, ['nope']), 'body.keyIds.0');
    expectError(await remove(other.id, [foreign!.id], manager), 403, 'forbidden');
    expectError(
      await remove('00000000-0000-4000-8000-000000000000', [foreign!.id]),
      404,
      'not_found',
    );
    expect(await unsoldCount(other.id)).toBe(1);
  });
});

describe('moving unsold keys', () => {
  it('moves the selected keys or the next ones to be sold, with their stock, audited', async () => {
    const from = await catalogue.product();
    const to = await catalogue.product();
    const tag = unique();
    await paste(from.id, [1, 2, 3, 4, 5].map((n) => `MOVE-${tag}-${n}`).join('\n'));
    const keys = await keyRows(from.id);
    const picked = await move(from.id, { toProductId: to.id, keyIds: [keys[4]!.id] });
    expect(picked.json()).toEqual({ moved: 1, stock: 4, targetStock: 1 });
    const counted = await move(from.id, { toProductId: to.id, count: 2 });
    expect(counted.json()).toEqual({ moved: 2, stock: 2, targetStock: 3 });
    expect(await stockOf(db(), from.id)).toBe(2);
    expect(await stockOf(db(), to.id)).toBe(3);
    // The oldest two moved, and they keep their import order in the target.
    expect((await keyRows(to.id)).map((k) => k.id)).toEqual([
      keys[0]!.id,
      keys[1]!.id,
      keys[4]!.id,
    ]);
    const order = await placeOrder(await buyer(), { productId: to.id, quantity: 1 });
    expect(order.json<Order>().responseKeys).toEqual([`MOVE-${tag}-1`]);
    const audits = await auditOf('product.keys_moved', from.id);
    expect(audits).toHaveLength(2);
    expect(audits.map((a) => JSON.parse(a.after!) as unknown)).toContainEqual({
      moved: 2,
      stock: 2,
      targetStock: 3,
      toProductId: to.id,
      backordersFilled: 0,
    });
  });

  it('refuses a missing or request or same target, a sold key and more keys than unsold', async () => {
    const from = await catalogue.product();
    const to = await catalogue.product();
    const request = await catalogue.product({ deliveryType: 'request' });
    const tag = unique();
    await paste(from.id, `REFUSE-${tag}-1\nREFUSE-${tag}-2`);
    await placeOrder(await buyer(), { productId: from.id, quantity: 1 });
    const [sold, unsold] = await keyRows(from.id);
    expectError(
      await move(from.id, { toProductId: '00000000-0000-4000-8000-000000000000', count: 1 }),
      404,
      'not_found',
      'The product to move the keys to was not found',
    );
    expectError(
      await move(from.id, { toProductId: request.id, count: 1 }),
      409,
      'conflict',
      keyPoolMessages.targetNotInstant,
    );
    expectValidation(
      await move(from.id, { toProductId: from.id, count: 1 }),
      'body.toProductId',
      keyPoolMessages.sameProduct,
    );
    expectError(
      await move(from.id, { toProductId: to.id, keyIds: [sold!.id, unsold!.id] }),
      409,
      'conflict',
      keyPoolMessages.notUnsold(1),
    );
    expectError(
      await move(from.id, { toProductId: to.id, count: 2 }),
      409,
      'conflict',
      keyPoolMessages.notEnough(1),
    );
    expectValidation(await move(from.id, { toProductId: to.id }), 'body.keyIds');
    expectValidation(await move(from.id, { toProductId: to.id, count: 0 }), 'body.count');
    expectError(await move(from.id, { toProductId: to.id, count: 1 }, manager), 403, 'forbidden');
    expect(await stockOf(db(), from.id)).toBe(1);
    expect(await stockOf(db(), to.id)).toBe(0);
    expect(await keyRows(from.id)).toHaveLength(2);
  });
});

// PGlite has one connection, so nothing races there.
describe.skipIf(!onPostgres)('key pool races on PostgreSQL', () => {
  it('an order and a delete of the same key: exactly one wins, the stock stays exact', async () => {
    const reseller = await buyer();
    for (let round = 0; round < 8; round++) {
      const product = await catalogue.product();
      await paste(product.id, `RACE-DEL-${unique()}`);
      const [key] = await keyRows(product.id);
      const [order, deleted] = await Promise.all([
        placeOrder(reseller, { productId: product.id, quantity: 1 }),
        remove(product.id, [key!.id]),
      ]);
      const wins = [order.statusCode === 201, deleted.statusCode === 200];
      expect(wins.filter(Boolean), `${order.body} ${deleted.body}`).toHaveLength(1);
      if (order.statusCode !== 201) expectError(order, 409, 'out_of_stock');
      else expectError(deleted, 409, 'conflict');
      expect(await stockOf(db(), product.id)).toBe(0);
      expect(await unsoldCount(product.id)).toBe(0);
    }
  });

  it('orders and a move of every key: each key sold or moved once, both stocks exact', async () => {
    const reseller = await buyer();
    const from = await catalogue.product();
    const to = await catalogue.product();
    await paste(
      from.id,
      Array.from({ length: 10 }, (_, i) => `RACE-MV-${unique()}-${i}`).join('\n'),
    );
    const ids = (await keyRows(from.id)).map((k) => k.id);
    const results = await Promise.all([
      ...Array.from({ length: 5 }, () => placeOrder(reseller, { productId: from.id, quantity: 1 })),
      move(from.id, { toProductId: to.id, keyIds: ids.slice(5) }),
      move(from.id, { toProductId: to.id, keyIds: ids.slice(0, 5) }),
    ]);
    const sold = results.slice(0, 5).filter((r) => r.statusCode === 201).length;
    const moved = results
      .slice(5)
      .reduce((n, r) => n + (r.statusCode === 200 ? r.json<{ moved: number }>().moved : 0), 0);
    for (const r of results.slice(5)) if (r.statusCode !== 200) expectError(r, 409, 'conflict');
    expect((await keyRows(from.id)).filter((k) => k.orderId !== null)).toHaveLength(sold);
    expect(await unsoldCount(to.id)).toBe(moved);
    expect(await stockOf(db(), to.id)).toBe(moved);
    expect(await stockOf(db(), from.id)).toBe(await unsoldCount(from.id));
    expect(sold + moved + (await unsoldCount(from.id))).toBe(10);
  });
});
