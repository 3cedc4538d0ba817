/**
 * Backorder fill: 10,000 backorders wait for one product; one import of 10,000 keys
 * fills them all, in its own transaction (`fill-backorders.ts`). Times the import as the admin's
 * request runs it (the service, without HTTP), on its own PostgreSQL database.
 *
 *   cd bench && npx tsx backorder-fill.ts [orders]
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { openDatabase } from '../apps/server/src/db/client';
import { KeyVault } from '../apps/server/src/lib/key-vault';
import { runChecks } from '../apps/server/src/modules/reconciliation/reconciliation.checks';
import { ProductKeysService } from '../apps/server/src/modules/key-pool/key-pool.service';
import { createBenchDatabase } from './database';

const ORDERS = Number(process.argv[2] ?? 10_000);

const bench = await createBenchDatabase();
try {
  const database = await openDatabase({ kind: 'postgres', url: bench.url, poolMax: 4 });
  const { pool } = bench;
  const [adminId, managerId, buyerId, categoryId, productId] = [1, 2, 3, 4, 5].map(() =>
    randomUUID(),
  );
  const users: [string, string, string, string | null][] = [
    [adminId!, 'fill_admin', 'admin', null],
    [managerId!, 'fill_manager', 'manager', adminId!],
    [buyerId!, 'fill_buyer', 'reseller', managerId!],
  ];
  for (const [id, username, role, inviter] of users) {
    await pool.query(
      `insert into users (id, username, first_name, last_name, email, phone, password_hash, role, invited_by_id)
       values ($1, $2, 'Bench', 'User', $2 || '@bench.test', '+33612345678', 'x', $3::role, $4)`,
      [id, username, role, inviter],
    );
  }
  await pool.query(
    `insert into categories (id, name_en, name_fr, name_ar) values ($1, 'C', 'C', 'C')`,
    [categoryId],
  );
  await pool.query(
    `insert into products (id, name, category_id, delivery_type, initial_price_cents,
       manager_price_cents, reseller_price_cents, stock, allow_backorder)
     values ($1, 'Backordered', $2, 'instant', 500, 800, 1000, 0, true)`,
    [productId, categoryId],
  );
  // The buyer paid $10 a unit (its purchase is in the ledger), the manager earns $2 on each
  // when filled: each fill writes a profit row, as a real chain does.
  const chain = JSON.stringify([
    { userId: buyerId, costCents: '1000' },
    { userId: managerId, costCents: '800' },
  ]);
  await pool.query(
    `insert into orders (id, buyer_id, seller_id, product_id, product_name, category_id, quantity,
       delivery_type, unit_price_cents, total_cents, status, price_chain, backordered, created_at)
     select gen_random_uuid(), $1, $2, $3, 'Backordered', $4, 1, 'instant', 1000, 1000, 'pending',
            $5::jsonb, true, now() - (($6 - g) * interval '1 millisecond')
     from generate_series(1, $6) g`,
    [buyerId, managerId, productId, categoryId, chain, ORDERS],
  );

  const vault = new KeyVault(randomBytes(32).toString('hex'));
  const keys = Array.from(
    { length: ORDERS },
    (_, i) => `FILL-${i}-${randomBytes(6).toString('hex')}`,
  );
  const service = new ProductKeysService(database.db, vault);
  const started = performance.now();
  const result = await service.importKeys(
    { userId: adminId!, role: 'admin' },
    productId!,
    keys.join('\n'),
  );
  const seconds = (performance.now() - started) / 1000;

  const { rows } = await pool.query<{ status: string; n: number }>(
    `select status::text, count(*)::int as n from orders where product_id = $1 group by status`,
    [productId],
  );
  const keyCheck = (await runChecks(database.db)).find(
    (c) => c.name === 'instant_orders_hold_their_keys',
  );
  console.log(
    JSON.stringify({
      orders: ORDERS,
      seconds: Number(seconds.toFixed(2)),
      ordersPerSecond: Math.round(ORDERS / seconds),
      result,
      statuses: rows,
      keysHeld: keyCheck?.ok,
    }),
  );
  await database.close();
} finally {
  await bench.drop();
}
