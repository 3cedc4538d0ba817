import { KeyRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';

export function Brand() {
  const { t } = useTranslation();
  return (
    <span className="flex items-center gap-2.5 font-semibold tracking-tight text-fg">
      <span className="grid size-8 place-items-center rounded-lg bg-primary text-primary-fg shadow-card">
        <KeyRound aria-hidden className="size-4.5" />
      </span>
      <span className="text-lg">{t('app.name')}</span>
    </span>
  );
}
