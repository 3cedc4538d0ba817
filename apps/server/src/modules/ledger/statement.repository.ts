import { and, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { LedgerBucket, LedgerKind } from '@keymarket/contracts/ledger';
import type { Executor } from '../../db/client';
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

export function statementPage(
  db: Executor,
  filter: StatementFilter,
  page: { limit: number; offset: number },
) {
  return selectRows(db)
    .where(whereOf(filter))
    .orderBy(...newestFirst)
    .limit(page.limit)
    .offset(page.offset);
}

export async function statementCount(db: Executor, filter: StatementFilter): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(ledgerEntries)
    .where(whereOf(filter));
  return row?.n ?? 0;
}

/**
 * The batch of an export that follows `after` (a row of the previous batch). The position is
 * compared in the database, `(created_at, id)` against the row itself, because a JavaScript Date
 * drops created_at's microseconds.
 */
export function statementBatch(db: Executor, filter: StatementFilter, after?: StatementRow) {
  const past = after
    ? sql`(${ledgerEntries.createdAt}, ${ledgerEntries.id}) <
          (select created_at, id from ledger_entries where id = ${after.entry.id})`
    : undefined;
  return selectRows(db)
    .where(and(whereOf(filter), past))
    .orderBy(...newestFirst)
    .limit(EXPORT_BATCH);
}
