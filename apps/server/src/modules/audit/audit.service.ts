import type { Readable } from 'node:stream';
import type { AuditEntry, AuditName, AuditQuery } from '@keymarket/contracts/balance';
import { formatAmount, fromCents } from '@keymarket/contracts/money';
import { pageOf } from '@keymarket/contracts/pagination';
import type { AppLanguage } from '@keymarket/contracts/users';
import type { Database, Executor } from '../../db/client';
import { ReadRouting } from '../../db/read-routing';
import { csvStream, keysetBatches, type CsvColumn } from '../../lib/csv';
import type { AuthContext } from '../access/auth-context';
import { requireAdmin } from '../access/policy';
import { auditActionName } from './audit-action-names';
import { auditBatch, auditCount, auditPage, namesOf, type AuditRow } from './audit.repository';

const parse = (text: string | null): unknown => (text === null ? null : JSON.parse(text));

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Every id an entry holds: its target's, and those among its before/after values, nested too. */
function idsIn(value: unknown, into: Set<string>): Set<string> {
  if (typeof value === 'string') {
    if (UUID.test(value)) into.add(value.toLowerCase());
  } else if (Array.isArray(value)) {
    for (const item of value) idsIn(item, into);
  } else if (value !== null && typeof value === 'object') {
    for (const item of Object.values(value)) idsIn(item, into);
  }
  return into;
}

/** The entries of `rows`, each with the names of the records it points at. */
async function entriesOf(db: Executor, rows: AuditRow[]): Promise<AuditEntry[]> {
  const entries = rows.map(entryOf);
  const ids = new Set<string>();
  for (const entry of entries) idsIn([entry.targetId, entry.before, entry.after], ids);
  const names = await namesOf(db, [...ids]);
  for (const entry of entries) {
    const own: Record<string, AuditName> = {};
    for (const id of idsIn([entry.targetId, entry.before, entry.after], new Set())) {
      const name = names.get(id);
      if (name) own[id] = name;
    }
    entry.names = own;
  }
  return entries;
}

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
    names: {},
  };
}

const CENTS = /^(.+)Cents$/;

/**
 * `value` with its amounts kept in cents (`refundCents: "1250"`, nested too) written as money
 * under the name without `Cents` (`refund: "12.50 USD"`), as the statement's export shows USD.
 */
function withMoney(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withMoney);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([field, item]) => {
      const name = CENTS.exec(field)?.[1];
      const digits = typeof item === 'string' || typeof item === 'number' ? String(item) : '';
      if (name && /^-?\d+$/.test(digits)) {
        return [name, `${formatAmount(fromCents(BigInt(digits)), 1, '')} USD`];
      }
      return [field, withMoney(item)];
    }),
  );
}

/** Before or after as JSON text, so a spreadsheet shows it whole, its amounts as money. */
const shownJson = (text: string | null) =>
  text === null ? null : JSON.stringify(withMoney(JSON.parse(text)));

/**
 * The export's columns: the action named as the screen names it in `language`, and its code
 * beside it (what operators filter by).
 */
const csvColumns = (language: AppLanguage): CsvColumn<AuditRow>[] => [
  { header: 'Date (UTC)', cell: (r) => r.entry.createdAt.toISOString() },
  { header: 'Actor', cell: (r) => r.actor?.username },
  { header: 'Action', cell: (r) => auditActionName(r.entry.action, language) },
  { header: 'Action code', cell: (r) => r.entry.action },
  { header: 'Target type', cell: (r) => r.entry.targetType },
  { header: 'Target', cell: (r) => r.entry.targetId },
  { header: 'Before', cell: (r) => shownJson(r.entry.before) },
  { header: 'After', cell: (r) => shownJson(r.entry.after) },
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
    return pageOf(await entriesOf(db, rows), query, total);
  }

  /** Every entry the filters select, as CSV, its actions named in `language`. */
  export(caller: AuthContext, query: AuditQuery, language: AppLanguage): Readable {
    requireAdmin(caller);
    // One server for the whole file.
    const reader = this.reads.reader();
    return csvStream(
      keysetBatches<AuditRow>(async (after) => auditBatch(await reader, query, after)),
      csvColumns(language),
    );
  }
}
