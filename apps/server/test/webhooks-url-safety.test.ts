import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { messages } from '@keymarket/contracts/messages';
import { webhookEndpoints } from '../src/db/schema/index';
import type { ResolveHost } from '../src/modules/webhooks/url-safety';
import { expectValidation } from './helpers/expect-error';
import { useSignedIn, useTestApp } from './helpers/use-app';
import { createdWebhook, createWebhookResponse, deliveriesOf } from './helpers/webhook-receiver';

/**
 * WEBHOOK_ALLOW_PRIVATE_URLS unset, as in production. Host names are resolved by the test:
 * `rebind.example` answers a public address the first time (when the webhook is saved) and
 * 127.0.0.1 afterwards (when the delivery connects), as a DNS rebinding attack does.
 */
let rebindLookups = 0;
const lookedUp: string[] = [];
const resolveHost: ResolveHost = async (hostname) => {
  lookedUp.push(hostname);
  if (hostname === 'rebind.example') {
    rebindLookups += 1;
    return [{ address: rebindLookups === 1 ? '93.184.216.34' : '127.0.0.1', family: 4 }];
  }
  if (hostname === 'inside.example') return [{ address: '10.0.0.7', family: 4 }];
  if (hostname === 'localhost') return [{ address: '127.0.0.1', family: 4 }];
  if (hostname === 'public.example') return [{ address: '93.184.216.34', family: 4 }];
  throw new Error(`ENOTFOUND ${hostname}`);
};

const ctx = useTestApp({ OUTBOX_POLL_INTERVAL_MS: '20' }, undefined, { resolveHost });
const admin = useSignedIn(ctx, 'admin');

describe('webhook URLs without WEBHOOK_ALLOW_PRIVATE_URLS', () => {
  it.each([
    ['http://public.example/hooks', 'The URL must start with https://'],
    ['https://localhost/hooks', 'private, loopback or reserved'],
    ['https://127.0.0.1:8443/hooks', 'private, loopback or reserved'],
    ['https://[::1]/hooks', 'private, loopback or reserved'],
    ['https://[::ffff:127.0.0.1]/hooks', 'private, loopback or reserved'],
    // IPv4-translated 127.0.0.1 (RFC 6145), which a hand-kept list of ranges let through.
    ['https://[::ffff:0:7f00:1]/hooks', 'private, loopback or reserved'],
    ['https://10.1.2.3/hooks', 'private, loopback or reserved'],
    ['https://192.168.0.10/hooks', 'private, loopback or reserved'],
    ['https://169.254.169.254/latest/meta-data', 'private, loopback or reserved'],
    ['https://100.64.0.1/hooks', 'private, loopback or reserved'],
    ['https://inside.example/hooks', 'inside.example resolves to a private, loopback'],
    ['https://nowhere.example/hooks', 'could not be resolved'],
    ['https://user:secret@public.example/hooks', 'user name or password'],
  ])('refuses %s when saved', async (url, text) => {
    const reseller = await ctx.factory.signedIn('reseller', admin.user);
    const response = await createWebhookResponse(reseller, { url, events: ['ping'] });
    expectValidation(response, 'body.url');
    expect(response.json<{ message: { text: string } }>().message.text).toContain(text);
    // What a name resolves to inside is not told to whoever saved it.
    expect(response.body).not.toContain('10.0.0.7');
  });

  it('refuses a private URL when an endpoint is edited too', async () => {
    const reseller = await ctx.factory.signedIn('reseller', admin.user);
    const created = await createdWebhook(reseller, 'https://public.example/hooks', ['ping']);
    expectValidation(
      await reseller.inject({
        method: 'PATCH',
        url: `/api/webhooks/${created.id}`,
        payload: { url: 'https://localhost/hooks' },
      }),
      'body.url',
    );
  });

  it('checks the address again when connecting, so a name rebound to 127.0.0.1 is not reached', async () => {
    const reseller = await ctx.factory.signedIn('reseller', admin.user);
    const created = await createdWebhook(reseller, 'https://rebind.example/hooks', ['ping']);
    const ping = await reseller.inject({ method: 'POST', url: `/api/webhooks/${created.id}/test` });
    expect(ping.statusCode, ping.body).toBe(202);
    const attempted = await vi.waitFor(
      async () => {
        const [delivery] = (await deliveriesOf(reseller, created.id)).data;
        if (!delivery || delivery.attempts === 0 || delivery.lastError === null) {
          throw new Error('not yet');
        }
        return delivery;
      },
      { timeout: 15_000, interval: 20 },
    );
    expect(attempted.lastError).toContain('rebind.example resolves to a private');
    expect(attempted.lastError).not.toContain('127.0.0.1');
    expect(attempted.lastStatusCode).toBeNull();
    expect(rebindLookups).toBeGreaterThanOrEqual(2);
  });

  it('refuses an http URL when connecting, though an instance allowing http saved it', async () => {
    const reseller = await ctx.factory.signedIn('reseller', admin.user);
    const created = await createdWebhook(reseller, 'https://public.example/hooks', ['ping']);
    // As an instance with WEBHOOK_ALLOW_PRIVATE_URLS=true saves it, on the shared database.
    // `plain.example` resolves to nothing here: no address is ever connected to.
    await ctx.database.db
      .update(webhookEndpoints)
      .set({ url: 'http://plain.example/hooks' })
      .where(eq(webhookEndpoints.id, created.id));
    const ping = await reseller.inject({ method: 'POST', url: `/api/webhooks/${created.id}/test` });
    expect(ping.statusCode, ping.body).toBe(202);
    const attempted = await vi.waitFor(
      async () => {
        const [delivery] = (await deliveriesOf(reseller, created.id)).data;
        if (!delivery || delivery.attempts === 0 || delivery.lastError === null) {
          throw new Error('not yet');
        }
        return delivery;
      },
      { timeout: 15_000, interval: 20 },
    );
    expect(attempted.lastError).toBe(messages.webhookUrlHttps);
    expect(attempted.lastStatusCode).toBeNull();
    // Refused before its name was even looked up.
    expect(lookedUp).not.toContain('plain.example');
  });
});
