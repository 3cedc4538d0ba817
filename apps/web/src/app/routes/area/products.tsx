import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/ui/page-header';
import { Catalogue } from '@/features/shop/components/catalogue';

export function ProductsRoute() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('shop.title')} description={t('shop.subtitle')} />
      <Catalogue />
    </>
  );
}
