import { Eye, EyeOff, TrendingUp, Wallet } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '@/lib/auth/current-user';
import { useFormatPrice } from '@/lib/format-price';
import { useProfitVisibility } from '@/lib/profit-visibility';

// On phones the two figures stand one above the other, without their frames: side by side, a
// balance of many digits (or in a currency of large numbers) pushed the top bar past 360px. Their
// words show from `xl` only: beside the sidebar and the switches, French ones overflowed at 1024px.
const chip =
  'flex items-center gap-1.5 sm:gap-2 sm:rounded-lg sm:border sm:border-border sm:bg-surface-2 sm:px-3 sm:py-1.5';

/**
 * Balance and profit in the top bar; profit can be hidden from onlookers. Not for admins: the
 * platform's money is not a balance of theirs, and "Balance $0 / Profit $0" only misled.
 */
export function BalanceSummary() {
  const formatPrice = useFormatPrice();
  const { t } = useTranslation();
  const userQuery = useCurrentUser();
  const [profitVisible, setProfitVisible] = useProfitVisibility();

  // The figures are a convenience here: while they load or fail, the page below still works.
  if (!userQuery.isSuccess || userQuery.data.role === 'admin') return null;
  const { current, profit } = userQuery.data.balance;
  const ToggleIcon = profitVisible ? EyeOff : Eye;

  // The labels show from xl until the music and currency controls join the bar at 1360 px
  // (top-bar.tsx), and again from 1800 px, where the search field, wide from 2xl, leaves room.
  const label = 'sr-only xl:max-[1359px]:not-sr-only min-[1800px]:not-sr-only';

  return (
    <dl
      aria-label={t('balance.label')}
      className="flex flex-col text-xs sm:flex-row sm:items-center sm:gap-2 sm:text-sm"
    >
      <div className={chip}>
        <dt className="flex items-center gap-1.5 text-muted">
          <Wallet aria-hidden className="size-4" />
          <span className={label}>{t('balance.current')}</span>
        </dt>
        <dd className="font-semibold text-fg tabular-nums">
          <bdi dir="ltr">{formatPrice(current)}</bdi>
        </dd>
      </div>
      <div className={chip}>
        <dt className="flex items-center gap-1.5 text-muted">
          <TrendingUp aria-hidden className="size-4" />
          <span className={label}>{t('balance.profit')}</span>
        </dt>
        <dd className="flex items-center gap-1 font-semibold text-success tabular-nums">
          {profitVisible ? (
            <bdi dir="ltr">{formatPrice(profit)}</bdi>
          ) : (
            <>
              <span aria-hidden>••••</span>
              <span className="sr-only">{t('balance.hidden')}</span>
            </>
          )}
          <button
            type="button"
            onClick={() => setProfitVisible(!profitVisible)}
            aria-label={profitVisible ? t('balance.hideProfit') : t('balance.showProfit')}
            title={profitVisible ? t('balance.hideProfit') : t('balance.showProfit')}
            className="-me-1 grid size-6 place-items-center rounded-md text-muted hover:bg-border/60 hover:text-fg sm:size-7"
          >
            <ToggleIcon aria-hidden className="size-4" />
          </button>
        </dd>
      </div>
    </dl>
  );
}
