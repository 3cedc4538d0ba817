import http from 'node:http';
import type { App } from '../../src/app';

export interface SseEvent {
  event: string;
  data: unknown;
  id?: string;
  /** When its last line was read (`performance.now()`), for the tests that time delivery. */
  receivedAt: number;
}

/**
 * A Server-Sent Events reader over a real socket (app.inject waits for the end of an answer,
 * which a stream never reaches). `next(match)` waits for the first event not yet taken that
 * matches, so a test names what it expects and not when.
 */
export class SseClient {
  readonly events: SseEvent[] = [];
  status = 0;
  comments = 0;
  private taken = new Set<SseEvent>();
  private waiters: (() => void)[] = [];
  private request: http.ClientRequest | undefined;
  private ended = false;

  static async open(
    baseUrl: string,
    cookies: string,
    headers: Record<string, string> = {},
    path = '/api/notifications/stream',
  ): Promise<SseClient> {
    const client = new SseClient();
    await client.connect(`${baseUrl}${path}`, { cookie: cookies, ...headers });
    return client;
  }

  private connect(url: string, headers: Record<string, string>): Promise<void> {
    return new Promise((resolve, reject) => {
      this.request = http.get(
        url,
        { headers: { accept: 'text/event-stream', ...headers } },
        (res) => {
          this.status = res.statusCode ?? 0;
          res.setEncoding('utf8');
          let buffer = '';
          res.on('data', (chunk: string) => {
            buffer += chunk;
            let end: number;
            while ((end = buffer.indexOf('\n\n')) >= 0) {
              this.parse(buffer.slice(0, end));
              buffer = buffer.slice(end + 2);
            }
          });
          res.on('end', () => {
            this.ended = true;
            this.wake();
          });
          resolve();
        },
      );
      this.request.on('error', reject);
    });
  }

  private parse(block: string) {
    const event: SseEvent = { event: 'message', data: undefined, receivedAt: performance.now() };
    let isComment = true;
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) continue;
      isComment = false;
      const colon = line.indexOf(':');
      const field = line.slice(0, colon);
      const value = line.slice(colon + 1).trimStart();
      if (field === 'event') event.event = value;
      if (field === 'id') event.id = value;
      if (field === 'data') event.data = JSON.parse(value);
    }
    if (isComment) this.comments += 1;
    else if (event.data !== undefined) this.events.push(event);
    this.wake();
  }

  private wake() {
    for (const waiter of this.waiters.splice(0)) waiter();
  }

  get closed() {
    return this.ended;
  }

  /** The next untaken event matching, waiting up to `timeoutMs` for it. */
  async next(match: (e: SseEvent) => boolean, timeoutMs = 5000): Promise<SseEvent> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.events.find((e) => !this.taken.has(e) && match(e));
      if (found) {
        this.taken.add(found);
        return found;
      }
      if (this.ended) throw new Error('the stream ended');
      const left = deadline - Date.now();
      if (left <= 0) {
        throw new Error(
          `no matching event; got ${JSON.stringify(this.events.map((e) => e.event))}`,
        );
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** Waits until the stream's comment lines (heartbeats) reach `count`. */
  async heartbeats(count: number, timeoutMs = 5000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (this.comments < count) {
      if (Date.now() > deadline) throw new Error(`only ${this.comments} heartbeats`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  close() {
    this.request?.destroy();
  }
}

/** The app listening on a free loopback port; answers its base URL. */
export async function listening(app: App): Promise<string> {
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return address;
}

export const notificationEvent = (type: string) => (e: SseEvent) =>
  e.event === 'notification' && (e.data as { type?: string }).type === type;
