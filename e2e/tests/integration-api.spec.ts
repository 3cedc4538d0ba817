import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { request } from '@playwright/test';
import { deposit } from './support/api';
import { newKeys, seedProduct } from './support/catalogue';
import { expect, signInAs, test } from './support/fixtures';

test.describe('API & webhooks: API keys', () => {
  test('a reseller creates a key, copies it once, orders with it, then revokes it', async ({
    page,
    origin,
    admin,
    makeUser,
  }) => {
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
    const keys = newKeys(2, 'APIKEY');
    const product = await seedProduct(admin, { resellerPrice: 10, keys });
    const reseller = await makeUser('reseller', 'integrator');
    await deposit(admin, reseller.id, 30);

    await signInAs(page, reseller);
    await page.goto('/reseller');
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'API & webhooks' })
      .click();
    await expect(page.getByRole('heading', { name: 'API & webhooks', level: 1 })).toBeVisible();

    await page.getByLabel('Name').fill('Telegram bot');
    await page.getByRole('button', { name: 'Create key' }).click();
    const shown = page.getByRole('status').filter({ hasText: 'Your new key' });
    const key = (await shown.locator('code').textContent())?.trim() ?? '';
    expect(key).toMatch(/^km_[0-9A-Za-z]{40}$/);
    await shown.getByRole('button', { name: 'Copy key' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);

    // Once dismissed, the key is nowhere on the page: only its prefix stays in the list.
    await shown.getByRole('button', { name: 'I have copied it' }).click();
    await expect(page.getByText(key)).toHaveCount(0);
    const row = page.getByRole('table').getByRole('row').filter({ hasText: 'Telegram bot' });
    await expect(row).toContainText(`${key.slice(0, 10)}…`);
    await expect(row).toContainText('Active');

    // The shop's server uses the copied key: no cookie, a Bearer header.
    const shop = await request.newContext({
      baseURL: origin,
      extraHTTPHeaders: { authorization: `Bearer ${key}` },
    });
    try {
      const order = await shop.post('/api/v1/orders', {
        data: { productId: product.id, quantity: 2 },
        headers: { 'idempotency-key': `e2e-${key.slice(10, 20)}` },
      });
      expect(order.status(), await order.text()).toBe(201);
      const body = (await order.json()) as { status: string; responseKeys: string[] };
      expect(body.status).toBe('completed');
      expect([...body.responseKeys].sort()).toEqual([...keys].sort());
      expect(await (await shop.get('/api/v1/balance')).json()).toEqual({ balance: 10, profit: 0 });

      await page.reload();
      await expect(row).not.toContainText('Never');
      await row.getByRole('button', { name: 'Revoke Telegram bot' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Revoke' }).click();
      await expect(row).toContainText('Revoked');
      expect((await shop.get('/api/v1/balance')).status()).toBe(401);
    } finally {
      await shop.dispose();
    }
  });
});

test.describe('API & webhooks: a key limited to addresses', () => {
  test('a key allowed from another address is refused here until this one is added', async ({
    page,
    origin,
    makeUser,
  }) => {
    const reseller = await makeUser('reseller', 'fenced');
    await signInAs(page, reseller);
    await page.goto('/reseller/api');
    await page.getByLabel('Name').fill('Office script');
    await page.getByLabel('Allowed IP addresses').fill('203.0.113.7');
    await page.getByRole('button', { name: 'Create key' }).click();
    const shown = page.getByRole('status').filter({ hasText: 'Your new key' });
    const key = (await shown.locator('code').textContent())?.trim() ?? '';
    await shown.getByRole('button', { name: 'I have copied it' }).click();
    const row = page.getByRole('table').getByRole('row').filter({ hasText: 'Office script' });
    await expect(row).toContainText('203.0.113.7');

    const script = await request.newContext({
      baseURL: origin,
      extraHTTPHeaders: { authorization: `Bearer ${key}` },
    });
    try {
      // The browser and this script call from 127.0.0.1, which the key does not allow.
      const refused = await script.get('/api/v1/balance');
      expect(refused.status()).toBe(403);
      expect(((await refused.json()) as { message: { text: string } }).message.text).toContain(
        'This API key may not be used from 127.0.0.1',
      );

      await row.getByRole('button', { name: 'Edit addresses of Office script' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Allowed IP addresses').fill('203.0.113.7\n127.0.0.1');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(dialog).toHaveCount(0);
      await expect(row).toContainText('127.0.0.1');
      expect((await script.get('/api/v1/balance')).status()).toBe(200);
    } finally {
      await script.dispose();
    }
  });
});

type Received = { headers: IncomingHttpHeaders; body: string };

/** A shop's webhook receiver on 127.0.0.1: answers 200 and keeps what it got. */
async function startReceiver() {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/keymarket-hook`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** What docs/api.md tells receivers to do: HMAC-SHA256 of "<t>.<raw body>" with the secret. */
function signatureIsValid(secret: string, { headers, body }: Received): boolean {
  const parts = Object.fromEntries(
    String(headers['keymarket-signature'])
      .split(',')
      .map((part) => part.split('=')),
  ) as Record<string, string | undefined>;
  const expected = createHmac('sha256', secret).update(`${parts.t}.${body}`).digest();
  const given = Buffer.from(parts.v1 ?? '', 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

test.describe('API & webhooks: webhooks', () => {
  test('a reseller creates a key and a webhook, keeps the secret shown once, sees its test ping delivered, then signs with a new secret', async ({
    page,
    origin,
    makeUser,
  }) => {
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
    const receiver = await startReceiver();
    try {
      const reseller = await makeUser('reseller', 'hooked');
      await signInAs(page, reseller);
      await page.goto('/reseller/api');

      await page.getByLabel('Name').fill('Shop backend');
      await page.getByRole('button', { name: 'Create key' }).click();
      const key = page.getByRole('status').filter({ hasText: 'Your new key' });
      const keyText = (await key.locator('code').textContent())?.trim() ?? '';
      await key.getByRole('button', { name: 'Copy key' }).click();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(keyText);
      expect(keyText).toMatch(/^km_/);

      await page.getByLabel('URL').fill(receiver.url);
      await page.getByRole('checkbox', { name: /order\.completed/ }).check();
      await page.getByRole('button', { name: 'Add webhook' }).click();
      const shown = page.getByRole('status').filter({ hasText: 'Signing secret' });
      const secret = (await shown.locator('code').textContent())?.trim() ?? '';
      expect(secret).toMatch(/^whsec_[0-9A-Za-z]{32}$/);
      await shown.getByRole('button', { name: 'Copy secret' }).click();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
      await shown.getByRole('button', { name: 'I have copied it' }).click();
      await expect(page.getByText(secret)).toHaveCount(0);

      const row = page.getByRole('row').filter({ hasText: receiver.url });
      await expect(row).toContainText('order.completed');
      await expect(row).toContainText('Enabled');
      await row.getByRole('button', { name: `Send test to ${receiver.url}` }).click();

      const log = page.getByRole('region', { name: 'Delivery log' });
      const ping = log.getByRole('row').filter({ hasText: 'ping' });
      await expect(ping).toContainText('Succeeded');
      await expect(ping).toContainText('200');

      // The receiver got it once, signed with the secret shown once.
      expect(receiver.received).toHaveLength(1);
      const [delivery] = receiver.received;
      expect(delivery?.headers['keymarket-event']).toBe('ping');
      expect(signatureIsValid(secret, delivery!)).toBe(true);
      expect(signatureIsValid(`${secret}x`, delivery!)).toBe(false);
      const body = JSON.parse(delivery!.body) as {
        type: string;
        data: { webhook: { url: string } };
      };
      expect(body.type).toBe('ping');
      expect(body.data.webhook.url).toBe(receiver.url);

      // The payload viewer shows that same body.
      await ping.getByRole('button', { name: /^Payload of the ping delivery/ }).click();
      await expect(page.getByRole('dialog')).toContainText(`"url": "${receiver.url}"`);
      await expect(page.getByRole('dialog')).toContainText(
        `Keymarket-Delivery (${String(delivery?.headers['keymarket-delivery'])})`,
      );
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);

      // A lost secret: a new one, shown once, signs the next delivery; the old one no longer does.
      await row.getByRole('button', { name: `New secret for ${receiver.url}` }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Replace secret' }).click();
      const renewed = page.getByRole('status').filter({ hasText: 'Signing secret' });
      const newSecret = (await renewed.locator('code').textContent())?.trim() ?? '';
      expect(newSecret).toMatch(/^whsec_[0-9A-Za-z]{32}$/);
      expect(newSecret).not.toBe(secret);
      await renewed.getByRole('button', { name: 'I have copied it' }).click();
      await expect(page.getByText(newSecret)).toHaveCount(0);
      await row.getByRole('button', { name: `Send test to ${receiver.url}` }).click();
      await expect(log.getByRole('row').filter({ hasText: 'ping' })).toHaveCount(2);
      await expect.poll(() => receiver.received.length).toBe(2);
      const second = receiver.received[1]!;
      expect(signatureIsValid(newSecret, second)).toBe(true);
      expect(signatureIsValid(secret, second)).toBe(false);
    } finally {
      await receiver.close();
    }
  });
});
