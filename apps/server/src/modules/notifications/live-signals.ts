import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';

/**
 * Live signals (DESIGN.md §12): small JSON payloads on one PostgreSQL channel, heard by every
 * instance (`db/listen.ts`) and turned into Server-Sent Events by the streams of the users they
 * name (`notification-stream.ts`). A signal says only *that* something changed; what changed is
 * read from the database, so a lost signal costs freshness and never correctness.
 *
 * Sent with `pg_notify` inside the statement or transaction of the change: PostgreSQL delivers
 * it at commit, and never for a change rolled back, on PGlite as on a server. The order
 * statement is the exception (`LivePublisher`): NOTIFY serialises the commits of every
 * transaction that used it, which the busiest write path cannot afford.
 */
export const LIVE_CHANNEL = 'keymarket_live';

export type LiveKind = 'notification' | 'balance' | 'orders';

export interface LiveSignal {
  /** The user it is for, or every administrator (`role`). */
  userId?: string;
  role?: 'admin';
  kind: LiveKind;
  /** The order that changed (`orders`). */
  orderId?: string;
}

/** The payload on the channel: short keys, under NOTIFY's 8000 bytes whatever the ids. */
export interface LivePayload {
  u?: string;
  r?: 'admin';
  k: LiveKind;
  o?: string;
}

/** Where a service hands the signals of a change committed without them (`LivePublisher`). */
export interface LiveSignalSink {
  publish(signals: readonly LiveSignal[]): void;
}

/** For a process nobody streams from (the demo seed). */
export const noLiveSignals: LiveSignalSink = { publish: () => {} };

export function payloadOf(signal: LiveSignal): string {
  const payload: LivePayload = { k: signal.kind };
  if (signal.userId) payload.u = signal.userId;
  if (signal.role) payload.r = signal.role;
  if (signal.orderId) payload.o = signal.orderId;
  return JSON.stringify(payload);
}

export function parsePayload(text: string): LivePayload | undefined {
  try {
    const value = JSON.parse(text) as Partial<LivePayload>;
    if (value.k !== 'notification' && value.k !== 'balance' && value.k !== 'orders')
      return undefined;
    return value as LivePayload;
  } catch {
    return undefined;
  }
}

/** `pg_notify` of a signal for the user `userId` (a uuid expression of the statement). */
export function liveSignalSql(userId: SQL, kind: LiveKind): SQL {
  return sql`pg_notify(${LIVE_CHANNEL}::text, json_build_object('u', ${userId}, 'k', ${kind}::text)::text)`;
}

/** Sends `signals` at the commit of the transaction it runs in (or at once, outside one). */
export function sendSignalsSql(signals: readonly LiveSignal[]): SQL {
  const payloads = JSON.stringify(signals.map(payloadOf));
  return sql`select pg_notify(${LIVE_CHANNEL}::text, s) from jsonb_array_elements_text(${payloads}::jsonb) as s`;
}

/** Sends `signals` at the commit of `tx` (or at once, outside a transaction). */
export async function sendSignals(tx: Executor, signals: readonly LiveSignal[]): Promise<void> {
  await tx.execute(sendSignalsSql(signals));
}
