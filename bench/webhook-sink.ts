import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A webhook receiver for the outbox scenario: answers 200 to every delivery and counts them, as
 * a shop's endpoint would, on 127.0.0.1 (the bench server runs with WEBHOOK_ALLOW_PRIVATE_URLS).
 */
export async function startWebhookSink() {
  let received = 0;
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      received++;
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/keymarket-hook`,
    received: () => received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** One endpoint per buyer, subscribed to what an order writes (`order.created`, `order.completed`). */
export async function subscribeWebhooks(
  baseUrl: string,
  cookies: readonly string[],
  url: string,
): Promise<void> {
  await Promise.all(
    cookies.map(async (cookie) => {
      const response = await fetch(`${baseUrl}/api/webhooks`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify({ url, events: ['order.created', 'order.completed'] }),
      });
      if (response.status !== 201) {
        throw new Error(`Webhook creation failed: ${response.status} ${await response.text()}`);
      }
    }),
  );
}
