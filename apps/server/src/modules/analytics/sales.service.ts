import type { Readable } from 'node:stream';
import { fromCents } from '@keymarket/contracts/money';
import { RANGE_ORDER_MESSAGE } from '@keymarket/contracts/pagination';
import {
  SALES_DEFAULT_DAYS,
  SALES_PERIOD_TOO_LONG,
  salesPeriodWithinMax,
  type SalesFigures,
  type SalesQuery,
  type SalesReport,
  type SalesRow,
} from '@keymarket/contracts/sales-analytics';
import type { Database } from '../../db/client';
import type { ReadRouting } from '../../db/read-routing';
import { csvStream, type CsvColumn } from '../../lib/csv';
import { validationError } from '../../lib/app-error';
import type { AuthContext } from '../access/auth-context';
import { isAdmin } from '../access/policy';
import { addUtcDays, rollupCutoff } from './periods';
import {
  downlineSales,
  platformSales,
  type FiguresText,
  type SalesPeriods,
  type SalesRowText,
} from './sales.repository';

/**
 * What sells (GET /analytics/sales): the top products or sellers of the caller's scope over a
 * period beside the one just before it. An admin sees the platform; a manager or reseller its own
 * purchases and its downline's, with its own margin as profit (DESIGN.md §6).
 */
export class SalesAnalyticsService {
  constructor(
    private readonly reads: ReadRouting<Database>,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async report(caller: AuthContext, query: SalesQuery): Promise<SalesReport> {
    const periods = this.periodsOf(query);
    const db = await this.reads.reader();
    const selection = { by: query.by, sort: query.sort, limit: query.limit, periods };
    const answer = isAdmin(caller)
      ? await platformSales(db, selection, rollupCutoff(this.now()))
      : await downlineSales(db, caller.userId, selection);
    const period = (p: SalesPeriods['current']) => ({
      from: p.from.toISOString(),
      to: p.to.toISOString(),
    });
    return {
      scope: isAdmin(caller) ? 'platform' : 'downline',
      by: query.by,
      sort: query.sort,
      period: period(periods.current),
      previousPeriod: period(periods.previous),
      totals: {
        current: figuresOf(answer.totals.current),
        previous: figuresOf(answer.totals.previous),
      },
      rows: answer.rows.map((row) => rowOf(row, query.by)),
    };
  }

  /** The report's rows as a CSV download (the totals are the web screen's, not the file's). */
  async export(caller: AuthContext, query: SalesQuery): Promise<Readable> {
    const { rows } = await this.report(caller, query);
    return csvStream(oneBatch(rows), query.by === 'product' ? PRODUCT_COLUMNS : SELLER_COLUMNS);
  }

  /**
   * `from` and `to` as asked; without `to` the period ends now, without `from` it lasts
   * SALES_DEFAULT_DAYS. The previous period is as long and ends where this one starts.
   */
  private periodsOf(query: SalesQuery): SalesPeriods {
    const to = query.to ?? this.now();
    const from = query.from ?? addUtcDays(to, -SALES_DEFAULT_DAYS);
    // The schema checks a range given whole; a `from` alone is checked against now here, with
    // the schema's messages.
    if (from >= to) throw validationError('querystring.to', RANGE_ORDER_MESSAGE);
    if (!salesPeriodWithinMax({ from, to })) {
      throw validationError('querystring.from', SALES_PERIOD_TOO_LONG);
    }
    const length = to.getTime() - from.getTime();
    return {
      current: { from, to },
      previous: { from: new Date(from.getTime() - length), to: from },
    };
  }
}

function figuresOf(text: FiguresText): SalesFigures {
  return {
    orders: Number(text.orders),
    units: Number(text.units),
    revenue: fromCents(BigInt(text.revenue)),
    profit: fromCents(BigInt(text.profit)),
  };
}

function rowOf(row: SalesRowText, by: SalesQuery['by']): SalesRow {
  return {
    id: row.id,
    name: row.name,
    ...(by === 'product' ? { docked: row.docked ?? false } : {}),
    ...(by === 'seller' && row.role ? { role: row.role } : {}),
    current: figuresOf(row.current),
    previous: figuresOf(row.previous),
  };
}

// eslint-disable-next-line @typescript-eslint/require-await -- csvStream reads batches as an async iterable
async function* oneBatch<T>(rows: readonly T[]) {
  yield rows;
}

const figureColumns = (
  previous: boolean,
  of: (row: SalesRow) => SalesFigures,
): CsvColumn<SalesRow>[] => {
  const header = (name: string) =>
    previous ? `Previous ${name.charAt(0).toLowerCase()}${name.slice(1)}` : name;
  return [
    { header: header('Orders'), cell: (row) => of(row).orders },
    { header: header('Units'), cell: (row) => of(row).units },
    { header: header('Revenue (USD)'), cell: (row) => of(row).revenue },
    { header: header('Profit (USD)'), cell: (row) => of(row).profit },
  ];
};

const FIGURE_COLUMNS = [
  ...figureColumns(false, (row) => row.current),
  ...figureColumns(true, (row) => row.previous),
];

const PRODUCT_COLUMNS: CsvColumn<SalesRow>[] = [
  { header: 'Name', cell: (row) => row.name },
  { header: 'Docked', cell: (row) => (row.docked ? 'yes' : 'no') },
  ...FIGURE_COLUMNS,
];

const SELLER_COLUMNS: CsvColumn<SalesRow>[] = [
  { header: 'Name', cell: (row) => row.name },
  { header: 'Role', cell: (row) => row.role },
  ...FIGURE_COLUMNS,
];
