import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '../../db/client';
import { withoutQueryValues } from '../../lib/logged-error';
import { payloadOf, sendSignalsSql, type LiveSignal } from './live-signals';

/** NOTIFY payloads sent in one statement at most (each well under its 8000 bytes). */
const BATCH = 500;

/**
 * Live signals for changes whose statement cannot send them itself (the order statement:
 * `live-signals.ts` says why), published after their commit. The signals of one event-loop turn
 * go out together in one statement, duplicates dropped, so under load it is one `pg_notify`
 * round trip per turn rather than per order. A crash between the commit and this loses only the
 * push: the notifications are in the database, and a stream that reconnects reads them.
 */
export class LivePublisher {
  private pending = new Map<string, LiveSignal>();
  private scheduled = false;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Executor,
    private readonly log: FastifyBaseLogger,
  ) {}

  publish(signals: readonly LiveSignal[]): void {
    for (const signal of signals) this.pending.set(payloadOf(signal), signal);
    if (this.scheduled || this.pending.size === 0) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.flushing = this.flushing.then(() => this.flush());
    });
  }

  /** Waits for what was published so far to be sent (tests, shutdown). */
  async drain(): Promise<void> {
    await new Promise((resolve) => setImmediate(resolve));
    await this.flushing;
  }

  private async flush(): Promise<void> {
    const signals = [...this.pending.values()];
    this.pending = new Map();
    for (let i = 0; i < signals.length; i += BATCH) {
      await this.db.execute(sendSignalsSql(signals.slice(i, i + BATCH))).catch((error: unknown) => {
        this.log.warn({ error: withoutQueryValues(error) }, 'live signals not sent');
      });
    }
  }
}
