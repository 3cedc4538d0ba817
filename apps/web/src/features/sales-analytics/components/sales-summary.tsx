import { Banknote, Boxes, TrendingUp, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { SalesReport } from '@keymarket/contracts/sales-analytics';
import { StatCard } from '@/components/ui/stat-card';
import { ChangeFigure, useSalesFigures, type FigureName } from './sales-figures';

const cards: readonly { name: FigureName; icon: LucideIcon }[] = [
  { name: 'revenue', icon: Banknote },
  { name: 'units', icon: Boxes },
  { name: 'profit', icon: TrendingUp },
];

/**
 * The period's totals over every order in scope (not only the rows listed): revenue, units and
 * profit, each with its change and its figure over the previous period.
 */
export function SalesSummary({ totals }: { totals: SalesReport['totals'] }) {
  const { t } = useTranslation('sales');
  const { figure } = useSalesFigures();
  const { current, previous } = totals;
  return (
    <section aria-label={t('summary.label')} className="grid grid-cols-1 gap-4 sm:grid-cols-3">
      {cards.map(({ name, icon }) => (
        <StatCard
          key={name}
          label={t(`measures.${name}`)}
          icon={icon}
          value={
            <>
              {figure(name, current)}
              <ChangeFigure name={name} current={current} previous={previous} className="ms-3" />
            </>
          }
          details={[
            { label: t('summary.previous'), value: figure(name, previous) },
            ...(name === 'units'
              ? [{ label: t('summary.orders'), value: figure('orders', current) }]
              : []),
          ]}
        />
      ))}
    </section>
  );
}
