import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { messages } from '@keymarket/contracts/messages';
import type { Notification, NotificationPreferences } from '@keymarket/contracts/notifications';
import type { ParsedMail } from 'mailparser';
import { webhookEndpoints } from '../src/db/schema/index';
import { DISABLE_AFTER_MS } from '../src/modules/webhooks/webhook-consumer';
import { markEndpointFailing } from '../src/modules/webhooks/webhooks.repository';
import { CatalogueFactory } from './helpers/catalogue-factory';
import { expectError, expectValidation } from './helpers/expect-error';
import type { SignedInUser } from './helpers/factory';
import { deposit, placedOrder, respond } from './helpers/money';
import { startSmtpReceiver, unusedPort, type SmtpReceiver } from './helpers/smtp-receiver';
import { createTestApp, TEST_PASSWORD, type TestContext } from './helpers/test-app';
import { rowsOf } from '../src/db/client';

const PUBLIC_URL = 'https://shop.example';
const NEW_PASSWORD = 'N3w-Passw0rd!';

/** The app's clock: tests move it to expire reset links. */
let clockMs = Date.now();
let smtp: SmtpReceiver;
let ctx: TestContext;
let admin: SignedInUser;
let catalogue: CatalogueFactory;

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  ctx = await createTestApp(
    {
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      SMTP_FROM: 'Shop <no-reply@shop.example>',
      PUBLIC_URL,
      OUTBOX_POLL_INTERVAL_MS: '50',
      WEBHOOK_RETRY_BASE_MS: '100',
    },
    undefined,
    { now: () => new Date(clockMs) },
  );
  admin = await ctx.factory.signedIn('admin');
  catalogue = new CatalogueFactory(ctx.database.db);
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

