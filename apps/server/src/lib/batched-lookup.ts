import DataLoader from 'dataloader';

/** More keys than this go out as several queries (an `= any($1)` list stays small). */
const MAX_BATCH = 256;

/**
 * A lookup by key that gathers the calls made in one turn of the event loop into one query.
 *
 * Every signed-in request checks its session, and every order reads its product and its buyer's
 * chain: each a tiny indexed query, and each query costs a round trip, a wake-up of a database
 * process and a parse of the answer on both sides. Under load those costs, not the lookups,
 * were what an order spent most of its time on (bench/results/orders.md). Requests that arrive
 * together are answered by one query each: `setImmediate` dispatches after every request the
 * event loop's poll has just delivered has made its call, so a lone request waits for nothing
 * but that turn.
 *
 * Nothing is cached: each call reads what the database holds after it was made, as a query of
 * its own would. A failed query fails every call it was answering, and only those.
 */
export function batchedLookup<K, V>(
  loadMany: (keys: readonly K[]) => Promise<ReadonlyMap<K, V>>,
): (key: K) => Promise<V | undefined> {
  const loader = new DataLoader<K, V | undefined>(
    async (keys) => {
      const found = await loadMany(keys);
      return keys.map((key) => found.get(key));
    },
    {
      cache: false,
      maxBatchSize: MAX_BATCH,
      batchScheduleFn: (dispatch) => setImmediate(dispatch),
    },
  );
  return (key) => loader.load(key);
}
