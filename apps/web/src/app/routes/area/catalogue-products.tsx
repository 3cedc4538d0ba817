import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/ui/page-header';
import { ProductsScreen } from '@/features/catalogue-admin/components/products-screen';

/** The admin's products screen; managers and resellers get the shop at the same path. */
export function CatalogueProductsRoute() {
  const { t } = useTranslation('catalogue', { useSuspense: true });
  return (
    <>
      <PageHeader title={t('products.title')} description={t('products.subtitle')} />
      <ProductsScreen />
    </>
  );
}
