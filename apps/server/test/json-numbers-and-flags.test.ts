import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { errorBodySchema } from '@keymarket/contracts/errors';
import { keyOf, type KeyClient } from './helpers/api-keys';
import { useCatalogue } from './helpers/catalogue-app';
import {
  documentedOperations,
  fieldsOf,
  fillPath,
  requiredQuery,
  sampleHolding,
  withValueAt,
  type JsonSchema,
  type Operation,
} from './helpers/hostile-inputs';
import { requestOf, type Caller } from './helpers/hostile-requests';
import { form } from './helpers/multipart';
import { madeBeforeAll, useSignedIn, useTestApp } from './helpers/use-app';

/*
 * DESIGN.md §2: a JSON body sends money and numbers as JSON numbers and flags as JSON booleans.
 * Text that reads as one (".5" for 50 cents, "true" for a flag) is refused with a 400 naming the
 * field, on every JSON route of the OpenAPI document: a client that sends text has a bug that
 * would otherwise pass silently (" 7 " stored as 7). Multipart forms can only send text, so
 * there (product create and replace) the same spellings stay readable.
 */

const ctx = useTestApp();
const catalogue = useCatalogue(ctx);
const admin = useSignedIn(ctx, 'admin');

/** Text spellings of a number that Number() or a lenient parser reads. */
const NUMBER_SPELLINGS = ['.5', '5', ' 7 ', '5.', '-0', '1e1'];
/** Text spellings of a flag. */
const FLAG_SPELLINGS = ['true', 'false', '1', ''];

/** The JSON types a field takes, enums aside (their members are values, not numbers). */
function jsonTypesOf(schema: JsonSchema): Set<string> {
  if (schema.enum) return new Set();
  const members = schema.oneOf ?? schema.anyOf;
  if (members) return new Set(members.flatMap((member) => [...jsonTypesOf(member)]));
  return new Set(schema.type ? [schema.type] : []);
}

interface Callers {
  /** For /api: the admin first, then a reseller (who buys), then a manager. */
  web: Caller[];
  /** For /api/v1: the admin's key, then the reseller's. */
  v1: KeyClient[];
}

const callers = madeBeforeAll(async (): Promise<Callers> => {
  const reseller = await ctx.factory.signedIn('reseller', admin.user);
  const manager = await ctx.factory.signedIn('manager', admin.user);
  return {
    web: [admin, reseller, manager],
    v1: [await keyOf(ctx.app, admin), await keyOf(ctx.app, reseller)],
  };
});

/** Every JSON-body route and each number or flag field of its body, with its text spellings. */
function textSpelledFields() {
  const doc = ctx.app.swagger() as Parameters<typeof documentedOperations>[0];
  return documentedOperations(doc)
    .filter((operation) => operation.body && !operation.body.multipart)
    .flatMap((operation) =>
      fieldsOf(operation.body!.schema).flatMap(({ path, field }) => {
        const types = jsonTypesOf(field);
        const spellings = [
          ...(types.has('number') || types.has('integer') ? NUMBER_SPELLINGS : []),
          ...(types.has('boolean') ? FLAG_SPELLINGS : []),
        ];
        return spellings.length > 0 ? [{ operation, path, spellings }] : [];
      }),
    );
}

/** The answer of the first caller allowed to call `operation` (403 tells the role check). */
async function answerFor(operation: Operation, body: unknown) {
  const path = fillPath(operation.path, {});
  const query = requiredQuery(operation, { name: 'keys.txt' }).join('&');
  const url = query ? `${path}?${query}` : path;
  const list = operation.path.startsWith('/api/v1/') ? callers.v1 : callers.web;
  let res: LightMyRequestResponse | undefined;
  for (const caller of list) {
    res = await caller.inject(requestOf({ operation, label: 'text', url, body }));
    if (res.statusCode !== 403) break;
  }
  if (!res) throw new Error(`No caller for ${operation.path}`);
  return res;
}

describe('JSON bodies take numbers and flags as JSON numbers and booleans only', () => {
  it('every documented JSON route refuses them spelt as text, naming the field', async () => {
    const fields = textSpelledFields();
    const routes = new Set(fields.map(({ operation: o }) => `${o.method} ${o.path}`));
    // The routes known to take money or flags are among those swept.
    expect([...routes]).toEqual(
      expect.arrayContaining([
        'PATCH /api/products/{id}',
        'PATCH /api/products/{id}/update-role-price',
        'PATCH /api/products/bulk-update-prices',
        'POST /api/orders',
        'POST /api/v1/orders',
        'PUT /api/system-settings',
        'POST /api/thresholds/convert',
      ]),
    );
    const accepted: string[] = [];
    for (const { operation, path, spellings } of fields) {
      const baseline = sampleHolding(operation.body!.schema, path);
      const field = `body.${path.join('.')}`;
      for (const text of spellings) {
        const res = await answerFor(operation, withValueAt(baseline, path, text));
        const body = errorBodySchema.safeParse(res.json());
        const named =
          res.statusCode === 400 &&
          body.success &&
          body.data.message.type === 'validation' &&
          body.data.details?.some((detail) => detail.path === field);
        if (!named) {
          accepted.push(
            `${operation.method} ${operation.path} ${field} = ${JSON.stringify(text)}:` +
              ` ${res.statusCode} ${res.body.slice(0, 200)}`,
          );
        }
      }
    }
    expect(accepted).toEqual([]);
  });

  it('refuses ".5" as a product price on PATCH, and the price is unchanged', async () => {
    const product = await catalogue.product({ deliveryType: 'request', stock: 3 });
    for (const [name, value] of [
      ['initialPrice', '.5'],
      ['managerPrice', ' 7 '],
      ['resellerPrice', '-0'],
      ['isNew', 'true'],
      ['allowBackorder', 'false'],
      ['stockQuantity', '5'],
      ['lowStockThreshold', ''],
    ] as const) {
      const res = await admin.inject({
        method: 'PATCH',
        url: `/api/products/${product.id}`,
        payload: { [name]: value },
      });
      expect(res.statusCode, `${name}: ${res.body}`).toBe(400);
      expect(res.json()).toMatchObject({
        message: { type: 'validation' },
        details: [{ path: `body.${name}` }],
      });
    }
    const after = await admin.inject({ method: 'GET', url: `/api/products?limit=100` });
    const stored = after
      .json<{ data: { id: string; initialPrice: number }[] }>()
      .data.find((p) => p.id === product.id);
    expect(stored?.initialPrice).toBe(5);
    // As JSON numbers and booleans, the same change is taken.
    const ok = await admin.inject({
      method: 'PATCH',
      url: `/api/products/${product.id}`,
      payload: { initialPrice: 0.5, isNew: true, lowStockThreshold: null },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ initialPrice: 0.5, isNew: true, lowStockThreshold: null });
  });

  it('a multipart product form still sends its prices and flags as text', async () => {
    const product = await catalogue.product({ deliveryType: 'request', stock: 3 });
    const res = await admin.inject({
      method: 'POST',
      url: '/api/products',
      payload: form({
        name: 'Form product',
        categoryId: product.categoryId,
        deliveryType: 'request',
        initialPrice: '.5',
        managerPrice: '5.',
        resellerPrice: ' 7 ',
        stockQuantity: '4',
        isNew: 'true',
        allowBackorder: 'false',
        lowStockThreshold: '',
      }),
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      initialPrice: 0.5,
      managerPrice: 5,
      resellerPrice: 7,
      stockQuantity: 4,
      isNew: true,
      allowBackorder: false,
      lowStockThreshold: null,
    });
  });
});
