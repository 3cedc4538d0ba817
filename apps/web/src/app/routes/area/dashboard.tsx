import { useTranslation } from 'react-i18next';
import type { Role } from '@keymarket/contracts/users';
import { PageHeader } from '@/components/ui/page-header';
import { DashboardScreen } from '@/features/dashboard/components/dashboard-screen';

export function DashboardRoute({ role }: { role: Role }) {
  const { t } = useTranslation('dashboard', { useSuspense: true });
  return (
    <>
      <PageHeader title={t('title')} description={t(`subtitle.${role}`)} />
      <DashboardScreen role={role} />
    </>
  );
}
