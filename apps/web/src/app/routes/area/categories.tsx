import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/ui/page-header';
import { CategoriesScreen } from '@/features/catalogue-admin/components/categories-screen';

export function CategoriesRoute() {
  const { t } = useTranslation('catalogue', { useSuspense: true });
  return (
    <>
      <PageHeader title={t('categories.title')} description={t('categories.subtitle')} />
      <CategoriesScreen />
    </>
  );
}
