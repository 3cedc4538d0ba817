import type { Readable } from 'node:stream';
import type { AuditEntry, AuditQuery } from '@keymarket/contracts/balance';
import { pageOf } from '@keymarket/contracts/pagination';
import type { Database } from '../../db/client';
import { ReadRouting } from '../../db/read-routing';
import { csvStream, keysetBatches, type CsvColumn } from '../../lib/csv';
import type { AuthContext } from '../access/auth-context';
import { requireAdmin } from '../access/policy';
import { auditBatch, auditCount, auditPage, type AuditRow } from './audit.repository';

const parse = (text: string | null): unknown => (text === null ? null : JSON.parse(text));

function entryOf({ entry, actor }: AuditRow): AuditEntry {
  return {
    id: entry.id.toString(),
    actor: actor?.id ? { id: actor.id, username: actor.username } : null,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    before: parse(entry.before),
    after: parse(entry.after),
    createdAt: entry.createdAt.toISOString(),
  };
}

/** Before and after as stored (JSON text), so a spreadsheet shows them whole. */
const csvColumns: CsvColumn<AuditRow>[] = [
  { header: 'Date (UTC)', cell: (r) => r.entry.createdAt.toISOString() },
  { header: 'Actor', cell: (r) => r.actor?.username },
  { header: 'Action', cell: (r) => r.entry.action },
  { header: 'Target type', cell: (r) => r.entry.targetType },
  { header: 'Target', cell: (r) => r.entry.targetId },
  { header: 'Before', cell: (r) => r.entry.before },
  { header: 'After', cell: (r) => r.entry.after },
];

/** Admin actions and money movements, newest first (DESIGN.md §6, §10). */
export class AuditService {
  constructor(
    db: Database,
    /** The audit list and its export tolerate lag: read from the replica when there is a fit one. */
    private readonly reads = new ReadRouting(db),
  ) {}

  async list(caller: AuthContext, query: AuditQuery) {
    requireAdmin(caller);
    const db = await this.reads.reader();
    const [rows, total] = await Promise.all([
      auditPage(db, query, {
        limit: query.limit,
        offset: (query.page - 1) * query.limit,
        sort: query.sort,
      }),
      auditCount(db, query),
    ]);
    return pageOf(rows.map(entryOf), query, total);
  }

  export(caller: AuthContext, query: AuditQuery): Readable {
    requireAdmin(caller);
    // One server for the whole file.
    const reader = this.reads.reader();
    return csvStream(
      keysetBatches<AuditRow>(async (after) => auditBatch(await reader, query, after)),
      csvColumns,
    );
  }
}
