import { Eye, EyeOff, TrendingUp, Wallet } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatAmount } from '@keymarket/contracts/money';
import { useCurrentUser } from '@/lib/auth/current-user';
import { useProfitVisibility } from '@/lib/profit-visibility';

const chip = 'flex items-center gap-2 rounded-lg border border-border bg-surface-2 px-3 py-1.5';

/** Balance and profit in the top bar; profit can be hidden from onlookers. */
export function BalanceSummary() {
  const { t } = useTranslation();
  const userQuery = useCurrentUser();
  const [profitVisible, setProfitVisible] = useProfitVisibility();

  // The figures are a convenience here: while they load or fail, the page below still works.
  if (!userQuery.isSuccess) return null;
  const { current, profit } = userQuery.data.balance;
  const ToggleIcon = profitVisible ? EyeOff : Eye;

  return (
    <dl aria-label={t('balance.label')} className="flex items-center gap-2 text-sm">
      <div className={chip}>
        <dt className="flex items-center gap-1.5 text-muted">
          <Wallet aria-hidden className="size-4" />
          <span className="sr-only sm:not-sr-only">{t('balance.current')}</span>
        </dt>
        <dd className="font-semibold text-fg tabular-nums">
          <bdi dir="ltr">{formatAmount(current)}</bdi>
        </dd>
      </div>
      <div className={chip}>
        <dt className="flex items-center gap-1.5 text-muted">
          <TrendingUp aria-hidden className="size-4" />
          <span className="sr-only sm:not-sr-only">{t('balance.profit')}</span>
        </dt>
        <dd className="flex items-center gap-1 font-semibold text-success tabular-nums">
          {profitVisible ? (
            <bdi dir="ltr">{formatAmount(profit)}</bdi>
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
            className="-me-1 grid size-7 place-items-center rounded-md text-muted hover:bg-border/60 hover:text-fg"
          >
            <ToggleIcon aria-hidden className="size-4" />
          </button>
        </dd>
      </div>
    </dl>
  );
}
