import { Truck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useDockedSales } from '../api/get-docked-sales';
import { StatCard } from '@/components/ui/stat-card';
import { useFigures } from './stat-card';

/**
 * The platform's margin on docked products' sales (DESIGN.md §14) completed between two days
 * (`YYYY-MM-DD`, either open): what it was paid for them less what its suppliers were paid.
 * On an administrator's statement, over the statement's own dates.
 */
export function DockedSalesCard({
  from,
  to,
}: {
  from?: string | undefined;
  to?: string | undefined;
}) {
  const { t } = useTranslation('dashboard');
  const { count, money } = useFigures();
  const { data } = useDockedSales({ ...(from ? { from } : {}), ...(to ? { to } : {}) });
  if (!data) return null;
  return (
    <StatCard
      label={from || to ? t('docked.marginInRange') : t('docked.margin')}
      value={money(data.margin)}
      icon={Truck}
      details={[
        { label: t('docked.orders'), value: count(data.orders) },
        { label: t('docked.revenue'), value: money(data.revenue) },
        { label: t('docked.cost'), value: money(data.cost) },
      ]}
    />
  );
}
