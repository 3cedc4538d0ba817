import { KeyRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** The logo and the site's name (system settings; the product's own name by default). */
export function Brand({ name }: { name?: string }) {
  const { t } = useTranslation();
  return (
    <span className="flex min-w-0 items-center gap-2.5 font-semibold tracking-tight text-fg">
      <span className="grid size-8 shrink-0 place-items-center rounded-lg bg-primary text-primary-fg shadow-card">
        <KeyRound aria-hidden className="size-4.5" />
      </span>
      <span className="min-w-0 truncate text-lg">{name ?? t('app.name')}</span>
    </span>
  );
}
