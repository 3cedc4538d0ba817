import { and, count, eq, isNull } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { messages } from '@keymarket/contracts/messages';
import type { SystemSettings } from '@keymarket/contracts/system-settings';
import type { TwoFactorSetup } from '@keymarket/contracts/two-factor';
import { passwordResetTokens, sessions, users } from '../src/db/schema/index';
import { totpCodeAt } from '../src/modules/two-factor/totp';
import { createdKey, keyOf, type KeyClient } from './helpers/api-keys';
import { useCatalogue } from './helpers/catalogue-app';
import { expectValidation } from './helpers/expect-error';
import type { SignedInUser } from './helpers/factory';
import { expectLedgerInvariants } from './helpers/invariants';
import {
  documentedOperations,
  fillPath,
  HOSTILE_HEADER_VALUES,
  HOSTILE_PATH_VALUES,
  hostileBodies,
  hostileQueries,
  NO_SUCH_ID,
  requiredQuery,
  sample,
  type Operation,
} from './helpers/hostile-inputs';
import {
  answerOf,
  problemWith,
  requestOf,
  STREAMS,
  type Call,
  type Caller,
} from './helpers/hostile-requests';
import { deposit, placedOrder } from './helpers/money';
import { form, pngFile } from './helpers/multipart';
import { generateCode } from './helpers/signup';
import { startSmtpReceiver, type SmtpReceiver } from './helpers/smtp-receiver';
import { createTestApp, TEST_PASSWORD, type TestContext } from './helpers/test-app';
import { madeBeforeAll, useSignedIn, useTestApp } from './helpers/use-app';

/*
 * Bad input always gets the DESIGN.md §2 envelope with a 4xx: never a 500, never a leak
 * (api-envelope.test.ts sweeps the routes as an anonymous caller, who is refused before any
 * handler runs; here they run). Every documented route is called as a signed-in admin (/api/v1
 * with an admin's API key) with its path parameters, query parameters, headers and body fields
 * abused one at a time, the rest real: ids of rows that exist, bodies as valid as a sample from
 * the OpenAPI document gets (or written out below where zod refines what the document says).
 * A route the admin may not call is swept again as the reseller or manager that may. A route
 * whose baseline holds only with state of its own (two-factor sign-in, reset links, a password to
 * change) is staged: called as a throwaway account put in that state just before (STAGES), every
 * hostile call must be refused and leave the account as it was.
 */

// Webhook URLs are checked against what their host resolves to: a public address, without DNS.
const ctx = useTestApp({}, undefined, {
  resolveHost: async () => [{ address: '93.184.216.34', family: 4 }],
});
const catalogue = useCatalogue(ctx);
const admin = useSignedIn(ctx, 'admin');

/** Routes the sweep does not call as a signed-in user, and why. */
const SKIPPED: Record<string, string> = {
  // Takes no input but the session cookie, and revokes that session: every later call would be
  // a 401. Its one input, the cookie, is swept anonymously below.
  'GET /api/auth/logout': 'revokes the session the sweep runs on',
  // Rotates the refresh token; the next call would present the rotated one, which revokes the
  // whole family (theft detection). Swept anonymously with hostile cookies below.
  'GET /api/auth/refresh': 'rotates the session the sweep runs on',
};

interface Fixtures {
  v1: KeyClient;
  /** The reseller who buys (orders, tickets, its own key), for the routes an admin may not call. */
  buyer: SignedInUser;
  buyerV1: KeyClient;
  manager: SignedInUser;
  /** Rows that exist, by fixture name (ID_BY_PREFIX, ID_BY_NAME). */
  ids: Record<string, string>;
  inviteCode: string;
}

