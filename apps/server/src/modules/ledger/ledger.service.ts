import type { Readable } from 'node:stream';
import type { LedgerEntry, LedgerList, LedgerQuery } from '@keymarket/contracts/ledger';
import { messages } from '@keymarket/contracts/messages';
import { fromCents } from '@keymarket/contracts/money';
import { pageOf } from '@keymarket/contracts/pagination';
import type { Database } from '../../db/client';
import { ReadRouting } from '../../db/read-routing';
import { AppError } from '../../lib/app-error';
import { csvStream, keysetBatches, type CsvColumn } from '../../lib/csv';
import type { AuthContext } from '../access/auth-context';
import { statementOwnerOf } from '../access/policy';
import { findUserById } from '../users/users.repository';
import { foldUserProfit } from './profit-accruals';
import {
  statementBatch,
  statementCount,
  statementPage,
  type StatementFilter,
  type StatementRow,
} from './statement.repository';

const refOf = (user: { id: string | null; username: string | null } | null) =>
  user?.id && user.username !== null ? { id: user.id, username: user.username } : null;

function entryOf({ entry, counterparty, actor }: StatementRow): LedgerEntry {
  return {
    id: entry.id.toString(),
    createdAt: entry.createdAt.toISOString(),
    bucket: entry.bucket,
    kind: entry.kind,
    amount: fromCents(entry.amountCents),
    balanceAfter: fromCents(entry.balanceAfterCents),
    orderId: entry.orderId,
    counterparty: refOf(counterparty),
    actor: refOf(actor),
    note: entry.note,
  };
}

/** The statement's CSV columns: what the screen shows, one movement a line. */
const csvColumns: CsvColumn<LedgerEntry>[] = [
  { header: 'Date (UTC)', cell: (e) => e.createdAt },
  { header: 'Bucket', cell: (e) => e.bucket },
  { header: 'Kind', cell: (e) => e.kind },
  { header: 'Amount (USD)', cell: (e) => e.amount },
  { header: 'Balance after (USD)', cell: (e) => e.balanceAfter },
  { header: 'Order', cell: (e) => e.orderId },
  { header: 'Counterparty', cell: (e) => e.counterparty?.username },
  { header: 'By', cell: (e) => e.actor?.username },
  { header: 'Note', cell: (e) => e.note },
];

/** A user's statement: its ledger rows, newest first (DESIGN.md §10). */
export class LedgerService {
  constructor(
    private readonly db: Database,
    /** Statements tolerate lag: read from the replica when there is a fit one (`filterOf`). */
    private readonly reads = new ReadRouting(db),
  ) {}

  async list(caller: AuthContext, query: LedgerQuery): Promise<LedgerList> {
    const { filter, reader } = await this.filterOf(caller, query);
    const [rows, total] = await Promise.all([
      statementPage(reader, filter, {
        limit: query.limit,
        offset: (query.page - 1) * query.limit,
        sort: query.sort,
      }),
      statementCount(reader, filter),
    ]);
    return pageOf(rows.map(entryOf), query, total);
  }

  /**
   * Every row the same filters select, as CSV, read a batch at a time. Always in ledger order,
   * whatever `sort` says: a statement reads from its latest movement down, and the keyset
   * batches follow that order.
   */
  async export(caller: AuthContext, query: LedgerQuery): Promise<Readable> {
    const { filter, reader } = await this.filterOf(caller, query);
    const batches = keysetBatches<StatementRow>((after) => statementBatch(reader, filter, after));
    async function* entries() {
      for await (const batch of batches) yield batch.map(entryOf);
    }
    return csvStream(entries(), csvColumns);
  }

  /** The statement's filter, and where to read it. */
  private async filterOf(
    caller: AuthContext,
    query: LedgerQuery,
  ): Promise<{ filter: StatementFilter; reader: Database }> {
    const userId = statementOwnerOf(caller, query.userId);
    if (userId !== caller.userId && !(await findUserById(this.db, userId))) {
      throw new AppError('not_found', messages.userNotFound);
    }
    // The margins its downline's sales left pending get their ledger rows now, so the statement
    // shows every movement that has happened (profit-accruals.ts). Nothing pending: no write.
    const folded = query.bucket !== 'balance' ? await foldUserProfit(this.db, userId) : 0;
    // Rows the fold just wrote must be in the statement: then it reads the primary, which has them.
    const reader = folded > 0 ? this.db : await this.reads.reader();
    return {
      filter: { userId, bucket: query.bucket, kind: query.kind, from: query.from, to: query.to },
      reader,
    };
  }
}
