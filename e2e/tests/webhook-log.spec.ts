import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { apiSignedInAs, expectOk, jsonOf } from './support/api';
import { expect, signInAs, test } from './support/fixtures';
import { filled, namespaceText } from './support/locales';

const say = (key: string) => namespaceText('fr', 'webhooks', key);

/** A receiver that answers 500 to its first request and 200 to every later one. */
async function startFlakyReceiver() {
  let calls = 0;
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      calls += 1;
      res.writeHead(calls === 1 ? 500 : 200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/flaky-hook`,
    calls: () => calls,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

test('at 1366 px, in French (the longest words), the delivery log shows Retry without scrolling, and the row follows a retry to Succeeded', async ({
  page,
  origin,
  makeUser,
}) => {
  const receiver = await startFlakyReceiver();
  try {
    const reseller = await makeUser('reseller', 'flaky');
    const api = await apiSignedInAs(origin, reseller.username, reseller.password);
    const webhook = await jsonOf<{ id: string }>(
      await api.post('/api/webhooks', {
        data: { url: receiver.url, events: ['order.completed'] },
      }),
      'The webhook',
    );
    await expectOk(await api.post(`/api/webhooks/${webhook.id}/test`), 'Test ping');
    // The first attempt fails (500); the next is a minute away (WEBHOOK_RETRY_BASE_MS).
    await expect.poll(receiver.calls).toBe(1);
    await api.dispose();

    await page.setViewportSize({ width: 1366, height: 768 });
    await page.addInitScript(() => window.localStorage.setItem('preferredLanguage', 'fr'));
    await signInAs(page, reseller);
    await page.goto('/reseller/api');
    await page
      .getByRole('button', {
        name: filled('fr', say('showDeliveriesNamed'), { url: receiver.url }),
      })
      .click();
    const log = page.getByRole('region', { name: say('deliveries.title') });
    const ping = log.getByRole('row').filter({ hasText: 'ping' });
    await expect(ping).toContainText(say('deliveries.statuses.pending'));
    await expect(ping).toContainText('500');

    // The button is in view: nothing to scroll sideways to reach it.
    const retry = ping.getByRole('button', { name: say('deliveries.retry') });
    await expect(retry).toBeInViewport({ ratio: 1 });

    await retry.click();
    await expect(ping).toContainText(say('deliveries.statuses.succeeded'));
    await expect(ping).not.toContainText('500');
    expect(receiver.calls()).toBe(2);
  } finally {
    await receiver.close();
  }
});