async function emailsTo(address: string, count: number): Promise<ParsedMail[]> {
  const started = Date.now();
  for (;;) {
    const mine = smtp.messages.filter((m) => m.to && JSON.stringify(m.to).includes(address));
    if (mine.length >= count) return mine;
    if (Date.now() - started > 10_000) throw new Error(`Expected ${count} emails to ${address}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

async function setPreferences(user: SignedInUser, body: unknown) {
  return user.inject({
    method: 'PUT',
    url: '/api/users/me/notification-preferences',
    payload: body as object,
  });
}

async function emailDeliveries(userId: string) {
  return rowsOf<{ status: string; attempts: number; last_error: string | null; type: string }>(
    ctx.database.db,
    sql`select d.status, d.attempts, d.last_error, e.type from outbox_deliveries d
        join outbox_events e on e.id = d.event_id
        where d.consumer = 'email' and d.target_id = ${userId}::uuid order by d.created_at`,
  );
}

/** Lets the worker run a few rounds, so "no email" means none was written, not none yet. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 400));

describe('notification preferences', () => {
  it('start with no email, in English, and save the chosen types and language', async () => {
    const reseller = await ctx.factory.signedIn('reseller', admin.user);
    const initial = await reseller.inject({
      method: 'GET',
      url: '/api/users/me/notification-preferences',
    });
    expect(initial.json<NotificationPreferences>()).toEqual({
      email: [],
      language: 'en',
      emailAvailable: true,
    });
    const saved = await setPreferences(reseller, {
      email: ['order.completed', 'balance.credited', 'order.completed'],
      language: 'fr',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<NotificationPreferences>()).toEqual({
      email: ['order.completed', 'balance.credited'],
      language: 'fr',
      emailAvailable: true,
    });
    expectError(
      await setPreferences(reseller, { email: ['order.shipped'], language: 'fr' }),
      400,
      'validation',
    );
    expectError(await setPreferences(reseller, { email: [], language: 'de' }), 400, 'validation');
    expectError(
      await reseller.inject({
        method: 'GET',
        url: '/api/users/me/notification-preferences',
        headers: { cookie: '' },
      }),
      401,
      'unauthorized',
    );
  });
});

describe('notification emails', () => {
  it('sends an opted-in type in the user’s language (Arabic right to left), with links from PUBLIC_URL and the site name', async () => {
    const saved = await admin.inject({
      method: 'PUT',
      url: '/api/system-settings',
      payload: { siteName: 'Key Bazaar' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const reseller = await ctx.factory.signedIn('reseller', admin.user);
    await setPreferences(reseller, { email: ['balance.credited'], language: 'ar' });

    await deposit(admin, reseller.user.id, 25);
    const [mail] = await emailsTo(reseller.user.email, 1);
    expect(mail!.subject).toContain('Key Bazaar');
    expect(mail!.html).toContain('<html lang="ar" dir="rtl">');
    expect(mail!.html).toContain(`href="${PUBLIC_URL}/reseller/statement?bucket=balance"`);
    expect(mail!.text).toContain(`${PUBLIC_URL}/reseller/statement?bucket=balance`);
    expect(mail!.text).toContain('أُضيف');
    expect(mail!.from?.text).toContain('no-reply@shop.example');
    // The message arrives before the worker records its success: wait for the record.
    await vi.waitFor(
      async () =>
        expect(await emailDeliveries(reseller.user.id)).toEqual([
          { status: 'succeeded', attempts: 1, last_error: null, type: 'balance.credited' },
        ]),
      { timeout: 10_000, interval: 50 },
    );
  });

  it('sends nothing for a type left off, and nothing to someone without preferences', async () => {
    const reseller = await ctx.factory.signedIn('reseller', admin.user);
    const other = await ctx.factory.signedIn('reseller', admin.user);
    await setPreferences(reseller, { email: ['order.completed'], language: 'en' });
    await deposit(admin, reseller.user.id, 5);
    await deposit(admin, other.user.id, 5);
    await settle();
    expect(await emailDeliveries(reseller.user.id)).toEqual([]);
    expect(await emailDeliveries(other.user.id)).toEqual([]);
  });

  it('never carries a product key: a completed request order’s email names the order, not its keys', async () => {
    const reseller = await ctx.factory.signedIn('reseller', admin.user);
    await deposit(admin, reseller.user.id, 100);
    await setPreferences(reseller, { email: ['order.completed'], language: 'en' });
    const product = await catalogue.product({
      deliveryType: 'request',
      stock: 10,
      name: 'Gift card',
    });
    const order = await placedOrder(reseller, product.id, 1);
    const answer = await respond(admin, order.id, {
      status: 'completed',
      keys: 'SECRET-CODE-7731',
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const [mail] = await emailsTo(reseller.user.email, 1);
    expect(mail!.subject).toBe('Your order of Gift card is complete · Key Bazaar');
    expect(mail!.html).toContain('<html lang="en" dir="ltr">');
    expect(mail!.text).toContain(`${PUBLIC_URL}/reseller/orders?order=${order.id}`);
    expect(`${mail!.html}${mail!.text}${mail!.subject}`).not.toContain('SECRET-CODE-7731');
  });

  it('writes in French for a French profile (lang="fr", left to right): a webhook disabled after 24 hours of failures', async () => {
    const reseller = await ctx.factory.signedIn('reseller', admin.user);
    await setPreferences(reseller, { email: ['webhook.disabled'], language: 'fr' });
    const [endpoint] = await ctx.database.db
      .insert(webhookEndpoints)
      .values({
        userId: reseller.user.id,
        url: 'https://hooks.example/keymarket',
        events: ['ping'],
        secretCiphertext: Buffer.from('sealed'),
        failingSince: sql`now() - interval '25 hours'`,
      })
      .returning();
    // The failure the webhook consumer records: this one disables the endpoint.
    expect(await markEndpointFailing(ctx.database.db, endpoint!.id, DISABLE_AFTER_MS)).toBe(true);

    const [mail] = await emailsTo(reseller.user.email, 1);
    expect(mail!.subject).toBe('Votre webhook a été désactivé · Key Bazaar');
    expect(mail!.html).toContain('<html lang="fr" dir="ltr">');
    expect(mail!.html).toContain(`href="${PUBLIC_URL}/reseller/api"`);
    expect(mail!.text).toContain(`Bonjour ${reseller.user.username},`);
    expect(mail!.text).toContain(
      'Toutes les livraisons vers votre webhook https://hooks.example/keymarket ont échoué pendant 24 heures',
    );
    expect(mail!.text).toContain(`Ouvrir API et webhooks: ${PUBLIC_URL}/reseller/api`);
  });
});

describe('forgotten password', () => {
  async function forgot(identifier: string, from?: { remoteAddress: string }) {
    return ctx.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { identifier },
      ...from,
    });
  }
  async function reset(token: string, password = NEW_PASSWORD) {
    return ctx.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, newPassword: password, confirmPassword: password },
    });
  }
  async function login(identifier: string, password: string) {
    return ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { identifier, password },
    });
  }
  const tokenOf = (mail: ParsedMail) => {
    const match = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail.text ?? '');
    expect(match, mail.text).not.toBeNull();
    return match![1]!;
  };

  it('refuses an identifier holding a NUL by name, not as a value the database cannot store', async () => {
    // Found by the bad-input sweep: the NUL reached PostgreSQL in the account lookup.
    expectValidation(await forgot('a\u0000b'), 'body.identifier', messages.invisibleCharacters);
  });

  it('answers 202 for an unknown identifier and sends nothing', async () => {
    const before = smtp.messages.length;
    const response = await forgot('nobody-here@example.com');
    expect(response.statusCode, response.body).toBe(202);
    expect(response.json()).toEqual({ ok: true });
    await settle();
    expect(smtp.messages.length).toBe(before);
  });

  it('emails one link to a known account; the link works once, revokes every session and confirms by email', async () => {
    const user = await ctx.factory.signedIn('reseller', admin.user);
    const other = await ctx.factory.signedIn('reseller', admin.user);
    const response = await forgot(user.user.username.toUpperCase());
    expect(response.statusCode).toBe(202);
    const [mail] = await emailsTo(user.user.email, 1);
    expect(mail!.subject).toBe('Reset your password · Key Bazaar');
    expect(mail!.text).toContain(`${PUBLIC_URL}/reset-password?token=`);
    const token = tokenOf(mail!);
    // Stored hashed: the token itself is nowhere in the database.
    const rows = await rowsOf<{ n: number }>(
      ctx.database.db,
      sql`select count(*)::int as n from password_reset_tokens where token_hash = ${token}`,
    );
    expect(rows[0]!.n).toBe(0);

    expect((await reset(token)).statusCode).toBe(200);
    expectError(await reset(token, 'An0ther-Passw0rd!'), 400, 'validation');
    // Every session of the user is over; the other user's is not.
    expect((await user.inject({ method: 'GET', url: '/api/users/me' })).statusCode).toBe(401);
    expect((await other.inject({ method: 'GET', url: '/api/users/me' })).statusCode).toBe(200);
    expect((await login(user.user.username, NEW_PASSWORD)).statusCode).toBe(200);
    expect((await login(other.user.username, TEST_PASSWORD)).statusCode).toBe(200);
    expect((await login(other.user.username, NEW_PASSWORD)).statusCode).toBe(401);

    const mails = await emailsTo(user.user.email, 2);
    expect(mails[1]!.subject).toBe('Your password was changed · Key Bazaar');
    expect(mails.length).toBe(2);
  });

  it('refuses an expired link (30 minutes), a made-up one and a weak password', async () => {
    const user = await ctx.factory.signedIn('reseller', admin.user);
    expect((await forgot(user.user.email)).statusCode).toBe(202);
    const token = tokenOf((await emailsTo(user.user.email, 1))[0]!);
    expectError(await reset(token, 'weak'), 400, 'validation');
    clockMs += 31 * 60 * 1000;
    try {
      expectError(await reset(token), 400, 'validation');
    } finally {
      clockMs = Date.now();
    }
    expectError(await reset('made-up-token'), 400, 'validation');
    expect((await login(user.user.username, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('answers 202 to 20 requests an hour from one address, known account or not, then 429', async () => {
    const from = { remoteAddress: '203.0.113.40' };
    const user = await ctx.factory.signedIn('reseller', admin.user);
    for (let i = 0; i < 20; i++) {
      const response = await forgot(`nobody-${i}@example.com`, from);
      expect(response.statusCode, response.body).toBe(202);
    }
    const refused = await forgot(user.user.email, from);
    expectError(refused, 429, 'rate_limited');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    await settle();
    expect(await emailDeliveries(user.user.id)).toEqual([]);
    // The limit is the address's: another one is still answered, and the account is emailed.
    expect((await forgot(user.user.email, { remoteAddress: '203.0.113.41' })).statusCode).toBe(202);
    await emailsTo(user.user.email, 1);
  });

  it('limits requests per account silently (still 202, no more emails)', async () => {
    const user = await ctx.factory.signedIn('reseller', admin.user);
    for (let i = 0; i < 5; i++) expect((await forgot(user.user.email)).statusCode).toBe(202);
    await settle();
    expect(await emailDeliveries(user.user.id)).toHaveLength(3);
  });
});

describe('stock.low', () => {
  async function lowStockOf(user: SignedInUser, productId: string) {
    const response = await user.inject({
      method: 'GET',
      url: '/api/notifications?unread=true&limit=100',
    });
    return response
      .json<{ data: Notification[] }>()
      .data.filter((n) => n.type === 'stock.low' && n.data.productId === productId);
  }

  it('is raised once, for the administrators only, when a sale takes the stock down to the threshold', async () => {
    const secondAdmin = await ctx.factory.signedIn('admin');
    const manager = await ctx.factory.signedIn('manager', admin.user);
    const buyer = await ctx.factory.signedIn('reseller', manager.user);
    await deposit(admin, buyer.user.id, 500);
    const product = await catalogue.product({ deliveryType: 'instant', keys: 9, name: 'Steam 10' });
    const edited = await admin.inject({
      method: 'PATCH',
      url: `/api/products/${product.id}`,
      payload: { lowStockThreshold: 5 },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<{ lowStockThreshold: number }>().lowStockThreshold).toBe(5);

    await placedOrder(buyer, product.id, 3); // 9 → 6: above
    expect(await lowStockOf(admin, product.id)).toEqual([]);
    await placedOrder(buyer, product.id, 2); // 6 → 4: crosses
    for (const each of [admin, secondAdmin]) {
      expect(await lowStockOf(each, product.id)).toEqual([
        expect.objectContaining({
          data: { productId: product.id, productName: 'Steam 10', stock: 4, threshold: 5 },
        }),
      ]);
    }
    expect(await lowStockOf(manager, product.id)).toEqual([]);
    expect(await lowStockOf(buyer, product.id)).toEqual([]);
    // Read, then more sales below the threshold: no new alert (once per crossing).
    await admin.inject({ method: 'POST', url: '/api/notifications/read-all' });
    await placedOrder(buyer, product.id, 1);
    await placedOrder(buyer, product.id, 1);
    expect(await lowStockOf(admin, product.id)).toEqual([]);
    expect(await lowStockOf(secondAdmin, product.id)).toHaveLength(1);
  });

  it('uses the settings’ default when the product has none, and the dashboard lists by each threshold', async () => {
    const saved = await admin.inject({
      method: 'PUT',
      url: '/api/system-settings',
      payload: { lowStockThreshold: 2 },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<{ lowStockThreshold: number }>().lowStockThreshold).toBe(2);
    const buyer = await ctx.factory.signedIn('reseller', admin.user);
    await deposit(admin, buyer.user.id, 500);
    const product = await catalogue.product({ deliveryType: 'instant', keys: 4, name: 'Xbox 5' });
    await placedOrder(buyer, product.id, 1); // 4 → 3
    expect(await lowStockOf(admin, product.id)).toEqual([]);
    await placedOrder(buyer, product.id, 1); // 3 → 2
    expect(await lowStockOf(admin, product.id)).toHaveLength(1);
    const stats = await admin.inject({ method: 'GET', url: '/api/analytics/dashboard-stats' });
    expect(stats.statusCode, stats.body).toBe(200);
    const listed = stats
      .json<{ lowStockProducts: { id: string; stock: number; threshold: number }[] }>()
      .lowStockProducts.find((p) => p.id === product.id);
    expect(listed).toEqual(expect.objectContaining({ stock: 2, threshold: 2 }));
  });
});

describe('a refused SMTP connection', () => {
  it('is retried with backoff and logged on the delivery until the server answers', async () => {
    const port = await unusedPort();
    const down = await createTestApp({
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      PUBLIC_URL,
      OUTBOX_POLL_INTERVAL_MS: '50',
      WEBHOOK_RETRY_BASE_MS: '200',
    });
    let late: SmtpReceiver | undefined;
    try {
      const downAdmin = await down.factory.signedIn('admin');
      const user = await down.factory.signedIn('reseller', downAdmin.user);
      const forgotten = await down.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { identifier: user.user.email },
      });
      expect(forgotten.statusCode).toBe(202);
      const deliveries = () =>
        rowsOf<{ status: string; attempts: number; last_error: string | null }>(
          down.database.db,
          sql`select status, attempts, last_error from outbox_deliveries where consumer = 'email'`,
        );
      const started = Date.now();
      while (!(await deliveries())[0]?.last_error) {
        if (Date.now() - started > 10_000) throw new Error('no failed attempt recorded');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect((await deliveries())[0]).toMatchObject({ status: 'pending' });
      expect((await deliveries())[0]!.last_error).toMatch(/ECONNREFUSED|connect/i);

      late = await startSmtpReceiver(port);
      const [mail] = await late.waitFor(1, 15_000);
      expect(mail!.subject).toContain('Reset your password');
      // The message arrives before the worker records its success: wait for the record.
      const sentAt = Date.now();
      while ((await deliveries())[0]?.status !== 'succeeded') {
        if (Date.now() - sentAt > 10_000) throw new Error('the delivery was never marked sent');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const [settled] = await deliveries();
      expect(settled!.attempts).toBeGreaterThan(1);
    } finally {
      await down.close();
      await late?.close();
    }
  });
});

describe('without SMTP_URL', () => {
  it('hides the flow: 404 with the error envelope, and the public settings say so', async () => {
    const plain = await createTestApp();
    try {
      for (const url of ['/api/auth/forgot-password', '/api/auth/reset-password']) {
        expectError(
          await plain.app.inject({ method: 'POST', url, payload: { identifier: 'x' } }),
          404,
          'not_found',
        );
      }
      const settings = await plain.app.inject({ method: 'GET', url: '/api/system-settings' });
      expect(settings.json<{ passwordReset: boolean }>().passwordReset).toBe(false);
      const user = await plain.factory.signedIn('reseller');
      const prefs = await user.inject({
        method: 'GET',
        url: '/api/users/me/notification-preferences',
      });
      expect(prefs.json<NotificationPreferences>().emailAvailable).toBe(false);
      expectError(
        await user.inject({
          method: 'PUT',
          url: '/api/users/me/notification-preferences',
          payload: { email: [], language: 'en' },
        }),
        404,
        'not_found',
      );
    } finally {
      await plain.close();
    }
  });
});
