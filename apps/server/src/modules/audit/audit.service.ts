import type { Readable } from 'node:stream';
import type { AuditEntry, AuditQuery } from '@keymarket/contracts/balance';
import { pageOf } from '@keymarket/contracts/pagination';
import type { Database } from '../../db/client';
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
  constructor(private readonly db: Database) {}

  async list(caller: AuthContext, query: AuditQuery) {
    requireAdmin(caller);
    const [rows, total] = await Promise.all([
      auditPage(this.db, query, {
        limit: query.limit,
        offset: (query.page - 1) * query.limit,
        sort: query.sort,
      }),
      auditCount(this.db, query),
    ]);
    return pageOf(rows.map(entryOf), query, total);
  }

  export(caller: AuthContext, query: AuditQuery): Readable {
    requireAdmin(caller);
    return csvStream(
      keysetBatches<AuditRow>((after) => auditBatch(this.db, query, after)),
      csvColumns,
    );
  }
}