const fixtures = madeBeforeAll(async (): Promise<Fixtures> => {
  const created = async (as: Caller, options: InjectOptions) => {
    const res = await as.inject(options);
    if (res.statusCode >= 300)
      throw new Error(`${options.method} ${JSON.stringify(options.url)}: ${res.body}`);
    return res.json<{ id: string }>();
  };
  const buyer = await ctx.factory.signedIn('reseller', admin.user);
  await deposit(admin, buyer.user.id, 100);
  // The admin's user actions (ban, suspend, reset password...) act on this one, not the buyer.
  const target = await ctx.factory.user({ invitedBy: admin.user });
  const manager = await ctx.factory.signedIn('manager', admin.user);
  const invitee = await ctx.factory.user({ invitedBy: manager.user });
  const product = await catalogue.product({ deliveryType: 'instant' });
  await catalogue.addKeys(product.id, 5);
  const otherProduct = await catalogue.product({ deliveryType: 'instant' });
  const requestProduct = await catalogue.product({ deliveryType: 'request', stock: 10 });
  const subcategory = await created(admin, {
    method: 'POST',
    url: '/api/categories/subcategory',
    payload: form(
      { nameEn: 'Sub', nameFr: 'Sous', nameAr: 'فرعي', categoryId: product.categoryId },
      { image: pngFile() },
    ),
  });
  const keys = await admin.inject({ method: 'GET', url: `/api/products/${product.id}/keys` });
  const keyId = keys.json<{ data: { id: string }[] }>().data[0]!.id;
  const pendingOrder = await placedOrder(buyer, requestProduct.id);
  const completedOrder = await placedOrder(buyer, product.id);
  const ticket = await created(buyer, {
    method: 'POST',
    url: '/api/tickets/create',
    payload: { subject: 'Key refused', message: 'The key I bought is refused.' },
  });
  const pkg = await created(admin, {
    method: 'POST',
    url: '/api/packages',
    payload: { name: 'Gold' },
  });
  const managerPackage = await created(manager, {
    method: 'POST',
    url: '/api/manager-packages/manager',
    payload: { name: 'Silver' },
  });
  const currency = await created(admin, {
    method: 'POST',
    url: '/api/currencies/create',
    payload: { code: 'EUR', symbol: '€', rateToUSD: 0.9 },
  });
  const alert = await created(admin, {
    method: 'POST',
    url: '/api/alerts',
    payload: { messageEn: 'Hello', messageFr: 'Bonjour', messageAr: 'مرحبا', severity: 'info' },
  });
  const faq = await created(admin, {
    method: 'POST',
    url: '/api/faqs',
    payload: {
      questionEn: 'Why?',
      questionFr: 'Pourquoi ?',
      questionAr: 'لماذا؟',
      answerEn: 'Because.',
      answerFr: 'Parce que.',
      answerAr: 'لأن.',
    },
  });
  const banned = await created(admin, {
    method: 'POST',
    url: '/api/banned-countries/ban',
    payload: { countryCode: 'KP' },
  });
  const webhook = await created(admin, {
    method: 'POST',
    url: '/api/webhooks',
    payload: { url: 'https://hooks.example.com/keymarket', events: ['order.completed'] },
  });
  const delivery = await created(admin, {
    method: 'POST',
    url: `/api/webhooks/${webhook.id}/test`,
  });
  // The key the /api/v1 sweep calls with, and another one for DELETE /api/api-keys/{id}.
  const v1 = await keyOf(ctx.app, admin);
  const spareKey = await createdKey(admin, 'Spare');
  const notifications = await admin.inject({ method: 'GET', url: '/api/notifications' });
  const notification = notifications.json<{ data: { id: string }[] }>().data[0];
  return {
    v1,
    buyer,
    buyerV1: await keyOf(ctx.app, buyer),
    manager,
    inviteCode: (await generateCode(admin)).code,
    ids: {
      product: product.id,
      otherProduct: otherProduct.id,
      category: product.categoryId,
      subcategory: subcategory.id,
      key: keyId,
      pendingOrder: pendingOrder.id,
      completedOrder: completedOrder.id,
      ticket: ticket.id,
      package: pkg.id,
      managerPackage: managerPackage.id,
      currency: currency.id,
      alert: alert.id,
      faq: faq.id,
      banned: banned.id,
      webhook: webhook.id,
      delivery: delivery.id,
      apiKey: spareKey.id,
      target: target.id,
      invitee: invitee.id,
      notification: notification?.id ?? NO_SUCH_ID,
    },
  };
});

