import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/ui/page-header';
import { FaqSection } from '@/features/faq/components/faq-section';

export function FaqRoute() {
  const { t } = useTranslation('public', { useSuspense: true });
  return (
    <>
      <PageHeader title={t('faq.title')} description={t('faq.subtitle')} />
      <FaqSection />
    </>
  );
}
