import { clsx } from 'clsx';
import { useTranslation } from 'react-i18next';
import type { User } from '@keymarket/contracts/users';
import { Card } from '@/components/ui/card';
import { useFormatPrice } from '@/lib/format-price';
import { useProfitVisibility } from '@/lib/profit-visibility';

export function BalanceCard({ balance }: { balance: User['balance'] }) {
  const formatPrice = useFormatPrice();
  const { t } = useTranslation();
  const [profitVisible] = useProfitVisibility();
  const figures = [
    { label: t('balance.current'), amount: formatPrice(balance.current), emphasis: true },
    { label: t('balance.total'), amount: formatPrice(balance.total), emphasis: false },
    { label: t('balance.spent'), amount: formatPrice(balance.spent), emphasis: false },
    {
      label: t('balance.profit'),
      // The top bar's toggle hides profit everywhere, for screens shared with customers.
      amount: profitVisible ? formatPrice(balance.profit) : t('balance.hidden'),
      emphasis: false,
    },
  ];

  return (
    <Card title={t('profile.balanceTitle')}>
      <dl className="grid grid-cols-2 gap-3">
        {figures.map((figure) => (
          <div key={figure.label} className="rounded-lg border border-border bg-surface-2 p-4">
            <dt className="text-xs font-medium text-muted">{figure.label}</dt>
            <dd
              className={clsx(
                'mt-1 text-xl font-semibold tabular-nums',
                figure.emphasis ? 'text-accent' : 'text-fg',
              )}
            >
              {/* Isolated so "$12.5" keeps its order inside Arabic text. */}
              <bdi dir="ltr">{figure.amount}</bdi>
            </dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}
