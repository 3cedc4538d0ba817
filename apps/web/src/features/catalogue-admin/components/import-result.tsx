import { useTranslation } from 'react-i18next';
import type { KeyImportTotals } from '../api/import-keys';

/**
 * What an import did: keys added, duplicates and blank lines skipped, the waiting orders the keys
 * completed, the stock after it.
 */
export function ImportResult({ totals, label }: { totals: KeyImportTotals; label?: string }) {
  const { t } = useTranslation('catalogue');
  const rows = [
    ['added', totals.added],
    ['duplicates', totals.duplicates],
    ['blanks', totals.blanks],
    ['backordersFilled', totals.backordersFilled],
    ['stock', totals.stock],
  ] as const;
  // A file import's counts come without the stock (the list above it shows that).
  return (
    <section
      aria-label={label ?? t('keys.result')}
      className="rounded-lg border border-border bg-surface-2 p-3"
    >
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-5">
        {rows
          .filter(([name, value]) => name !== 'stock' || value !== null)
          .map(([name, value]) => (
            <div key={name} className="flex flex-col">
              <dt className="text-xs text-muted">{t(`keys.${name}`)}</dt>
              <dd className="text-lg font-semibold text-fg tabular-nums">{value ?? '—'}</dd>
            </div>
          ))}
      </dl>
    </section>
  );
}
