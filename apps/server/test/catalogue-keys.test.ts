import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  KEY_MAX_LENGTH,
  KEYS_IMPORT_MAX_LINES,
  type productKeyListSchema,
} from '@keymarket/contracts/catalogue';
import type { Order } from '@keymarket/contracts/orders';
import type { z } from 'zod';
import { messages } from '@keymarket/contracts/messages';
import { productKeys, products } from '../src/db/schema/index';
import { expectError, expectValidation } from './helpers/expect-error';
import { productStock } from '../src/modules/stock/stock';
import { useCatalogueApp } from './helpers/catalogue-app';
import { useSignedIn } from './helpers/use-app';

type ProductKeyList = z.infer<typeof productKeyListSchema>;

const { ctx, catalogue, admin } = useCatalogueApp();
const manager = useSignedIn(ctx, 'manager', admin);
const reseller = useSignedIn(ctx, 'reseller', manager);

const importKeys = (productId: string, keys: string, user = admin) =>
  user.inject({ method: 'POST', url: `/api/products/${productId}/keys`, payload: { keys } });

const listKeys = (productId: string, query = '', user = admin) =>
  user.inject({ method: 'GET', url: `/api/products/${productId}/keys${query}` });

async function stockOf(productId: string) {
  const [row] = await ctx.database.db
    .select({ stock: productStock })
    .from(products)
    .where(eq(products.id, productId));
  return row!.stock;
}

async function unsoldCount(productId: string) {
  const [row] = await ctx.database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(productKeys)
    .where(sql`${productKeys.productId} = ${productId} and ${productKeys.orderId} is null`);
  return row!.n;
}

describe('key import', () => {
  it('adds trimmed keys, skipping blank lines and duplicates within the paste', async () => {
    const product = await catalogue.product();
    const res = await importKeys(
      product.id,
      'AAAA-1111-XXXX\r\n\n   \n  BBBB-2222-YYYY  \nAAAA-1111-XXXX\nCCCC-3333-ZZZZ\n',
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      added: 3,
      duplicates: 1,
      blanks: 2,
      stock: 3,
      backordersFilled: 0,
    });
    expect(await stockOf(product.id)).toBe(3);
    expect(await unsoldCount(product.id)).toBe(3);
  });

  it('counts blank lines between keys, but not the end of a final newline', async () => {
    const product = await catalogue.product();
    const res = await importKeys(product.id, '\n BLANK-KEY-0001\n\t\nBLANK-KEY-0002\n');
    expect(res.json()).toEqual({
      added: 2,
      duplicates: 0,
      blanks: 2,
      stock: 2,
      backordersFilled: 0,
    });
    const crlf = await importKeys(product.id, 'BLANK-KEY-0003\r\n\r\nBLANK-KEY-0001\r\n');
    expect(crlf.json()).toEqual({
      added: 1,
      duplicates: 1,
      blanks: 1,
      stock: 3,
      backordersFilled: 0,
    });
  });

  it('skips keys already stored, for this product or any other', async () => {
    const first = await catalogue.product();
    const second = await catalogue.product();
    await importKeys(first.id, 'SHARED-KEY-0001\nOWN-KEY-0001');
    const res = await importKeys(second.id, 'SHARED-KEY-0001\nNEW-KEY-0002\nOWN-KEY-0001');
    expect(res.json()).toEqual({
      added: 1,
      duplicates: 2,
      blanks: 0,
      stock: 1,
      backordersFilled: 0,
    });
    const again = await importKeys(second.id, 'NEW-KEY-0002');
    expect(again.json()).toEqual({
      added: 0,
      duplicates: 1,
      blanks: 0,
      stock: 1,
      backordersFilled: 0,
    });
    expect(await stockOf(first.id)).toBe(2);
    expect(await unsoldCount(second.id)).toBe(1);
  });

  it('takes two keys that look identical for one: invisible and direction characters are removed', async () => {
    const product = await catalogue.product();
    await importKeys(product.id, 'LOOK-ALIKE-0001');
    const res = await importKeys(
      product.id,
      'LOOK\u200B-ALIKE-0001\n\uFEFFLOOK-ALIKE-0001\u202E\nLOOK-\u2066ALIKE-0002\u2069\nLOOK-ALIKE-0002\n\u200B\u200D\n',
    );
    expect(res.json()).toEqual({
      added: 1,
      duplicates: 3,
      blanks: 1,
      stock: 2,
      backordersFilled: 0,
    });
    expect(await unsoldCount(product.id)).toBe(2);
  });

  it('keeps stock equal to the unsold keys after sales', async () => {
    const product = await catalogue.product();
    await importKeys(product.id, 'SOLD-A-000001\nSOLD-B-000002\nSOLD-C-000003');
    const buyer = await ctx.factory.signedIn('reseller', admin.user);
    await admin.inject({
      method: 'POST',
      url: `/api/balance/${buyer.user.id}/add`,
      payload: { amount: 100 },
    });
    const order = await buyer.inject({
      method: 'POST',
      url: '/api/orders',
      payload: { productId: product.id, quantity: 2 },
    });
    expect(order.statusCode, order.body).toBe(201);
    expect(await stockOf(product.id)).toBe(1);
    expect(await unsoldCount(product.id)).toBe(1);
    const res = await importKeys(product.id, 'SOLD-D-000004');
    expect(res.json()).toEqual({
      added: 1,
      duplicates: 0,
      blanks: 0,
      stock: 2,
      backordersFilled: 0,
    });
    expect(await unsoldCount(product.id)).toBe(2);
  });

  it('stores keys encrypted: the ciphertext does not contain the key', async () => {
    const product = await catalogue.product();
    const key = 'PLAINTEXT-SECRET-KEY-42';
    await importKeys(product.id, key);
    const [row] = await ctx.database.db
      .select()
      .from(productKeys)
      .where(eq(productKeys.productId, product.id));
    expect(row!.ciphertext.includes(Buffer.from(key))).toBe(false);
    expect(row!.ciphertext.toString('latin1')).not.toContain('SECRET');
    expect(row!.hmac).not.toContain('SECRET');
    expect(row!.hint).toBe('Y-42');
  });

  it('refuses keys for a request product (409) and validates the paste', async () => {
    const request = await catalogue.product({ deliveryType: 'request' });
    expectError(await importKeys(request.id, 'KEY-FOR-REQUEST'), 409, 'conflict');

    const product = await catalogue.product();
    expectValidation(await importKeys(product.id, '\n  \n'), 'body.keys', messages.keysRequired);
    expectValidation(await importKeys(product.id, ''), 'body.keys', messages.keysRequired);
    expectValidation(
      await importKeys(product.id, `OK-KEY-1\n${'x'.repeat(KEY_MAX_LENGTH + 1)}`),
      'body.keys',
      `Line 2 is longer than ${KEY_MAX_LENGTH} characters`,
    );
    const tooMany = Array.from({ length: KEYS_IMPORT_MAX_LINES + 1 }, (_, i) => `K${i}`).join('\n');
    expectValidation(await importKeys(product.id, tooMany), 'body.keys');
    expect(await unsoldCount(product.id)).toBe(0);
    expectError(
      await importKeys('00000000-0000-4000-8000-000000000000', 'KEY-X'),
      404,
      'not_found',
    );
  });

  it('imports the maximum paste of 10,000 keys in one request', async () => {
    const product = await catalogue.product();
    const keys = Array.from(
      { length: KEYS_IMPORT_MAX_LINES },
      (_, i) => `BULK-${i}-ABCDEFGHIJKLMNOPQRSTUVWXYZ`,
    ).join('\n');
    const res = await importKeys(product.id, keys);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      added: 10_000,
      duplicates: 0,
      blanks: 0,
      stock: 10_000,
      backordersFilled: 0,
    });
  });

  it('is for admins only', async () => {
    const product = await catalogue.product();
    for (const user of [manager, reseller]) {
      expectError(await importKeys(product.id, 'NOPE-KEY-1', user), 403, 'forbidden');
      expectError(await listKeys(product.id, '', user), 403, 'forbidden');
    }
    expect(await unsoldCount(product.id)).toBe(0);
  });
});

