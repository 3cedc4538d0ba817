import { useTranslation } from 'react-i18next';
import type { Role } from '@keymarket/contracts/users';
import { validRange } from '@/components/ui/date-range';
import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import {
  StatementView,
  statementFilters,
  statementSortable,
} from '@/entities/ledger/components/statement-view';
import { DockedSalesCard } from '@/features/dashboard/components/docked-sales-card';
import { useTableParams } from '@/lib/use-table-params';

/**
 * Every area's own statement: how its balance and profit got where they are. An administrator's
 * also shows the platform's margin on docked sales over the statement's dates.
 */
export function StatementRoute({ role }: { role: Role }) {
  const { t } = useTranslation('money', { useSuspense: true });
  const params = useTableParams({ filters: statementFilters, sortable: statementSortable });
  return (
    <>
      <PageHeader title={t('statement.title')} description={t('statement.subtitle')} />
      {role === 'admin' && (
        <div className="mb-4 max-w-md">
          <DockedSalesCard {...validRange(params.filters.from, params.filters.to)} />
        </div>
      )}
      <Card>
        <StatementView params={params} />
      </Card>
    </>
  );
}
