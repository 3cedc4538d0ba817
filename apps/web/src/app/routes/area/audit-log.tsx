import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/ui/page-header';
import { AuditLogScreen } from '@/features/audit/components/audit-log-screen';

/** The admin's audit log: every admin action and money movement, with before and after. */
export function AuditLogRoute() {
  const { t } = useTranslation('money', { useSuspense: true });
  return (
    <>
      <PageHeader title={t('audit.title')} description={t('audit.subtitle')} />
      <AuditLogScreen />
    </>
  );
}
