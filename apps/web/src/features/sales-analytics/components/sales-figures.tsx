import { clsx } from 'clsx';
import { ArrowDownRight, ArrowRight, ArrowUpRight, Sparkles } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { SalesFigures } from '@keymarket/contracts/sales-analytics';
import { HiddenAmount } from '@/components/ui/hidden-amount';
import { formatCount, formatShare } from '@/lib/format-number';
import { useFormatPrice } from '@/lib/format-price';
import { useProfitVisibility } from '@/lib/profit-visibility';
import { changeOf } from '../utils/change';

/** A figure of the report, by its name in the contract. */
export type FigureName = keyof SalesFigures;

/**
 * How the screen writes a figure: counts the reader's way, amounts in the navbar's currency
 * (kept left to right inside Arabic), profit hidden while the top bar's eye is closed.
 */
export function useSalesFigures() {
  const formatPrice = useFormatPrice();
  const { i18n } = useTranslation();
  const [profitVisible] = useProfitVisibility();
  const figure = (name: FigureName, figures: SalesFigures): ReactNode => {
    switch (name) {
      case 'units':
      case 'orders':
        return formatCount(figures[name], i18n.language);
      case 'revenue':
        return <bdi dir="ltr">{formatPrice(figures.revenue)}</bdi>;
      case 'profit':
        return profitVisible ? (
          <bdi dir="ltr">{formatPrice(figures.profit)}</bdi>
        ) : (
          <HiddenAmount />
        );
    }
  };
  /** Whether a figure may be shown, and so its change too. */
  const visible = (name: FigureName) => name !== 'profit' || profitVisible;
  return { figure, visible };
}

/**
 * A figure's change on the previous period: an arrow and the share it moved by ("↗ 12.5%"),
 * "New" when the previous period had none. Screen readers hear the whole sentence ("Up 12.5% on
 * the previous period"); the short form is only seen.
 */
export function ChangeFigure({
  name,
  current,
  previous,
  className,
}: {
  name: FigureName;
  current: SalesFigures;
  previous: SalesFigures;
  className?: string;
}) {
  const { t, i18n } = useTranslation('sales');
  const { visible } = useSalesFigures();
  if (!visible(name)) return null;
  const change = changeOf(current[name], previous[name]);
  let icon = ArrowRight;
  let shown = '';
  let spoken: string;
  let tone = 'text-muted';
  switch (change.kind) {
    case 'none':
      spoken = t('change.none');
      shown = '—';
      break;
    case 'new':
      icon = Sparkles;
      shown = t('change.new');
      spoken = t('change.fromNothing');
      tone = 'text-accent';
      break;
    case 'share': {
      const share = formatShare(Math.abs(change.share), i18n.language);
      shown = share;
      if (change.share > 0) {
        icon = ArrowUpRight;
        spoken = t('change.up', { share });
        tone = 'text-success';
      } else if (change.share < 0) {
        icon = ArrowDownRight;
        spoken = t('change.down', { share });
        tone = 'text-danger';
      } else {
        spoken = t('change.same');
      }
    }
  }
  const Icon = icon;
  return (
    <span
      className={clsx('inline-flex items-center gap-0.5 text-xs font-medium', tone, className)}
      title={spoken}
    >
      {change.kind !== 'none' && (
        <Icon aria-hidden className="size-3.5 shrink-0 rtl:-scale-x-100" />
      )}
      <span aria-hidden>{shown}</span>
      <span className="sr-only">{spoken}</span>
    </span>
  );
}
