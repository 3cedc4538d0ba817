import pg from 'pg';

/** What a channel's listener is told: each payload, and that some may have been missed. */
export interface ChannelListener {
  message(payload: string): void;
  /** The connection was lost and is back: payloads sent meanwhile were not heard. */
  resync(): void;
}

const RECONNECT_MS = 1000;

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

  const connect = async () => {
    const client = new pg.Client({ connectionString: url });
    let lost = false;
    const onLost = () => {
      if (lost || stopped) return;
      lost = true;
      current = undefined;
      timer = setTimeout(() => {
        connect().then(
          () => listener.resync(),
          () => {},
        );
      }, RECONNECT_MS);
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
    current = client;
  };

  await connect();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await current?.end().catch(() => {});
  };
}
