import { clsx } from 'clsx';
import { useTranslation } from 'react-i18next';
import { formatUsdAmount } from '@/lib/format-price';

/**
 * A movement's amount with its sign written out ("+$12.00", "-$40.00", the sign as every amount
 * writes it: formatMoney) as well as coloured (credit green, debit red), so it reads the same
 * without colour; always in USD, as the ledger and its CSV are.
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
      {formatUsdAmount(amount, i18n.language, { signed: true })}
    </bdi>
  );
}
