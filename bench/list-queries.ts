/**
 * Times the server's own list queries (the repositories, not hand-written SQL) on a database
 * seeded by sql/sort-pages-seed.sql: the orders list sorted each way, page 400 of a sort, and page
 * 400 of the manager's statement. Eleven runs each, median and maximum.
 *
 *   npx tsx bench/list-queries.ts postgres://postgres@127.0.0.1:5432/<database>
 */
import { sql } from 'drizzle-orm';
import type { OrderSortColumn } from '@keymarket/contracts/orders';
import type { SortDirection } from '@keymarket/contracts/pagination';
import { openDatabase, rowsOf } from '../apps/server/src/db/client';
import { statementPage } from '../apps/server/src/modules/ledger/statement.repository';
import { listOrders } from '../apps/server/src/modules/orders/orders.repository';

const url = process.argv[2];
if (!url) throw new Error('Usage: npx tsx bench/list-queries.ts <database url>');
const handle = await openDatabase({ kind: 'postgres', url, poolMax: 2 });
const { db } = handle;

async function measure(label: string, run: () => Promise<unknown>) {
  const times: number[] = [];
  for (let i = 0; i < 11; i += 1) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const [median, max] = [times[5] ?? 0, times[10] ?? 0];
  console.log(`${label.padEnd(40)} median ${median.toFixed(1)} ms, max ${max.toFixed(1)} ms`);
}

const sorts: [OrderSortColumn, SortDirection][] = [
  ['quantity', 'asc'],
  ['quantity', 'desc'],
  ['status', 'asc'],
  ['status', 'desc'],
  ['total', 'asc'],
  ['date', 'asc'],
];
for (const [by, direction] of sorts) {
  await measure(`orders sort=${direction === 'desc' ? '-' : ''}${by}, page 1`, () =>
    listOrders(db, { scope: undefined, sort: { by, direction }, limit: 25, offset: 0 }),
  );
}
await measure('orders sort=status, page 400', () =>
  listOrders(db, {
    scope: undefined,
    sort: { by: 'status', direction: 'asc' },
    limit: 25,
    offset: 9975,
  }),
);
const [found] = await rowsOf<{ id: string }>(
  db,
  sql`select id from users where username = 'manager_h17'`,
);
const manager = found?.id;
if (!manager) throw new Error('No manager_h17: seed with sql/sort-pages-seed.sql first');
await measure("manager's statement, page 400 (rows)", () =>
  statementPage(db, { userId: manager }, { limit: 25, offset: 9975 }),
);
await handle.close();
