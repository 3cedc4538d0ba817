import pg from 'pg';

/** What a channel's listener is told: each payload, and that some may have been missed. */
export interface ChannelListener {
  message(payload: string): void;
  /** The connection was lost and is back: payloads sent meanwhile were not heard. */
  resync(): void;
}

/**
 * The first retry after a lost connection, doubled on each failed attempt up to the last: a
 * failover takes a few seconds (docs/operations.md), a database down for longer is not hammered.
 */
const RECONNECT_FIRST_MS = 250;
const RECONNECT_LAST_MS = 8000;

/**
 * LISTENs on `channel` over a connection of its own (never a pooled one: a pool would hand it to
 * a query and the LISTEN would end with that client), reconnecting after a loss. One per process,
 * whatever the number of streams fed from it. Answers how to stop.
 */
export async function listenPostgres(
  url: string,
  channel: string,
  listener: ChannelListener,
): Promise<() => Promise<void>> {
  let current: pg.Client | undefined;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let retryMs = RECONNECT_FIRST_MS;

  const connect = async () => {
    // Keep-alive: a peer that vanished without closing (a host lost, not a process) is noticed.
    const client = new pg.Client({ connectionString: url, keepAlive: true });
    let lost = false;
    const onLost = () => {
      if (lost || stopped) return;
      lost = true;
      current = undefined;
      const delayMs = retryMs;
      retryMs = Math.min(retryMs * 2, RECONNECT_LAST_MS);
      timer = setTimeout(() => {
        connect().then(
          () => {
            retryMs = RECONNECT_FIRST_MS;
            listener.resync();
          },
          () => {},
        );
      }, delayMs);
    };
    client.on('error', onLost);
    client.on('end', onLost);
    client.on('notification', (message) => {
      if (message.channel === channel && message.payload) listener.message(message.payload);
    });
    try {
      await client.connect();
      await client.query(`listen ${client.escapeIdentifier(channel)}`);
    } catch (error) {
      onLost();
      await client.end().catch(() => {});
      throw error;
    }
    // Stopped while this reconnect was under way: nothing is listening any more.
    if (stopped) await client.end().catch(() => {});
    else current = client;
  };

  await connect();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await current?.end().catch(() => {});
  };
}
