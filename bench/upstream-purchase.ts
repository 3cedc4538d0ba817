/**
 * Docked purchase against local purchase (DESIGN.md §14), measured in one run on this machine:
 * two real server processes on loopback (the upstream and the downstream, each its own database:
 * PGlite, or PostgreSQL with DATABASE_URL), one buyer at the downstream alternating an instant
 * order of a product of its own pool and one of a product docked from the upstream (bought there
 * inside the request). Reports median and p99 of each and their ratio, then the docked orders per
 * second with 16 clients at once. Reported, not asserted.
 *
 *   cd bench && npx tsx upstream-purchase.ts [orders of each kind, default 100]
 */
import { Platform } from '../apps/server/test/helpers/platforms';

const EACH = Number(process.argv[2] ?? 100);
const CLIENTS = 16;
const CONCURRENT = CLIENTS * 10;

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

const upstream = await Platform.start({ API_RATE_LIMIT: '1000000' });
const downstream = await Platform.start({ REGISTER_RATE_LIMIT: '1000' });
try {
  const keys = EACH + CONCURRENT;
  const account = await upstream.reseller(keys * 5);
  const apiKey = await upstream.apiKey(account.session);
  const supplied = await upstream.product(5, keys);
  const added = await downstream.ok(downstream.admin, 'POST', '/api/upstreams', {
    name: 'Bench supplier',
    baseUrl: upstream.server.url,
    apiKey,
  });
  const docked = await downstream.ok(
    downstream.admin,
    'POST',
    `/api/upstreams/${added.id}/products`,
    {
      upstreamProductIds: [supplied.id],
      categoryId: await downstream.category(),
      markupPercent: 10,
      markupFixed: 0,
    },
  );
  const dockedId = (docked.docked as { productId: string }[])[0]!.productId;
  const local = await downstream.product(5.5, EACH);
  const buyer = await downstream.reseller((2 * EACH + CONCURRENT) * 6);

  const buy = async (productId: string) => {
    const started = performance.now();
    const answer = await downstream.call(buyer.session, 'POST', '/api/orders', {
      productId,
      quantity: 1,
    });
    if (answer.status !== 201 || answer.body.status !== 'completed') {
      throw new Error(`order not completed: ${answer.status} ${JSON.stringify(answer.body)}`);
    }
    return performance.now() - started;
  };
  const times = { local: [] as number[], docked: [] as number[] };
  for (let i = 0; i < EACH; i++) {
    times.local.push(await buy(local.id));
    times.docked.push(await buy(dockedId));
  }
  const report = (name: string, list: number[]) => {
    const sorted = [...list].sort((x, y) => x - y);
    return { name, median: quantile(sorted, 0.5), p99: quantile(sorted, 0.99) };
  };
  const [l, d] = [report('local', times.local), report('docked', times.docked)];
  for (const r of [l, d]) {
    console.log(`${r.name.padEnd(7)} median ${r.median.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms`);
  }
  console.log(
    `docked / local: median x${(d.median / l.median).toFixed(2)}, p99 x${(d.p99 / l.p99).toFixed(2)}`,
  );

  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (next++ < CONCURRENT) await buy(dockedId);
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  console.log(`docked, ${CLIENTS} clients: ${(CONCURRENT / seconds).toFixed(1)} orders/s`);
} finally {
  await Promise.all([upstream.dispose(), downstream.dispose()]);
}
