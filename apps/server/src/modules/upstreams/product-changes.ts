import { sql } from 'drizzle-orm';
import { pageOf } from '@keymarket/contracts/pagination';
import type { Product } from '@keymarket/contracts/catalogue';
import { rowsOf, type Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { AuthContext } from '../access/auth-context';
import type { ProductsService } from '../products/products.service';

/**
 * GET /v1/products?updatedSince= (DESIGN.md §14): what a downstream platform polls. A product
 * whose row changed since then (a price, its name, deleted or restored: `updated_at`,
 * `deleted_at`), oldest change first, at the caller's price; the deleted ones by id only. Stock
 * and the caller's own package prices change no row: the downstream's full sync reads those.
 */
export async function productChangesSince(
  db: Database,
  products: ProductsService,
  caller: AuthContext,
  query: { page: number; limit: number; updatedSince: Date },
) {
  const since = query.updatedSince.toISOString();
  const changed = sql`from products p
    where p.updated_at >= ${since}::timestamptz or p.deleted_at >= ${since}::timestamptz`;
  const [rows, counted] = await Promise.all([
    rowsOf<{ id: string; deleted: boolean }>(
      db,
      sql`select p.id, p.deleted_at is not null as deleted ${changed}
          order by greatest(p.updated_at, coalesce(p.deleted_at, p.updated_at)), p.id
          limit ${query.limit}::int offset ${(query.page - 1) * query.limit}::int`,
    ),
    rowsOf<{ n: number }>(db, sql`select count(*)::int as n ${changed}`),
  ]);
  const live: Product[] = [];
  for (const row of rows.filter((r) => !r.deleted)) {
    try {
      live.push(await products.get(caller, row.id));
    } catch (error) {
      // Deleted between the two reads: the next poll names it.
      if (!(error instanceof AppError && error.type === 'not_found')) throw error;
    }
  }
  return {
    ...pageOf(live, query, counted[0]?.n ?? 0),
    deletedIds: rows.filter((r) => r.deleted).map((r) => r.id),
  };
}
