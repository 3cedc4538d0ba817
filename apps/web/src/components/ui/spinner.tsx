import { clsx } from 'clsx';
import { LoaderCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';

type SpinnerProps = { className?: string };

/** A loading indicator that screen readers announce. */
export function Spinner({ className }: SpinnerProps) {
  const { t } = useTranslation();
  return (
    <span role="status" className="inline-flex items-center">
      <LoaderCircle aria-hidden className={clsx('size-5 animate-spin text-accent', className)} />
      <span className="sr-only">{t('app.loading')}</span>
    </span>
  );
}

export function FullPageSpinner() {
  return (
    <div className="grid min-h-dvh place-items-center">
      <Spinner className="size-8" />
    </div>
  );
}
