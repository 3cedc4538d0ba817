import { and, asc, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { LedgerBucket, LedgerKind, ledgerSortColumns } from '@keymarket/contracts/ledger';
import type { Sort } from '@keymarket/contracts/pagination';
import type { Executor } from '../../db/client';
import { olderThan } from '../../db/keyset';
import { sortedBy } from '../../db/sort';
import { ledgerEntries, users } from '../../db/schema/index';
import { EXPORT_BATCH } from '../../lib/csv';

/** Which rows of one user's ledger a statement shows. */
export interface StatementFilter {
  userId: string;
  bucket?: LedgerBucket | undefined;
  kind?: LedgerKind | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
}

const counterparty = alias(users, 'counterparty');
const actor = alias(users, 'actor');

function whereOf(filter: StatementFilter): SQL | undefined {
  return and(
    eq(ledgerEntries.userId, filter.userId),
    filter.bucket ? eq(ledgerEntries.bucket, filter.bucket) : undefined,
    filter.kind ? eq(ledgerEntries.kind, filter.kind) : undefined,
    filter.from ? gte(ledgerEntries.createdAt, filter.from) : undefined,
    filter.to ? lt(ledgerEntries.createdAt, filter.to) : undefined,
  );
}

function selectRows(db: Executor) {
  return db
    .select({
      entry: ledgerEntries,
      counterparty: { id: counterparty.id, username: counterparty.username },
      actor: { id: actor.id, username: actor.username },
    })
    .from(ledgerEntries)
    .leftJoin(counterparty, eq(counterparty.id, ledgerEntries.counterpartyId))
    .leftJoin(actor, eq(actor.id, ledgerEntries.actorId));
}

export type StatementRow = Awaited<ReturnType<typeof selectRows>>[number];

// Newest first in ledger order (ledger.repository.ts, "LEDGER ORDER"): ledger_user_time_idx.
const newestFirst = [desc(ledgerEntries.createdAt), desc(ledgerEntries.id)];

export type StatementSort = Sort<(typeof ledgerSortColumns)[number]>;

const sortColumns = { createdAt: ledgerEntries.createdAt, amount: ledgerEntries.amountCents };

/** Oldest first reverses the ledger order whole, id too, so equal times keep their order. */
function orderOf(sort: StatementSort | undefined): SQL[] {
  if (sort?.by === 'createdAt' && sort.direction === 'asc') {
    return [asc(ledgerEntries.createdAt), asc(ledgerEntries.id)];
  }
  if (sort?.by === 'createdAt') return newestFirst;
  return sortedBy(sort, sortColumns, newestFirst);
}

/**
 * A page of the statement, in ledger order or sorted by date or amount (`?sort=`). The page's
 * ids are picked first, from the index alone (`ledger_user_time_idx`, `ledger_user_amount_idx`
 * hold the user, the sorted column and the id), and only those rows are read and given their
 * counterparty's and actor's names: joined before the offset, page 400 read and joined the
 * 9,975 rows it skips (bench/results/ledger-and-orders-pages.md).
 */
export function statementPage(
  db: Executor,
  filter: StatementFilter,
  page: { limit: number; offset: number; sort?: StatementSort | undefined },
) {
  const order = orderOf(page.sort);
  const pageIds = db
    .select({ id: ledgerEntries.id })
    .from(ledgerEntries)
    .where(whereOf(filter))
    .orderBy(...order)
    .limit(page.limit)
    .offset(page.offset);
  return selectRows(db)
    .where(inArray(ledgerEntries.id, pageIds))
    .orderBy(...order);
}

export async function statementCount(db: Executor, filter: StatementFilter): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(ledgerEntries)
    .where(whereOf(filter));
  return row?.n ?? 0;
}

/** The batch of an export that follows `after`, a row of the previous batch. */
export function statementBatch(db: Executor, filter: StatementFilter, after?: StatementRow) {
  return selectRows(db)
    .where(and(whereOf(filter), after ? olderThan(ledgerEntries, after.entry.id) : undefined))
    .orderBy(...newestFirst)
    .limit(EXPORT_BATCH);
}
