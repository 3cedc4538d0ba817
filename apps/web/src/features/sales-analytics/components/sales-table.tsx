import { clsx } from 'clsx';
import { ArrowDown } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { SalesMeasure, SalesReport, SalesRow } from '@keymarket/contracts/sales-analytics';
import { Badge } from '@/components/ui/badge';
import {
  CellText,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { UserName } from '@/components/ui/user-name';
import { formatCount } from '@/lib/format-number';
import { ChangeFigure, useSalesFigures, type FigureName } from './sales-figures';

const columns: readonly FigureName[] = ['units', 'orders', 'revenue', 'profit'];

type SalesTableProps = {
  report: SalesReport;
  /** The signed-in user's id: its own purchases are a channel of its own among the sellers. */
  meId: string | undefined;
  /** The next report is loading: the rows shown are the previous one's. */
  busy: boolean;
};

/**
 * The top rows, ranked by the report's measure: each figure with its change on the previous
 * period. On phones each row is a card (components/ui/table.tsx), its rank before its name.
 */
export function SalesTable({ report, meId, busy }: SalesTableProps) {
  const { t, i18n } = useTranslation('sales');
  const measure = t(`measures.${report.sort}`);
  return (
    <Table aria-label={t(`table.${report.by}`, { measure })} aria-busy={busy || undefined}>
      <TableHead>
        <tr>
          <TableHeader className="w-12">{t('table.rank')}</TableHeader>
          <TableHeader>{t(`table.name.${report.by}`)}</TableHeader>
          {columns.map((name) => (
            <FigureHeader key={name} name={name} sort={report.sort} />
          ))}
        </tr>
      </TableHead>
      <TableBody>
        {report.rows.map((row, index) => (
          <TableRow key={row.id}>
            <TableCell className="text-muted tabular-nums max-sm:hidden">
              {formatCount(index + 1, i18n.language)}
            </TableCell>
            <TableCell kind="title">
              <NameCell row={row} rank={index + 1} isMe={row.id === meId} />
            </TableCell>
            {columns.map((name) => (
              <FigureCell key={name} name={name} row={row} />
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function FigureHeader({ name, sort }: { name: FigureName; sort: SalesMeasure }) {
  const { t } = useTranslation('sales');
  const ranked = name === sort;
  return (
    <TableHeader
      aria-sort={ranked ? 'descending' : undefined}
      className={clsx('text-end', ranked && 'text-fg')}
    >
      <span className="flex items-center justify-end gap-1">
        {t(`measures.${name}`)}
        {ranked && <ArrowDown aria-hidden className="size-3.5" />}
      </span>
    </TableHeader>
  );
}

function NameCell({ row, rank, isMe }: { row: SalesRow; rank: number; isMe: boolean }) {
  const { t, i18n } = useTranslation('sales');
  const { t: tCore } = useTranslation();
  return (
    <div className="flex items-baseline gap-2">
      {/* The rank column is hidden on phones: the card's title carries it. */}
      <span className="text-muted tabular-nums sm:hidden">{formatCount(rank, i18n.language)}.</span>
      <div className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
        {row.role ? <UserName username={row.name} /> : <CellText>{row.name}</CellText>}
        {row.docked && <Badge>{t('table.docked')}</Badge>}
        {row.role && <Badge>{tCore(`roles.${row.role}`)}</Badge>}
        {isMe && <Badge tone="success">{t('table.you')}</Badge>}
      </div>
    </div>
  );
}

function FigureCell({ name, row }: { name: FigureName; row: SalesRow }) {
  const { t } = useTranslation('sales');
  const { figure } = useSalesFigures();
  return (
    <TableCell label={t(`measures.${name}`)} className="text-end tabular-nums">
      <span className="inline-flex flex-col items-end max-sm:flex-row max-sm:items-baseline max-sm:gap-2">
        <span className="text-fg">{figure(name, row.current)}</span>
        <ChangeFigure name={name} current={row.current} previous={row.previous} />
      </span>
    </TableCell>
  );
}
