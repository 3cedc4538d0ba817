import type { ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import type { LiveEventType } from '@keymarket/contracts/notifications';
import type { Database } from '../../db/client';
import { withoutQueryValues } from '../../lib/logged-error';
import type { AuthContext } from '../access/auth-context';
import type { LiveHub } from './live-hub';
import type { LivePayload } from './live-signals';
import { databaseNowMicros, notificationsSince } from './notifications.repository';
import { notificationView } from './notifications.service';

/**
 * How far back a read looks past the newest entry already sent: a transaction that began earlier
 * (its `created_at` is its start) may commit after a later one, so an entry can appear "in the
 * past". Entries already sent are remembered by id and not sent twice.
 */
const SLACK_MICROS = 10_000_000n;
const READ_BATCH = 100;

export interface StreamOptions {
  heartbeatMs: number;
  /** The stream is ended then, and the client reconnects: the session is checked again. */
  maxAgeMs: number;
}

/**
 * One user's Server-Sent Events stream (`GET /notifications/stream`). It holds no database
 * connection while open: it reads the user's new notifications when a signal says there are some,
 * one read at a time (signals arriving meanwhile cause one more), and forwards balance and order
 * signals as they come. Each notification event's `id` is its cursor, so a reconnecting
 * EventSource sends it back as `Last-Event-ID` and gets what it missed.
 */
export class NotificationStream {
  private cursor = 0n;
  /** Entries sent within the slack window, by id, with the cursor they were sent at. */
  private readonly sent = new Map<string, string>();
  private reading: Promise<void> | undefined;
  private again = false;
  private starting = true;
  private closed = false;
  private readonly timers: NodeJS.Timeout[] = [];
  private unsubscribe: () => void = () => {};

  constructor(
    private readonly db: Database,
    private readonly hub: LiveHub,
    private readonly caller: AuthContext,
    private readonly response: ServerResponse,
    private readonly log: FastifyBaseLogger,
  ) {}

  async open(lastEventId: string | undefined, options: StreamOptions): Promise<void> {
    this.response.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-store, no-transform',
      connection: 'keep-alive',
      // nginx and its kin buffer answers unless told not to; a buffered stream is no stream.
      'x-accel-buffering': 'no',
      'x-content-type-options': 'nosniff',
    });
    this.response.on('close', () => this.close());
    this.unsubscribe = this.hub.subscribe({
      userId: this.caller.userId,
      role: this.caller.role,
      signal: (payload) => this.onSignal(payload),
      resync: () => {
        this.write('balance', {});
        this.write('orders', { orderId: null });
        this.readNew();
      },
      end: () => this.end(),
    });
    this.timers.push(
      setInterval(() => this.response.write(': heartbeat\n\n'), options.heartbeatMs),
      setTimeout(() => this.end(), options.maxAgeMs),
    );
    for (const timer of this.timers) timer.unref();
    this.response.write(`retry: 3000\n\n`);

    const resumeFrom = /^\d{1,19}$/.test(lastEventId ?? '')
      ? BigInt(lastEventId ?? '0')
      : undefined;
    try {
      this.cursor = resumeFrom ?? (await databaseNowMicros(this.db));
      // What sits just behind the start was seen (or is older than this stream): remember it.
      await this.read('remember', this.cursor - SLACK_MICROS);
      if (resumeFrom !== undefined) await this.read('send', this.cursor);
    } catch (error) {
      this.log.warn({ error: withoutQueryValues(error) }, 'notification stream could not start');
      this.response.end();
      return;
    }
    this.write('ready', { resumed: resumeFrom !== undefined });
    // A signal may have come while the stream was starting.
    this.starting = false;
    if (this.again) this.readNew();
  }

  private onSignal(payload: LivePayload) {
    if (payload.k === 'notification') this.readNew();
    else if (payload.k === 'balance') this.write('balance', {});
    else this.write('orders', { orderId: payload.o ?? null });
  }

  /** Reads what is new, one read at a time; a signal during a read causes one more. */
  private readNew() {
    if (this.closed) return;
    if (this.reading || this.starting) {
      this.again = true;
      return;
    }
    this.again = false;
    this.reading = this.read('send', this.cursor - SLACK_MICROS)
      .catch((error: unknown) => {
        this.log.warn({ error: withoutQueryValues(error) }, 'notification stream read failed');
      })
      .finally(() => {
        this.reading = undefined;
        if (this.again) this.readNew();
      });
  }

  /**
   * Reads the entries after `afterMicros`. `send`: sends those not sent yet, at their cursor, and
   * moves the cursor past them. `remember`: only notes those up to the cursor as already seen.
   */
  private async read(mode: 'send' | 'remember', afterMicros: bigint): Promise<void> {
    const start = this.cursor;
    let after = afterMicros;
    for (;;) {
      const rows = await notificationsSince(this.db, this.caller.userId, after, READ_BATCH);
      for (const row of rows) {
        const cursor = BigInt(row.cursor);
        after = cursor;
        if (mode === 'remember') {
          if (cursor <= start) this.sent.set(row.id, row.cursor);
          continue;
        }
        if (this.sent.get(row.id) !== row.cursor) {
          this.sent.set(row.id, row.cursor);
          this.write('notification', notificationView(row), row.cursor);
        }
        if (cursor > this.cursor) this.cursor = cursor;
      }
      if (rows.length < READ_BATCH) break;
    }
    const oldest = this.cursor - SLACK_MICROS;
    for (const [id, cursor] of this.sent) if (BigInt(cursor) < oldest) this.sent.delete(id);
  }

  private write(event: LiveEventType, data: unknown, id?: string) {
    if (this.closed) return;
    this.response.write(
      `${id ? `id: ${id}\n` : ''}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`,
    );
  }

  /** Ends the answer and its connection: a stream's socket is never reused for another request. */
  end() {
    this.response.end();
    this.response.socket?.end();
  }

  private close() {
    if (this.closed) return;
    this.closed = true;
    this.unsubscribe();
    for (const timer of this.timers) clearInterval(timer);
  }
}
