import { useTranslation } from 'react-i18next';
import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import {
  StatementView,
  statementFilters,
  statementSortable,
} from '@/entities/ledger/components/statement-view';
import { useTableParams } from '@/lib/use-table-params';

/** Every area's own statement: how its balance and profit got where they are. */
export function StatementRoute() {
  const { t } = useTranslation('money', { useSuspense: true });
  const params = useTableParams({ filters: statementFilters, sortable: statementSortable });
  return (
    <>
      <PageHeader title={t('statement.title')} description={t('statement.subtitle')} />
      <Card>
        <StatementView params={params} />
      </Card>
    </>
  );
}
