import { useTranslation } from 'react-i18next';
import { FaqSection } from '@/features/faq/components/faq-section';
import { PublicPage } from '@/features/public-pages/components/public-page';

export function PublicFaqRoute() {
  const { t } = useTranslation('public', { useSuspense: true });
  return (
    <PublicPage title={t('faq.title')} lead={t('faq.subtitle')}>
      <FaqSection />
    </PublicPage>
  );
}
