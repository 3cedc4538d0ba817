import { useTranslation } from 'react-i18next';

/** Stands in for a profit figure while the reader keeps profit hidden (the top bar's eye). */
export function HiddenAmount() {
  const { t } = useTranslation();
  return (
    <>
      <span aria-hidden>••••</span>
      <span className="sr-only">{t('balance.hidden')}</span>
    </>
  );
}
