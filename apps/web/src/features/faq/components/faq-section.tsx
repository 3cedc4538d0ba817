import { useTranslation } from 'react-i18next';
import { LoadError } from '@/components/ui/load-error';
import { Spinner } from '@/components/ui/spinner';
import { useFaqs } from '@/entities/faqs/api/get-faqs';
import { FaqAccordion } from './faq-accordion';

/** The FAQ as loaded from the server, with its loading, failure and empty states. */
export function FaqSection() {
  const { t } = useTranslation('public');
  const faqsQuery = useFaqs();

  if (faqsQuery.isPending) {
    return (
      <div className="grid place-items-center py-16">
        <Spinner className="size-8" />
      </div>
    );
  }
  if (faqsQuery.isError) {
    return <LoadError error={faqsQuery.error} onRetry={() => void faqsQuery.refetch()} />;
  }
  if (faqsQuery.data.faqs.length === 0) {
    return (
      <p className="rounded-xl border border-border bg-surface px-6 py-12 text-center text-sm text-muted">
        {t('faq.empty')}
      </p>
    );
  }
  return <FaqAccordion faqs={faqsQuery.data.faqs} />;
}
