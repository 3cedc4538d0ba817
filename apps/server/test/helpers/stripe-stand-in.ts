import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

const signer = new Stripe('sk_test_unused');

/**
 * A stand-in for Stripe's API on 127.0.0.1 (no gateway is reachable in tests): Checkout Sessions
 * made and read back, each paid when a test says so (`pay`), and a page at each session's `url`
 * for a browser sent there. The server reaches it through STRIPE_API_BASE. Used by the server's
 * tests and by the browser tests (e2e/tests/topups-card.spec.ts).
 */
export class StripeStandIn {
  private readonly sessions = new Map<string, Record<string, unknown>>();
  readonly created: URLSearchParams[] = [];
  private server: Server | undefined;

  /** Listens on `port` (0: any free one) and answers its base URL. */
  async start(port = 0): Promise<string> {
    this.server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        const answer = (status: number, value: unknown) => {
          response.writeHead(status, { 'content-type': 'application/json' });
          response.end(JSON.stringify(value));
        };
        if (request.method === 'POST' && request.url === '/v1/checkout/sessions') {
          const params = new URLSearchParams(body);
          this.created.push(params);
          const id = `cs_test_${this.sessions.size + 1}`;
          const session = {
            id,
            object: 'checkout.session',
            url: `${this.baseUrl()}/pay/${id}`,
            payment_status: 'unpaid',
            amount_total: Number(params.get('line_items[0][price_data][unit_amount]')),
            metadata: { topupId: params.get('metadata[topupId]') },
          };
          this.sessions.set(id, session);
          return answer(200, session);
        }
        const read = /^\/v1\/checkout\/sessions\/([\w]+)/.exec(request.url ?? '');
        if (request.method === 'GET' && read?.[1] && this.sessions.has(read[1])) {
          return answer(200, this.sessions.get(read[1]));
        }
        const page = /^\/pay\/([\w]+)$/.exec(request.url ?? '');
        if (request.method === 'GET' && page?.[1] && this.sessions.has(page[1])) {
          response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
          return response.end(
            `<!doctype html><title>Stripe Checkout</title><h1>Pay ${page[1]}</h1>`,
          );
        }
        answer(404, { error: { type: 'invalid_request_error', message: 'No such thing' } });
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(port, '127.0.0.1', resolve));
    return this.baseUrl();
  }

  private baseUrl() {
    return `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}`;
  }

  /** The Checkout Session made for a request, if one was. */
  sessionOf(topupId: string): Record<string, unknown> | undefined {
    return [...this.sessions.values()].find(
      (session) => (session.metadata as { topupId?: string }).topupId === topupId,
    );
  }

  /** The session as Stripe reports it once paid (`amountTotal`: what the card paid). */
  pay(id: string, amountTotal?: number) {
    const session = this.sessions.get(id)!;
    Object.assign(session, {
      payment_status: 'paid',
      ...(amountTotal === undefined ? {} : { amount_total: amountTotal }),
    });
    return session;
  }

  async stop() {
    await new Promise((resolve) => this.server?.close(resolve));
  }
}

/**
 * A `checkout.session.completed` event for `session` as Stripe would send it: its body, and the
 * `Stripe-Signature` header made with the SDK's test helper and the endpoint's secret.
 */
export function signedCheckoutEvent(session: unknown, secret: string) {
  const payload = JSON.stringify({
    id: `evt_${Math.random().toString(36).slice(2)}`,
    object: 'event',
    type: 'checkout.session.completed',
    data: { object: session },
  });
  return { payload, signature: signer.webhooks.generateTestHeaderString({ payload, secret }) };
}
