import { describe, expect, it } from 'vitest';
import { currencyListSchema, currencySchema, type Currency } from '@keymarket/contracts/settings';
import { expectError, expectValidation } from './helpers/expect-error';
import type { SignedInUser } from './helpers/factory';
import { auditRowsFor } from './helpers/users';
import { useSignedIn, useTestApp } from './helpers/use-app';

const ctx = useTestApp();
const admin = useSignedIn(ctx, 'admin');
const manager = useSignedIn(ctx, 'manager', admin);
const reseller = useSignedIn(ctx, 'reseller', manager);

const create = (as: SignedInUser, payload: unknown) =>
  as.inject({ method: 'POST', url: '/api/currencies/create', payload: payload as object });

async function list(as: SignedInUser): Promise<Currency[]> {
  const response = await as.inject({ method: 'GET', url: '/api/currencies' });
  expect(response.statusCode, response.body).toBe(200);
  return currencyListSchema.strict().parse(response.json()).currencies;
}

describe('GET /api/currencies', () => {
  it('always lists USD with rate 1, for every signed-in role', async () => {
    for (const user of [admin, manager, reseller]) {
      expect((await list(user)).find((c) => c.code === 'USD')).toMatchObject({
        symbol: '$',
        rateToUSD: 1,
      });
    }
  });

  it('refuses an anonymous caller (401)', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/currencies' });
    expectError(response, 401, 'unauthorized');
  });
});

describe('POST /api/currencies/create', () => {
  it('adds a currency (201), audits it, and lists it', async () => {
    const response = await create(admin, { code: 'EUR', symbol: '€', rateToUSD: 0.923456 });
    expect(response.statusCode, response.body).toBe(201);
    const eur = currencySchema.strict().parse(response.json());
    expect(eur).toMatchObject({ code: 'EUR', symbol: '€', rateToUSD: 0.923456 });
    expect((await list(reseller)).map((c) => c.code)).toEqual(expect.arrayContaining(['EUR']));
    const audit = await auditRowsFor(admin, eur.id);
    expect(audit.map((row) => row.action)).toContain('currency.create');
  });

  it('keeps the largest allowed rate exactly', async () => {
    const response = await create(admin, { code: 'VND', symbol: '₫', rateToUSD: 999999.999999 });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<Currency>().rateToUSD).toBe(999999.999999);
  });

  it('refuses a code that already exists (409)', async () => {
    expect((await create(admin, { code: 'GBP', symbol: '£', rateToUSD: 0.79 })).statusCode).toBe(
      201,
    );
    expectError(await create(admin, { code: 'GBP', symbol: '£', rateToUSD: 0.8 }), 409, 'conflict');
    expectError(await create(admin, { code: 'USD', symbol: '$', rateToUSD: 1 }), 409, 'conflict');
  });

  it.each([
    ['a lowercase code', { code: 'eur', symbol: '€', rateToUSD: 1 }, 'body.code'],
    ['a 4-letter code', { code: 'EURO', symbol: '€', rateToUSD: 1 }, 'body.code'],
    ['a code with a digit', { code: 'E1R', symbol: '€', rateToUSD: 1 }, 'body.code'],
    ['an empty symbol', { code: 'ABC', symbol: '', rateToUSD: 1 }, 'body.symbol'],
    ['a 6-character symbol', { code: 'ABC', symbol: 'ABCDEF', rateToUSD: 1 }, 'body.symbol'],
    ['a zero rate', { code: 'ABC', symbol: 'a', rateToUSD: 0 }, 'body.rateToUSD'],
    ['a negative rate', { code: 'ABC', symbol: 'a', rateToUSD: -2 }, 'body.rateToUSD'],
    [
      'a rate above 1,000,000',
      { code: 'ABC', symbol: 'a', rateToUSD: 1_000_001 },
      'body.rateToUSD',
    ],
    [
      'a rate with 7 decimals',
      { code: 'ABC', symbol: 'a', rateToUSD: 1.1234567 },
      'body.rateToUSD',
    ],
    ['a rate sent as text', { code: 'ABC', symbol: 'a', rateToUSD: '1.2' }, 'body.rateToUSD'],
    ['a missing rate', { code: 'ABC', symbol: 'a' }, 'body.rateToUSD'],
  ])('refuses %s (400)', async (_, payload, path) => {
    expectValidation(await create(admin, payload), path);
  });

  it('lets only admins create (manager and reseller 403, anonymous 401)', async () => {
    const payload = { code: 'CHF', symbol: 'Fr', rateToUSD: 0.88 };
    expectError(await create(manager, payload), 403, 'forbidden');
    expectError(await create(reseller, payload), 403, 'forbidden');
    const anonymous = await ctx.app.inject({
      method: 'POST',
      url: '/api/currencies/create',
      payload,
    });
    expectError(anonymous, 401, 'unauthorized');
    expect((await list(admin)).some((c) => c.code === 'CHF')).toBe(false);
  });
});

