import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { MyLimits } from '@keymarket/contracts/purchase-limits';
import { ApiError } from '@/lib/api-error';
import { formatUsdAmount } from '@/lib/format-price';

/** The most units one order may hold under the per-order limits (the buyer's and the product's). */
function perOrderLimit(limits: MyLimits): number | null {
  const set = [limits.maxOrderQuantity, limits.product?.maxOrderQuantity].filter(
    (v): v is number => typeof v === 'number',
  );
  return set.length ? Math.min(...set) : null;
}

/** A moment in the reader's language and time zone: when the daily limits start again. */
function localTime(iso: string, language: string): string {
  return new Date(iso).toLocaleString(`${language}-u-nu-latn`, {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
}

/**
 * The purchase limits that apply to this product for the buyer, said in the buy dialog: "3 left
 * today", the most in one order, what the spending cap still allows, and when a day ends (UTC).
 * Nothing when no limit applies.
 */
export function PurchaseAllowance({ limits }: { limits: MyLimits }) {
  const { t, i18n } = useTranslation('limits');
  const perOrder = perOrderLimit(limits);
  const daily = limits.quantityLeftToday !== null || limits.spendLeftToday !== null;
  if (perOrder === null && !daily) return null;
  return (
    <div className="rounded-lg bg-surface-2 p-3 text-sm" data-testid="purchase-allowance">
      <ul className="flex flex-col gap-1 text-fg">
        {limits.quantityLeftToday !== null && (
          <li className="font-medium">
            {limits.quantityLeftToday > 0
              ? t('buy.leftToday', { count: limits.quantityLeftToday })
              : t('buy.noneLeft')}
          </li>
        )}
        {perOrder !== null && <li>{t('buy.perOrder', { count: perOrder })}</li>}
        {limits.spendLeftToday !== null && (
          <li>
            {t('buy.spendLeft', {
              amount: formatUsdAmount(limits.spendLeftToday, i18n.language),
            })}
          </li>
        )}
      </ul>
      {daily && (
        <p className="mt-1 text-xs text-muted">
          {t('buy.resets', { time: localTime(limits.resetsAt, i18n.language) })}
        </p>
      )}
    </div>
  );
}

/** A `limit_exceeded` refusal in the reader's language, or null for any other error. */
export function limitRefusalText(error: unknown, t: TFunction<'limits'>, language: string) {
  if (!(error instanceof ApiError)) return null;
  const { type, limit } = error.body.message;
  if (type !== 'limit_exceeded' || !limit) return null;
  const money = limit.name === 'daily_spend';
  const amount = (value: number) => (money ? formatUsdAmount(value, language) : String(value));
  return t(`refused.${limit.name}`, {
    max: amount(limit.max),
    used: amount(limit.used),
    time: limit.resetsAt ? localTime(limit.resetsAt, language) : '',
  });
}
