import type pg from 'pg';
import { sleep } from './cluster';

/**
 * The second scenario of `npm run test:ha`: the lag-tolerant reads (CSV exports, analytics)
 * through a replica that dies under them. Each client asks one instance for the orders export,
 * the audit export, the dashboard figures and the revenue chart in turn, recording every answer:
 * its status, and for an export how it ended (whole, or cut with a connection error) and how many
 * rows it held.
 */

export type ReadKind = 'orders.csv' | 'audit.csv' | 'dashboard' | 'revenue';

const READS: { kind: ReadKind; path: string }[] = [
  { kind: 'orders.csv', path: '/api/orders/all?format=csv&showAll=true' },
  { kind: 'audit.csv', path: '/api/audit?format=csv' },
  { kind: 'dashboard', path: '/api/analytics/dashboard-stats' },
  { kind: 'revenue', path: '/api/analytics/revenue-chart?period=daily' },
];

export interface Read {
  kind: ReadKind;
  instance: string;
  startedAt: number;
  endedAt: number;
  /** The HTTP status, or 0 when no answer came at all. */
  status: number;
  /** An export's body: 'whole' when it ended cleanly, 'cut' when the connection broke under it. */
  body?: 'whole' | 'cut';
  /** Data rows of an export that ended cleanly (its header row not counted). */
  rows?: number;
  errorType?: string;
}

const ANSWER_TIMEOUT_MS = 30_000;

/** Data rows of a CSV whose records end in CRLF (the exports': no cell of this data holds one). */
function csvRows(text: string): number {
  return text.split('\r\n').filter((line) => line.length > 0).length - 1;
}

async function readOnce(
  kind: ReadKind,
  path: string,
  instance: string,
  cookie: string,
): Promise<Read> {
  const startedAt = Date.now();
  const read = (fields: Partial<Read> & { status: number }): Read => ({
    kind,
    instance,
    startedAt,
    endedAt: Date.now(),
    ...fields,
  });
  let response: Response;
  try {
    response = await fetch(`${instance}${path}`, {
      headers: { cookie },
      signal: AbortSignal.timeout(ANSWER_TIMEOUT_MS),
    });
  } catch {
    return read({ status: 0 });
  }
  const isCsv = kind.endsWith('.csv') && response.status === 200;
  let text: string;
  try {
    text = await response.text();
  } catch {
    // The body broke off: what a client sees of an export whose database went away mid-file.
    return read({ status: response.status, body: isCsv ? 'cut' : undefined });
  }
  if (!isCsv) {
    let errorType: string | undefined;
    if (response.status !== 200) {
      try {
        errorType = (JSON.parse(text) as { message?: { type?: string } }).message?.type;
      } catch {
        // not JSON
      }
    }
    return read({ status: response.status, errorType });
  }
  return read({ status: response.status, body: 'whole', rows: csvRows(text) });
}

/** `clients` readers, spread over the instances, reading one thing after another until `until`. */
export async function readUntil(options: {
  clients: number;
  instances: string[];
  cookie: string;
  until: number;
  onRead: (read: Read) => void;
}): Promise<void> {
  const { instances } = options;
  await Promise.all(
    Array.from({ length: options.clients }, async (_, client) => {
      for (let n = client; Date.now() < options.until; n++) {
        const { kind, path } = READS[n % READS.length]!;
        const instance = instances[client % instances.length]!;
        options.onRead(await readOnce(kind, path, instance, options.cookie));
        await sleep(20);
      }
    }),
  );
}

/** How many rows a whole export must hold: the orders and the audit log, counted on the primary. */
export async function exportRowCounts(pool: pg.Pool): Promise<Record<ReadKind, number>> {
  const { rows } = await pool.query<{ orders: number; audit: number }>(
    `select (select count(*) from orders)::int as orders, (select count(*) from audit_log)::int as audit`,
  );
  return { 'orders.csv': rows[0]!.orders, 'audit.csv': rows[0]!.audit, dashboard: 0, revenue: 0 };
}

/** Client connections on one PostgreSQL server (the replica, asked directly on its own port). */
export async function clientConnections(pool: pg.Pool): Promise<number> {
  const { rows } = await pool.query<{ n: number }>(
    `select count(*)::int as n from pg_stat_activity
     where backend_type = 'client backend' and pid <> pg_backend_pid()`,
  );
  return rows[0]!.n;
}
