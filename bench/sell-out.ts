import { randomBytes } from 'node:crypto';
import { KeyVault } from '../apps/server/src/lib/key-vault';
import { signInAll } from './auth';
import { createBenchDatabase } from './database';
import { insertKeys, seedOrders, USER_PASSWORD } from './seed';
import { ensureServerBuilt, startServer } from './server';

/**
 * A sell-out: `buyers` purchases of one key each sent at once to a product with `scarce` keys,
 * against the same burst on a product with `plenty`. When the keys run out, the buyers left must
 * be refused as fast as the others are served: the target is the scarce burst within 2× the
 * plentiful one, with exactly `scarce` keys sold. Bursts alternate (plenty, scarce, plenty…), each
 * on a new product, so neither gets the quieter seconds.
 */
export interface SellOutOptions {
  buyers: number;
  scarce: number;
  plenty: number;
  rounds: number;
  /** Another build's apps/server/dist/main.js (an old commit's worktree), to compare. */
  serverMain?: string;
}

export const DEFAULT_SELL_OUT_OPTIONS: SellOutOptions = {
  buyers: 400,
  scarce: 100,
  plenty: 1000,
  rounds: 3,
};

interface Burst {
  keys: number;
  seconds: number;
  sold: number;
  refused: number;
  other: Record<string, number>;
  medianServedMs: number;
  medianRefusedMs: number;
  soldInDatabase: number;
}

const log = (line: string) => console.log(line);

const median = (values: number[]) => {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

export async function sellOutBenchmark(options: SellOutOptions = DEFAULT_SELL_OUT_OPTIONS) {
  if (!options.serverMain) ensureServerBuilt(log);
  const db = await createBenchDatabase();
  const keysSecret = randomBytes(32).toString('hex');
  const server = await startServer({
    databaseUrl: db.url,
    keysSecret,
    serverMain: options.serverMain,
  });
  const bursts: Burst[] = [];
  try {
    log(`server ${server.baseUrl} (${options.serverMain ?? 'this checkout'}), database ${db.name}`);
    const seed = await seedOrders(db.pool, keysSecret, {
      resellers: options.buyers,
      keys: 0,
      spreadKeys: 0,
      log,
    });
    log(`signing in ${options.buyers} buyers`);
    const cookies = await signInAll(server.baseUrl, seed.platformResellers, USER_PASSWORD);
    const vault = new KeyVault(keysSecret);

    for (let round = 1; round <= options.rounds; round++) {
      for (const keys of [options.plenty, options.scarce]) {
        const { rows } = await db.pool.query<{ id: string }>(
          `insert into products (name, category_id, delivery_type, initial_price_cents, manager_price_cents, reseller_price_cents)
           values ($1, $2, 'instant', 500, 800, 1000) returning id`,
          [`Sell-out ${round} ${keys}`, seed.categoryId],
        );
        const productId = rows[0]!.id;
        await insertKeys(db.pool, vault, productId, keys);
        await db.pool.query('vacuum analyze product_keys');
        const burst = await fire(server.baseUrl, cookies, productId);
        const { rows: sold } = await db.pool.query<{ n: number }>(
          `select count(*)::int as n from product_keys where product_id = $1 and order_id is not null`,
          [productId],
        );
        const result = { keys, ...burst, soldInDatabase: sold[0]!.n };
        bursts.push(result);
        log(
          `round ${round}, ${keys} keys: ${result.seconds.toFixed(2)} s, ${result.sold} sold, ` +
            `${result.refused} refused, median served ${result.medianServedMs} ms, ` +
            `median refused ${result.medianRefusedMs} ms, keys sold in the database ${result.soldInDatabase}` +
            (Object.keys(result.other).length ? `, other ${JSON.stringify(result.other)}` : ''),
        );
      }
    }
  } finally {
    await server.stop();
    await db.drop();
  }
  const of = (keys: number) => bursts.filter((b) => b.keys === keys);
  const scarce = median(of(options.scarce).map((b) => b.seconds));
  const plenty = median(of(options.plenty).map((b) => b.seconds));
  const exact = of(options.scarce).every(
    (b) => b.sold === options.scarce && b.soldInDatabase === options.scarce,
  );
  log('');
  log(
    `median burst: ${options.scarce} keys ${scarce.toFixed(2)} s, ${options.plenty} keys ` +
      `${plenty.toFixed(2)} s: ${(scarce / plenty).toFixed(2)}× (target ≤ 2×); ` +
      `exactly ${options.scarce} sold in every scarce burst: ${exact ? 'yes' : 'NO'}`,
  );
  return { bursts, ratio: scarce / plenty, exact };
}

/** Every buyer orders one key of `productId`, all sent at once; answers when the last is answered. */
async function fire(baseUrl: string, cookies: readonly string[], productId: string) {
  const body = JSON.stringify({ productId, quantity: 1 });
  const started = performance.now();
  const answers = await Promise.all(
    cookies.map(async (cookie) => {
      const sent = performance.now();
      const response = await fetch(`${baseUrl}/api/orders`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body,
      });
      await response.arrayBuffer();
      return { status: response.status, ms: performance.now() - sent };
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const other: Record<string, number> = {};
  for (const a of answers) {
    if (a.status !== 201 && a.status !== 409) other[a.status] = (other[a.status] ?? 0) + 1;
  }
  return {
    seconds,
    sold: answers.filter((a) => a.status === 201).length,
    refused: answers.filter((a) => a.status === 409).length,
    other,
    medianServedMs: Math.round(median(answers.filter((a) => a.status === 201).map((a) => a.ms))),
    medianRefusedMs: Math.round(median(answers.filter((a) => a.status === 409).map((a) => a.ms))),
  };
}