/** Which fixture a route's `{id}` names, by the start of its path (the first that matches). */
const ID_BY_PREFIX: [string, string][] = [
  ['/api/currencies/', 'currency'],
  ['/api/alerts/', 'alert'],
  ['/api/faqs/', 'faq'],
  ['/api/banned-countries/', 'banned'],
  ['/api/categories/subcategory/', 'subcategory'],
  ['/api/categories/', 'category'],
  ['/api/products/subcategory/', 'subcategory'],
  ['/api/products/', 'product'],
  ['/api/v1/products/', 'product'],
  ['/api/packages/', 'package'],
  ['/api/manager-packages/', 'managerPackage'],
  ['/api/orders/{id}/respond', 'pendingOrder'],
  ['/api/orders/', 'completedOrder'],
  ['/api/v1/orders/', 'completedOrder'],
  ['/api/balance/', 'target'],
  ['/api/users/', 'target'],
  ['/api/api-keys/', 'apiKey'],
  ['/api/webhooks/', 'webhook'],
  ['/api/tickets/', 'ticket'],
  ['/api/notifications/', 'notification'],
];

/** Which fixture the other path parameters and UUID body fields name. */
const ID_BY_NAME: Record<string, string> = {
  productId: 'product',
  toProductId: 'otherProduct',
  categoryId: 'category',
  subcategoryId: 'subcategory',
  packageId: 'package',
  userId: 'target',
  keyId: 'key',
  keyIds: 'key',
  deliveryId: 'delivery',
  orderId: 'pendingOrder',
  ids: 'subcategory',
};

/** A real id for each parameter and field name, as `operation` means it. */
function idsFor(operation: Operation): Record<string, string> {
  const { ids } = fixtures;
  const byName: Record<string, string> = Object.fromEntries(
    Object.entries(ID_BY_NAME).map(([name, id]) => [name, ids[id]!]),
  );
  if (operation.path.startsWith('/api/manager-packages/')) {
    // A manager's packages go to its own invitees only.
    Object.assign(byName, { packageId: ids.managerPackage, userId: ids.invitee });
  }
  const prefix = ID_BY_PREFIX.find(([start]) => operation.path.startsWith(start));
  return { ...byName, ...(prefix ? { id: ids[prefix[1]]! } : {}) };
}

/** Valid bodies where a sample from the document is not (zod refines what the document says). */
function baselineOf(operation: Operation): unknown {
  const ids = idsFor(operation);
  switch (`${operation.method} ${operation.path}`) {
    case 'POST /api/currencies/create':
      return { code: 'GBP', symbol: '£', rateToUSD: 0.8 };
    case 'POST /api/banned-countries/ban':
      return { countryCode: 'IR' };
    case 'PUT /api/system-settings':
      return { siteName: 'Keymarket' };
    case 'POST /api/auth/register':
      return {
        username: 'sweep_user',
        firstName: 'Sweep',
        lastName: 'User',
        email: 'sweep_user@example.test',
        phone: '+33612345678',
        password: 'Sweep-Pass1!',
        confirmPassword: 'Sweep-Pass1!',
        inviteCode: fixtures.inviteCode,
      };
    case 'PUT /api/users/me':
    case 'PATCH /api/users/{id}':
      return { firstName: 'Sweep' };
    case 'PUT /api/users/update-password/{id}':
      return { newPassword: 'Sweep-Pass1!' };
    case 'POST /api/products':
    case 'PUT /api/products/{id}':
      return {
        name: 'Sweep product',
        categoryId: ids.categoryId,
        // The product it replaces is instant (with keys): a change of delivery type is a 409.
        deliveryType: 'instant',
        initialPrice: 5,
        managerPrice: 8,
        resellerPrice: 10,
      };
    case 'POST /api/products/{id}/keys/move':
      return { toProductId: ids.toProductId, keyIds: [ids.keyId] };
    case 'PATCH /api/products/{id}/update-role-price':
      return { managerPrice: 8, resellerPrice: 10 };
    case 'PATCH /api/products/bulk-update-prices':
      return { products: [{ productId: ids.productId, resellerPrice: 0.5 }] };
    case 'PATCH /api/packages/{packageId}/products/{productId}/price':
      return { managerPrice: 8, resellerPrice: 10 };
    case 'PATCH /api/manager-packages/manager/{id}/products/{productId}/price':
      return { resellerPrice: 10 };
    case 'PATCH /api/orders/{id}/respond':
      return { status: 'rejected', reason: 'Sweep' };
    case 'POST /api/orders/{id}/report':
      return { keyIndex: 0, reason: 'The key is refused' };
    case 'POST /api/orders/{id}/replace':
    case 'POST /api/orders/{id}/refund':
      return { keyIndex: 0 };
    case 'POST /api/orders':
    case 'POST /api/v1/orders':
      return { productId: ids.productId, quantity: 1 };
    case 'POST /api/webhooks':
      return { url: 'https://hooks.example.com/sweep', events: ['order.created'] };
    case 'PATCH /api/webhooks/{id}':
      return { events: ['order.created'] };
    case 'POST /api/thresholds/convert':
      return { amount: 10 };
    default:
      return operation.body ? sample(operation.body.schema, '', ids) : undefined;
  }
}