describe('key listing', () => {
  it('lists keys masked, newest first, with sold state, never the plaintext', async () => {
    const product = await catalogue.product();
    await importKeys(product.id, 'FIRST-KEY-AAAA1111');
    await importKeys(product.id, 'SECOND-KEY-BBBB2222\nTHIRD-KEY-CCCC3333');
    const buyer = await ctx.factory.signedIn('reseller', admin.user);
    await admin.inject({
      method: 'POST',
      url: `/api/balance/${buyer.user.id}/add`,
      payload: { amount: 100 },
    });
    const order = await buyer.inject({
      method: 'POST',
      url: '/api/orders',
      payload: { productId: product.id, quantity: 1 },
    });
    const orderId = order.json<Order>().id;

    const res = await listKeys(product.id);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toMatch(/FIRST-KEY|SECOND-KEY|THIRD-KEY|AAAA1111/);
    const body = res.json<ProductKeyList>();
    expect(body.pagination).toEqual({ page: 1, limit: 10, total: 3, totalPages: 1 });
    // Keys of 16 characters or more show their first 4 and last 4 (docs/adr/0037-key-pool.md).
    expect(body.data[2]).toMatchObject({ masked: 'FIRS••••1111', sold: true, orderId });
    expect(body.data[2]?.soldAt).toEqual(expect.any(String));
    // Newest first: the last line of the last import leads.
    expect(body.data.slice(0, 2).map((k) => k.masked)).toEqual(['THIR••••3333', 'SECO••••2222']);
    expect(body.data[0]).toMatchObject({ sold: false, orderId: null, soldAt: null });

    const page = await listKeys(product.id, '?page=2&limit=2');
    expect(page.json<ProductKeyList>().data).toHaveLength(1);
  });

  it('never shows more than half of a short key', async () => {
    const product = await catalogue.product();
    await importKeys(product.id, 'ABC');
    const [key] = (await listKeys(product.id)).json<ProductKeyList>().data;
    expect(key?.masked).toBe('••••C');
  });
});
