import { useTranslation } from 'react-i18next';
import type { Order } from '@keymarket/contracts/orders';
import { ComboFilter, type ComboChoice } from '@/components/ui/combo-filter';
import { Input } from '@/components/ui/input';
import { userChoices, useProductChoices } from '../api/filter-choices';
import { useRememberedLabels } from './remembered-labels';

const useAllUserChoices = userChoices('all');
const useDownlineChoices = userChoices('downline');

type FieldFilter = 'from' | 'to' | 'product' | 'buyer' | 'seller';

type OrderFilterFieldsProps = {
  filters: Record<FieldFilter, string>;
  setFilters: (changes: Partial<Record<FieldFilter | 'all', string>>) => void;
  /** The orders on screen, which name the chosen product and users before any is remembered. */
  rows: Order[];
  isAdmin: boolean;
  showAll: boolean;
};

/** The orders' filters by dates, product, buyer and seller, and a seller's own-or-downline switch. */
export function OrderFilterFields({
  filters,
  setFilters,
  rows,
  isAdmin,
  showAll,
}: OrderFilterFieldsProps) {
  const { t } = useTranslation();
  const [labels, rememberLabel] = useRememberedLabels();
  const pick = (name: 'product' | 'buyer' | 'seller') => (choice: ComboChoice | undefined) => {
    if (choice) rememberLabel(choice.id, choice.label);
    setFilters({ [name]: choice?.id ?? '' });
  };
  return (
    <>
      <label className="flex min-w-0 flex-[1_1_8rem] flex-col gap-1 text-xs text-muted">
        {t('orders.filters.from')}
        <Input
          type="date"
          value={filters.from}
          max={filters.to || undefined}
          onChange={(event) => setFilters({ from: event.target.value })}
        />
      </label>
      <label className="flex min-w-0 flex-[1_1_8rem] flex-col gap-1 text-xs text-muted">
        {t('orders.filters.to')}
        <Input
          type="date"
          value={filters.to}
          min={filters.from || undefined}
          onChange={(event) => setFilters({ to: event.target.value })}
        />
      </label>
      <ComboFilter
        label={t('orders.fields.product')}
        value={filters.product}
        valueLabel={
          rows.find((order) => order.productId === filters.product)?.productName ??
          labels[filters.product]
        }
        onChange={pick('product')}
        useChoices={useProductChoices}
        className="min-w-0 flex-[1_1_12rem]"
      />
      {(isAdmin || showAll) && (
        <ComboFilter
          label={t('orders.fields.buyer')}
          value={filters.buyer}
          valueLabel={
            rows.find((order) => order.buyer.id === filters.buyer)?.buyer.username ??
            labels[filters.buyer]
          }
          onChange={pick('buyer')}
          useChoices={isAdmin ? useAllUserChoices : useDownlineChoices}
          className="min-w-0 flex-[1_1_12rem]"
        />
      )}
      {isAdmin && (
        <ComboFilter
          label={t('orders.fields.seller')}
          value={filters.seller}
          valueLabel={
            rows.find((order) => order.seller?.id === filters.seller)?.seller?.username ??
            labels[filters.seller]
          }
          onChange={pick('seller')}
          useChoices={useAllUserChoices}
          className="min-w-0 flex-[1_1_12rem]"
        />
      )}
      {!isAdmin && (
        <label className="flex h-10 items-center gap-2 text-sm text-fg">
          <input
            type="checkbox"
            checked={showAll}
            onChange={(event) => setFilters({ all: event.target.checked ? '1' : '', buyer: '' })}
            className="size-4 accent-(--color-primary)"
          />
          {t('orders.list.showAll')}
        </label>
      )}
    </>
  );
}