/** Values of required query parameters where a sample is not valid. */
const REQUIRED_QUERY_VALUES = { name: 'keys.txt' };

/**
 * Bodies sent as they are, for the one route whose body is undocumented: a key file is read as
 * an octet stream (KeyFileReader).
 */
const RAW_BODIES: Record<string, [string, string | Buffer][]> = {
  'POST /api/products/{id}/keys/file': [
    ['an empty file', ''],
    ['a NUL', 'KEY-1\nKEY\u00002\n'],
    ['a 5000-character line', `${'k'.repeat(5000)}\n`],
    ['a right-to-left override', 'KEY-\u202E1\n'],
    ['bytes that are not UTF-8', Buffer.from([0xff, 0xfe, 0x00, 0xc3, 0x28])],
  ],
};

/** One step of the codes an authenticator app shows (RFC 6238). */
const TOTP_STEP_MS = 30_000;

/**
 * What a refused call must leave as it was, on the throwaway account a staged route acts on: its
 * password, its two-factor sign-in, its sessions and its reset links.
 */
async function accountOf({ database: { db } }: TestContext, userId: string) {
  const [user] = await db
    .select({
      passwordHash: users.passwordHash,
      totpSecret: users.totpSecret,
      totpPendingSecret: users.totpPendingSecret,
      totpEnabledAt: users.totpEnabledAt,
      totpLastStep: users.totpLastStep,
      lastLoginAt: users.lastLoginAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  const [live] = await db
    .select({ n: count() })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
  const [links] = await db
    .select({ n: count() })
    .from(passwordResetTokens)
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
  return { ...user!, liveSessions: live!.n, unusedResetLinks: links!.n };
}
type Account = Awaited<ReturnType<typeof accountOf>>;

/** The fields of an account that differ between two reads. */
const changedIn = (before: Account, after: Account) =>
  (Object.keys(before) as (keyof Account)[]).filter(
    (field) => JSON.stringify(before[field]) !== JSON.stringify(after[field]),
  );

/**
 * A route whose baseline holds only with state of its own (a pending two-factor setup, two-factor
 * on, a reset link, a password to change): the sample bodies would be refused by the same first
 * business check whatever field is abused, and the sweep would never reach the code past it. Made
 * fresh for the route just before its calls, codes computed then; on a throwaway account, since
 * the route changes the account or ends its other sessions when it succeeds.
 */
interface Stage {
  /** Who calls: the throwaway account, signed in. */
  as: SignedInUser;
  /** The body the route accepts unabused ('each staged baseline succeeds' proves it). */
  body: unknown;
  /** What the unabused call changes in the account, so that a refused one is seen to change none. */
  writes: (keyof Account)[];
  /** An answer a hostile call may get besides a 4xx (forgot-password's 202 for unknown accounts). */
  alsoAnswered?: number;
  account(): Promise<Account>;
}
type Stager = () => Promise<Stage>;

function stage(on: TestContext, as: SignedInUser, fields: Omit<Stage, 'as' | 'account'>): Stage {
  return { as, ...fields, account: () => accountOf(on, as.user.id) };
}

/** Starts a two-factor setup for `signed`: the pending secret its authenticator app holds. */
async function pendingTwoFactor(signed: SignedInUser): Promise<string> {
  const res = await signed.inject({ method: 'POST', url: '/api/auth/2fa/setup' });
  if (res.statusCode !== 200) throw new Error(`two-factor setup: ${res.body}`);
  return res.json<TwoFactorSetup>().secret;
}

/** Sets up and turns on two-factor sign-in for `signed` (spending the current code): the secret. */
async function enabledTwoFactor(signed: SignedInUser): Promise<string> {
  const secret = await pendingTwoFactor(signed);
  const res = await signed.inject({
    method: 'POST',
    url: '/api/auth/2fa/enable',
    payload: { code: totpCodeAt(secret) },
  });
  if (res.statusCode !== 200) throw new Error(`two-factor enable: ${res.body}`);
  return secret;
}

/**
 * A code the server takes once two-factor is on: the next step's (accepted one step early), as
 * the current one was spent turning it on and a step at or before the last accepted is a replay.
 */
const unspentCode = (secret: string) => totpCodeAt(secret, Date.now() + TOTP_STEP_MS);

/** A throwaway account of the sweep's app, signed in: staged routes act on it, never the admin. */
const throwaway = () => ctx.factory.signedIn('reseller', admin.user);

/** The staged routes of the sweep's app, by route: what each needs to succeed unabused. */
const STAGES: Record<string, Stager> = {
  // A pending setup, and the code its secret shows now. Turning two-factor on ends every session
  // but the caller's: a second sign-in gives it one to end, so that a hostile call ending it is seen.
  'POST /api/auth/2fa/enable': async () => {
    const as = await throwaway();
    await ctx.factory.signIn(as.user);
    const secret = await pendingTwoFactor(as);
    const body = { code: totpCodeAt(secret) };
    return stage(ctx, as, { body, writes: ['totpEnabledAt', 'liveSessions'] });
  },
  // Two-factor on, the password and an unspent code.
  'POST /api/auth/2fa/disable': async () => {
    const as = await throwaway();
    const secret = await enabledTwoFactor(as);
    const body = { password: TEST_PASSWORD, code: unspentCode(secret) };
    return stage(ctx, as, { body, writes: ['totpEnabledAt'] });
  },
  // The current password and a new one: the hash replaced, and every session but the caller's
  // ended. A second sign-in gives it one to end, so that a hostile call ending it is seen.
  'PUT /api/users/me/password': async () => {
    const as = await throwaway();
    await ctx.factory.signIn(as.user);
    const body = {
      currentPassword: TEST_PASSWORD,
      newPassword: 'Sweep-N3w-Pass!',
      confirmPassword: 'Sweep-N3w-Pass!',
    };
    return stage(ctx, as, { body, writes: ['passwordHash', 'liveSessions'] });
  },
  // The second factor at sign-in: an account with two-factor on, its password and an unspent code.
  'POST /api/auth/login': async () => {
    const as = await throwaway();
    const secret = await enabledTwoFactor(as);
    const body = {
      identifier: as.user.username,
      password: TEST_PASSWORD,
      totpCode: unspentCode(secret),
    };
    return stage(ctx, as, { body, writes: ['liveSessions', 'totpLastStep'] });
  },
};

/**
 * Calls `key` once with its stage's body, unabused: a 2xx that changes the account as the stage
 * says. Without it a stage gone stale (a spent code, a used link) would leave the sweep refused
 * by a business check again, and passing.
 */
async function expectBaselineSucceeds(key: string, stager: Stager) {
  const operation = documented().find((o) => `${o.method} ${o.path}` === key);
  expect(operation, `${key} is documented`).toBeDefined();
  const staged = await stager();
  const before = await staged.account();
  const call = { operation: operation!, label: 'baseline', url: urlOf(operation!) };
  const res = await staged.as.inject(requestOf({ ...call, body: staged.body }));
  expect(res.statusCode, res.body).toBeGreaterThanOrEqual(200);
  expect(res.statusCode, res.body).toBeLessThan(300);
  expect(changedIn(before, await staged.account())).toEqual(expect.arrayContaining(staged.writes));
}

/** `path` with `operation`'s required query parameters, as every call but a query's own sends. */
function withRequiredQuery(operation: Operation, path: string): string {
  const required = requiredQuery(operation, REQUIRED_QUERY_VALUES).join('&');
  return required ? `${path}?${required}` : path;
}

/** The URL `operation` is called at unabused: its real ids and required query parameters. */
const urlOf = (operation: Operation) =>
  withRequiredQuery(operation, fillPath(operation.path, idsFor(operation)));

/**
 * Every hostile call for `operation`: path parameters, query strings, headers, then bodies, each
 * derived from `body` (a staged route's own) with one thing abused.
 */
function callsFor(operation: Operation, body = baselineOf(operation)): Call[] {
  const key = `${operation.method} ${operation.path}`;
  const ids = idsFor(operation);
  const path = fillPath(operation.path, ids);
  const url = withRequiredQuery(operation, path);
  const calls: Call[] = [];
  for (const param of operation.pathParams) {
    for (const [label, value] of HOSTILE_PATH_VALUES) {
      const hostilePath = fillPath(operation.path, { ...ids, [param]: value });
      const hostileUrl = withRequiredQuery(operation, hostilePath);
      calls.push({ operation, label: `{${param}} ${label}`, url: hostileUrl, body });
    }
  }
  for (const query of hostileQueries(operation, REQUIRED_QUERY_VALUES)) {
    calls.push({ operation, label: `?${query.slice(0, 60)}`, url: `${path}?${query}`, body });
  }
  for (const { name } of operation.headerParams) {
    for (const [label, value] of HOSTILE_HEADER_VALUES) {
      calls.push({ operation, label: `${name}: ${label}`, url, body, headers: { [name]: value } });
    }
  }
  if (operation.body) {
    for (const hostile of hostileBodies(operation.body.schema, body)) {
      calls.push({ operation, label: hostile.label, url, body: hostile.body });
    }
  }
  for (const [label, raw] of RAW_BODIES[key] ?? []) calls.push({ operation, label, url, raw });
  if (calls.length === 0) {
    // A route that takes no input still gets a stray query string.
    calls.push({ operation, label: 'stray query', url: `${path}?page=abc&%00=%00` });
  }
  return calls;
}

/**
 * Sends every hostile call of `operations` as `as`: the problems, and the routes refused to it
 * (some call answered 403 and none succeeded: a role check may come after validation). A route
 * of `stages` is called as its stage's account instead, with its stage's body; as that body
 * succeeds, each call must be refused (a 4xx) and the account left as it was.
 */
async function sweep(operations: Operation[], as: Caller, stages = STAGES) {
  const problems: string[] = [];
  const refused: Operation[] = [];
  for (const operation of operations) {
    const key = `${operation.method} ${operation.path}`;
    const staged = await stages[key]?.();
    const before = await staged?.account();
    let forbidden = false;
    let succeeded = false;
    for (const call of callsFor(operation, staged?.body)) {
      const res = await answerOf(staged?.as ?? as, call, STREAMS.has(key));
      forbidden ||= res.statusCode === 403;
      succeeded ||= res.statusCode < 300;
      const problem = problemWith(res) ?? (staged && notARefusal(res.statusCode, staged));
      if (problem) problems.push(`${key} [${call.label}]: ${problem}: ${res.body.slice(0, 300)}`);
    }
    if (staged) {
      const changed = changedIn(before!, await staged.account());
      if (changed.length > 0) problems.push(`${key}: refused calls changed ${changed.join(', ')}`);
    }
    if (forbidden && !succeeded) refused.push(operation);
  }
  return { problems, refused };
}

/** Why an answer to a staged route's hostile call is no refusal, if it is not. */
function notARefusal(statusCode: number, staged: Stage): string | undefined {
  if ((statusCode >= 400 && statusCode < 500) || statusCode === staged.alsoAnswered) return;
  return `answered ${statusCode} where the stage's body alone succeeds`;
}

const documented = () =>
  documentedOperations(ctx.app.swagger() as Parameters<typeof documentedOperations>[0]).filter(
    ({ method, path }) => !SKIPPED[`${method} ${path}`],
  );
const isV1 = (operation: Operation) => operation.path.startsWith('/api/v1/');
const names = (operations: Operation[]) => operations.map((o) => `${o.method} ${o.path}`);

describe('every documented route refuses bad input with the envelope, never a 500', () => {
  /** Routes the admin may not call (403): the next test sweeps them as others. */
  const refusedToAdmin: Operation[] = [];

  it(
    'as a signed-in admin, and with an admin API key on /api/v1',
    { timeout: 300_000 },
    async () => {
      const operations = documented();
      expect(operations.length).toBeGreaterThan(100);
      const web = await sweep(
        operations.filter((o) => !isV1(o)),
        admin,
      );
      const v1 = await sweep(operations.filter(isV1), fixtures.v1);
      refusedToAdmin.push(...web.refused, ...v1.refused);
      expect([...web.problems, ...v1.problems]).toEqual([]);
      // The admin's settings were not changed by any of it (no flag takes a string or a number).
      const settings = await admin.inject({ method: 'GET', url: '/api/system-settings' });
      expect(settings.json<SystemSettings>()).toMatchObject({
        maintenanceMode: false,
        adminTwoFactorRequired: false,
      });
    },
  );

  it(
    'as the reseller, then a manager, on the routes an admin may not call',
    { timeout: 120_000 },
    async () => {
      // Filled by the sweep above: empty, this test would sweep nothing (it ran alone, or the
      // sweep above stopped early). The admin may not buy, so ordering is always among them.
      expect(names(refusedToAdmin)).toContain('POST /api/orders');
      const web = refusedToAdmin.filter((o) => !isV1(o));
      const asBuyer = await sweep(web, fixtures.buyer);
      const asManager = await sweep(asBuyer.refused, fixtures.manager);
      const v1 = await sweep(refusedToAdmin.filter(isV1), fixtures.buyerV1);
      expect([...asBuyer.problems, ...asManager.problems, ...v1.problems]).toEqual([]);
      // Every route ran its handler for one of them.
      expect(names([...asManager.refused, ...v1.refused])).toEqual([]);
    },
  );

  it('left no money half-moved: every balance is the sum of its ledger rows', async () => {
    await expectLedgerInvariants(ctx.database.db);
  });
});

describe('each staged baseline succeeds unabused, on an account of its own', () => {
  it.each(Object.keys(STAGES))('%s', async (key) => {
    await expectBaselineSucceeds(key, STAGES[key]!);
  });
});

/**
 * The routes that answer 404 whatever is sent without SMTP_URL (as the sweep's app has none):
 * swept again on a server that sends email, where the forgotten-password flow runs with links
 * read from the emails a real SMTP server received, as a user would.
 */
const EMAIL_ROUTES = [
  'POST /api/auth/forgot-password',
  'POST /api/auth/reset-password',
  'PUT /api/users/me/notification-preferences',
];

describe('the routes of a server that sends email, with real reset links', () => {
  const smtp = madeBeforeAll(() => startSmtpReceiver());
  // Its outbox delivers at once, so that a link arrives while its route is swept.
  const mailing = madeBeforeAll(() =>
    createTestApp({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, OUTBOX_POLL_INTERVAL_MS: '50' }),
  );
  afterAll(async () => {
    await mailing.close();
    await smtp.close();
  });
  const throwawayHere = () => mailing.factory.signedIn('reseller');

  // Every call that passes validation counts against the flow's per-address limit
  // (password-reset-address, 20 an hour; all of these come from one address): fewer than ten do.
  const MAILING_STAGES: Record<string, Stager> = {
    // The email of an account: a link is issued and emailed. Every hostile identifier that is
    // still text names no account, and gets the 202 an unknown account gets.
    'POST /api/auth/forgot-password': async () => {
      const as = await throwawayHere();
      const body = { identifier: as.user.email };
      return stage(mailing, as, { body, writes: ['unusedResetLinks'], alsoAnswered: 202 });
    },
    // A link's token, and a new password: set, every session ended, the link used up.
    'POST /api/auth/reset-password': async () => {
      const as = await throwawayHere();
      const token = await emailedResetToken(mailing, smtp, as.user.email);
      const body = { token, newPassword: 'Sweep-N3w-Pass!', confirmPassword: 'Sweep-N3w-Pass!' };
      return stage(mailing, as, {
        body,
        writes: ['passwordHash', 'liveSessions', 'unusedResetLinks'],
      });
    },
  };

  it.each(Object.keys(MAILING_STAGES))('%s: its staged baseline succeeds unabused', async (key) => {
    await expectBaselineSucceeds(key, MAILING_STAGES[key]!);
  });

  it('refuses bad input with the envelope, never a 500', { timeout: 60_000 }, async () => {
    // Read from the sweep's app: both document the same routes, email or not.
    const operations = documented().filter((o) => EMAIL_ROUTES.includes(`${o.method} ${o.path}`));
    expect(names(operations).sort()).toEqual([...EMAIL_ROUTES].sort());
    const { problems } = await sweep(operations, await throwawayHere(), MAILING_STAGES);
    expect(problems).toEqual([]);
  });
});

/** Asks for a reset link for `email` and reads its token from the email the link came in. */
async function emailedResetToken(on: TestContext, smtp: SmtpReceiver, email: string) {
  const asked = await on.app.inject({
    method: 'POST',
    url: '/api/auth/forgot-password',
    payload: { identifier: email },
  });
  if (asked.statusCode !== 202) throw new Error(`forgot-password: ${asked.body}`);
  const started = Date.now();
  for (;;) {
    const mail = smtp.messages.find((m) => JSON.stringify(m.to).includes(email));
    const token = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1];
    if (token) return token;
    if (Date.now() - started > 10_000) throw new Error(`no reset link emailed to ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('the session cookies, the one input of refresh and logout', () => {
  it.each([
    ['not a token', 'x'],
    ['5000 characters', 'x'.repeat(5000)],
    ['a NUL, URL-encoded', '%00'],
    ['a UUID', NO_SUCH_ID],
    ['a JWT-looking value', 'a.b.c'],
  ])('%s: never a 500, and a refusal is the envelope', async (_, value) => {
    for (const url of ['/api/auth/refresh', '/api/auth/logout', '/api/users/me']) {
      const res = await ctx.app.inject({
        method: 'GET',
        url,
        headers: { cookie: `km_access=${value}; km_refresh=${value}` },
      });
      expect(problemWith(res), `${url}: ${res.body}`).toBeUndefined();
    }
  });
});

describe('what the sweep found, each named so that it cannot come back', () => {
  // A NUL in a search box or filter reached PostgreSQL, which refused it: the answer was the
  // error handler's "cannot be stored" rather than a refusal naming the field.
  it.each([
    ['/api/products?search=%00', 'querystring.search'],
    ['/api/products/subcategory/{subcategory}?search=%00', 'querystring.search'],
    ['/api/orders/all?search=%00', 'querystring.search'],
    ['/api/orders/all/stats?search=a%00b', 'querystring.search'],
    ['/api/users/get-all-users?search=%00', 'querystring.search'],
    ['/api/tickets/all?search=%00', 'querystring.search'],
    ['/api/tickets/my-tickets?search=%00', 'querystring.search'],
    ['/api/audit?actor=%00', 'querystring.actor'],
    ['/api/audit?action=%00', 'querystring.action'],
    ['/api/audit?targetType=%00', 'querystring.targetType'],
    ['/api/audit?targetId=%00', 'querystring.targetId'],
    ['/api/analytics/search?query=%00', 'querystring.query'],
  ])('GET %s: a NUL is refused by name', async (url, path) => {
    const res = await admin.inject({
      method: 'GET',
      url: url.replace('{subcategory}', fixtures.ids.subcategory!),
    });
    expectValidation(res, path, messages.invisibleCharacters);
  });

  // A route that takes no body ignored one: `{"secret": "mine"}` to a webhook's new secret
  // answered 200 with a random secret, and the client never learnt its own was not taken.
  it.each([
    ['POST', `/api/webhooks/${NO_SUCH_ID}/secret`],
    ['POST', `/api/webhooks/${NO_SUCH_ID}/test`],
    ['POST', `/api/webhooks/${NO_SUCH_ID}/deliveries/${NO_SUCH_ID}/retry`],
    ['DELETE', `/api/api-keys/${NO_SUCH_ID}`],
    ['PUT', `/api/users/suspend/${NO_SUCH_ID}`],
  ] as const)('%s %s refuses a body with fields, and takes none or {}', async (method, url) => {
    const send = (payload?: unknown) =>
      admin.inject({
        method,
        url,
        ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
        headers: payload === undefined ? {} : { 'content-type': 'application/json' },
      });
    expectValidation(await send({ secret: 'mine' }), 'body.secret', messages.unknownField);
    const two = expectValidation(await send({ a: 1, b: 2 }), 'body.b', messages.unknownField);
    expect(two.details?.map((d) => d.path)).toEqual(['body.a', 'body.b']);
    expectValidation(await send(['x']), 'body', 'This request takes no body');
    // Nothing, or an empty object, reaches the route: here, the id it does not know.
    expect((await send({})).statusCode).toBe(404);
    expect((await send()).statusCode).toBe(404);
  });

  it('a NUL in the downline search and in /api/v1 products is refused by name', async () => {
    const downline = await fixtures.buyer.inject({
      method: 'GET',
      url: '/api/users/downline?search=%00',
    });
    expectValidation(downline, 'querystring.search', messages.invisibleCharacters);
    const v1 = await fixtures.v1.inject({ method: 'GET', url: '/api/v1/products?search=%00' });
    expectValidation(v1, 'querystring.search', messages.invisibleCharacters);
  });
});
