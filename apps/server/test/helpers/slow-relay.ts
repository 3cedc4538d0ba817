import {
  createServer,
  request,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A loopback relay in front of a real upstream platform that holds the answers to its purchases
 * (`POST /api/v1/orders`) for `delayMs` after the upstream gave them: an upstream slow to answer.
 * With `holding` set it keeps them until the caller goes away: a purchase made upstream whose
 * answer never comes back. The upstream itself works as ever; `purchaseKeys` are the
 * Idempotency-Keys of the purchases it passed on, in order, and `answeredKeys` those the upstream
 * answered, whether or not the answer was passed back.
 */
export class SlowRelay {
  delayMs = 0;
  holding = false;
  readonly purchaseKeys: string[] = [];
  readonly answeredKeys: string[] = [];
  private readonly server: Server;

  private constructor(private readonly target: URL) {
    this.server = createServer((incoming, answer) => this.relay(incoming, answer));
  }

  static async start(target: string): Promise<SlowRelay> {
    const relay = new SlowRelay(new URL(target));
    await new Promise<void>((resolve) => relay.server.listen(0, '127.0.0.1', resolve));
    return relay;
  }

  private relay(incoming: IncomingMessage, answer: ServerResponse) {
    const purchase = incoming.method === 'POST' && incoming.url === '/api/v1/orders';
    const key = String(incoming.headers['idempotency-key']);
    if (purchase) this.purchaseKeys.push(key);
    const hold = purchase ? this.delayMs : 0;
    const outgoing = request(
      {
        host: this.target.hostname,
        port: this.target.port,
        method: incoming.method,
        path: incoming.url,
        headers: { ...incoming.headers, host: this.target.host },
      },
      (upstream) => {
        const chunks: Buffer[] = [];
        upstream.on('data', (chunk: Buffer) => chunks.push(chunk));
        upstream.on('end', () => {
          if (purchase) this.answeredKeys.push(key);
          if (purchase && this.holding) return;
          setTimeout(() => {
            if (answer.destroyed) return;
            answer.writeHead(upstream.statusCode ?? 502, upstream.headers);
            answer.end(Buffer.concat(chunks));
          }, hold);
        });
      },
    );
    outgoing.on('error', () => answer.destroy());
    answer.on('error', () => undefined);
    incoming.pipe(outgoing);
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async close() {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }
}
