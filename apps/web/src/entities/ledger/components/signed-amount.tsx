import { clsx } from 'clsx';
import { useTranslation } from 'react-i18next';
import { formatUsdAmount } from '@/lib/format-price';

/**
 * A movement's amount with its sign written out ("+$12.00", "−$40.00") as well as coloured
 * (credit green, debit red), so it reads the same without colour; always in USD, as the ledger
 * and its CSV are.
 */
export function SignedAmount({ amount, className }: { amount: number; className?: string }) {
  const { i18n } = useTranslation();
  const credit = amount >= 0;
  return (
    <bdi
      dir="ltr"
      className={clsx(
        'font-semibold tabular-nums',
        credit ? 'text-success' : 'text-danger',
        className,
      )}
    >
      {credit ? '+' : '\u2212'}
      {formatUsdAmount(Math.abs(amount), i18n.language)}
    </bdi>
  );
}