describe('PATCH /api/currencies/:id', () => {
  const update = (as: SignedInUser, id: string, payload: unknown) =>
    as.inject({ method: 'PATCH', url: `/api/currencies/${id}`, payload: payload as object });

  it('changes the rate in place, keeps code and symbol, and audits before and after', async () => {
    const created = currencySchema.parse(
      (await create(admin, { code: 'SEK', symbol: 'kr', rateToUSD: 10.5 })).json(),
    );
    const response = await update(admin, created.id, { rateToUSD: 10.812345 });
    expect(response.statusCode, response.body).toBe(200);
    expect(currencySchema.strict().parse(response.json())).toEqual({
      ...created,
      rateToUSD: 10.812345,
    });
    expect((await list(reseller)).find((c) => c.code === 'SEK')?.rateToUSD).toBe(10.812345);
    const [row] = (await auditRowsFor(admin, created.id)).filter(
      (audit) => audit.action === 'currency.update',
    );
    expect(row).toMatchObject({
      before: { rateToUSD: 10.5 },
      after: { rateToUSD: 10.812345 },
    });
  });

  it('refuses a bad rate (400), another field (400) and changes nothing', async () => {
    const created = currencySchema.parse(
      (await create(admin, { code: 'NOK', symbol: 'kr', rateToUSD: 10.9 })).json(),
    );
    expectValidation(await update(admin, created.id, { rateToUSD: 0 }), 'body.rateToUSD');
    expectValidation(await update(admin, created.id, { rateToUSD: '11' }), 'body.rateToUSD');
    expectValidation(await update(admin, created.id, { rateToUSD: 1.1234567 }), 'body.rateToUSD');
    expectValidation(await update(admin, created.id, { rateToUSD: 11, code: 'XXX' }), 'body.code');
    expect((await list(admin)).find((c) => c.code === 'NOK')?.rateToUSD).toBe(10.9);
  });

  it('keeps USD at 1 (409), lets only admins change a rate, and answers 404 for none', async () => {
    const usd = (await list(admin)).find((c) => c.code === 'USD')!;
    expectError(await update(admin, usd.id, { rateToUSD: 2 }), 409, 'conflict');
    const created = currencySchema.parse(
      (await create(admin, { code: 'DKK', symbol: 'kr.', rateToUSD: 6.9 })).json(),
    );
    expectError(await update(manager, created.id, { rateToUSD: 7 }), 403, 'forbidden');
    expectError(await update(reseller, created.id, { rateToUSD: 7 }), 403, 'forbidden');
    expectError(
      await update(admin, '00000000-0000-4000-8000-000000000000', { rateToUSD: 7 }),
      404,
      'not_found',
    );
    expect((await list(admin)).find((c) => c.code === 'DKK')?.rateToUSD).toBe(6.9);
  });
});

describe('DELETE /api/currencies/:id', () => {
  const remove = (as: SignedInUser, id: string) =>
    as.inject({ method: 'DELETE', url: `/api/currencies/${id}` });

  it('deletes a currency and audits it', async () => {
    const created = currencySchema.parse(
      (await create(admin, { code: 'JPY', symbol: '¥', rateToUSD: 151.2 })).json(),
    );
    expectError(await remove(manager, created.id), 403, 'forbidden');
    const response = await remove(admin, created.id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    expect((await list(admin)).some((c) => c.code === 'JPY')).toBe(false);
    expect((await auditRowsFor(admin, created.id)).map((row) => row.action)).toContain(
      'currency.delete',
    );
    expectError(await remove(admin, created.id), 404, 'not_found');
  });

  it('never deletes USD (409), and USD stays listed', async () => {
    const usd = (await list(admin)).find((c) => c.code === 'USD')!;
    expectError(await remove(admin, usd.id), 409, 'conflict');
    expect((await list(admin)).find((c) => c.code === 'USD')).toEqual(usd);
  });

  it('answers 400 for an id that is not a UUID', async () => {
    expectValidation(await remove(admin, 'not-a-uuid'), 'params.id');
  });
});
