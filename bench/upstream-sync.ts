/**
 * The cost of a sync of docked products (DESIGN.md §14): two real server processes on loopback,
 * each with its own PostgreSQL database, the downstream holding `count` products docked from
 * the upstream (default 10,000). Times `POST /api/upstreams/{id}/sync`, which reads the
 * upstream's whole catalogue at our price there (100 products a page) and brings every docked
 * product in line, twice: once with nothing changed there, once after every product's price and
 * stock changed there, the supplier's events off (the sync alone). Checks the second sync's prices
 * and stocks here. Reported, not asserted.
 *
 *   cd bench && DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx upstream-sync.ts [count]
 *
 * The catalogue is written set-wise in SQL on both sides (the upstream's request products, the
 * downstream's docked rows as docking writes them), not through 10,000 HTTP calls: only the sync
 * is measured.
 */
import http from 'node:http';
import pg from 'pg';
import { Platform } from '../apps/server/test/helpers/platforms';
import type { HttpSession } from '../apps/server/test/helpers/server-process';

const COUNT = Number(process.argv[2] ?? 10_000);
if (!process.env.DATABASE_URL) {
  console.error('Set DATABASE_URL to a PostgreSQL server: each platform gets its own database.');
  process.exit(1);
}

/** A POST without a client-side time limit (fetch's is 300 s for the headers). */
function post(url: string, session: HttpSession): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      { method: 'POST', headers: { cookie: session.cookieHeader } },
      (answer) => {
        let body = '';
        answer.on('data', (chunk: Buffer) => (body += chunk.toString()));
        answer.on('end', () => resolve({ status: answer.statusCode ?? 0, body }));
      },
    );
    request.on('error', reject);
    request.end();
  });
}

const upstream = await Platform.start({ API_RATE_LIMIT: '1000000' });
const downstream = await Platform.start({ UPSTREAM_SYNC_INTERVAL_MS: '86400000' });
const upstreamDb = new pg.Pool({ connectionString: upstream.databaseUrl, max: 1 });
const downstreamDb = new pg.Pool({ connectionString: downstream.databaseUrl, max: 1 });
try {
  const upstreamCategory = await upstream.category();
  await upstreamDb.query(
    `insert into products (name, category_id, delivery_type, initial_price_cents,
       manager_price_cents, reseller_price_cents, stock)
     select 'Supplied ' || g, $1, 'request', 100, 500, 500, 50 from generate_series(1, $2::int) g`,
    [upstreamCategory, COUNT],
  );
  const account = await upstream.reseller(100);
  const added = await downstream.ok(downstream.admin, 'POST', '/api/upstreams', {
    name: 'Bench supplier',
    baseUrl: upstream.server.url,
    apiKey: await upstream.apiKey(account.session),
  });
  const upstreamId = added.id!;
  // Its events off at the supplier: 10,000 `product.changed` would otherwise apply the change
  // product by product beside the sync measured here.
  const hooks = await upstream.ok(account.session, 'GET', '/api/webhooks');
  for (const hook of hooks.data as { id: string }[]) {
    await upstream.ok(account.session, 'PATCH', `/api/webhooks/${hook.id}`, { enabled: false });
  }
  // Docked as `POST /upstreams/{id}/products` docks: cost 5.00, prices 5.50 (10 %), their stock.
  const { rows: supplied } = await upstreamDb.query<{ id: string; name: string }>(
    `select id, name from products where category_id = $1`,
    [upstreamCategory],
  );
  await downstreamDb.query(
    `with supplied as (select * from unnest($1::uuid[], $2::text[]) as s(id, name)),
     made as (
       insert into products (name, category_id, delivery_type, initial_price_cents,
         manager_price_cents, reseller_price_cents, stock, upstream_id)
       select s.name, $3, 'instant', 500, 550, 550, 50, $4 from supplied s
       returning id, name)
     insert into docked_products (product_id, upstream_id, upstream_product_id,
       markup_basis_points, markup_fixed_cents)
     select m.id, $4, s.id, 1000, 0 from made m join supplied s on s.name = m.name`,
    [
      supplied.map((s) => s.id),
      supplied.map((s) => s.name),
      await downstream.category(),
      upstreamId,
    ],
  );

  const sync = async (label: string) => {
    const started = performance.now();
    const answer = await post(
      `${downstream.server.url}/api/upstreams/${upstreamId}/sync`,
      downstream.admin,
    );
    const seconds = (performance.now() - started) / 1000;
    if (answer.status !== 200) throw new Error(`sync: ${answer.status} ${answer.body}`);
    console.log(
      `${label.padEnd(28)} ${seconds.toFixed(1)} s, ${(COUNT / seconds).toFixed(0)} products/s`,
    );
  };
  await sync(`${COUNT} docked, none changed`);
  await upstreamDb.query(
    `update products set reseller_price_cents = 510, stock = 40 where category_id = $1`,
    [upstreamCategory],
  );
  await sync(`${COUNT} docked, all changed`);

  const { rows } = await downstreamDb.query<{ n: string }>(
    `select count(*) as n from products where upstream_id = $1 and initial_price_cents = 510
       and reseller_price_cents = 561 and manager_price_cents = 561 and stock = 40`,
    [upstreamId],
  );
  console.log(`in line after the second sync: ${rows[0]!.n} of ${COUNT}`);
} finally {
  await Promise.all([upstreamDb.end(), downstreamDb.end()]);
  await Promise.all([upstream.dispose(), downstream.dispose()]);
}
