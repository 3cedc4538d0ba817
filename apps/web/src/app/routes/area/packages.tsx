import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/ui/page-header';
import type { PackageKind } from '@/entities/packages/api/assign-package';
import { PackagesScreen } from '@/features/packages/components/packages-screen';

/** `/admin/packages` (the platform's packages) and `/manager/packages` (a manager's own). */
export function PackagesRoute({ kind }: { kind: PackageKind }) {
  const { t } = useTranslation('pricing', { useSuspense: true });
  return (
    <>
      <PageHeader title={t('packages.title')} description={t(`packages.subtitle.${kind}`)} />
      <PackagesScreen kind={kind} />
    </>
  );
}
