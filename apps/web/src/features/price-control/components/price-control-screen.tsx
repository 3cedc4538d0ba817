import { PackageSearch } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Product } from '@keymarket/contracts/catalogue';
import type { Role } from '@keymarket/contracts/users';
import { CategorySelect } from './category-select';
import { LoadError } from '@/components/ui/load-error';
import { SearchInput } from '@/components/ui/search-input';
import { Spinner } from '@/components/ui/spinner';
import { useCategories } from '@/entities/categories/api/get-categories';
import { useSearchTerm } from '@/lib/use-debounced';
import { usePriceList } from '../api/get-price-list';
import { BulkUpdateForm } from './bulk-update-form';
import { EditPriceDialog } from './edit-price-dialog';
import { PriceTable } from './price-table';
import { StandingRules } from './standing-rules';

/**
 * Price Control: an admin sets the platform's manager and reseller prices, a manager or reseller
 * its own selling price to its invitees; one product at a time, or many by an amount or a
 * percentage.
 */
export function PriceControlScreen({ role }: { role: Role }) {
  const { t } = useTranslation('pricing');
  const { t: tCore } = useTranslation();
  const isAdmin = role === 'admin';
  const [categoryId, setCategoryId] = useState('');
  const [searchText, setSearchText] = useState('');
  const search = useSearchTerm(searchText);
  const categoriesQuery = useCategories();
  const priceList = usePriceList({
    categoryId: categoryId || undefined,
    search: search || undefined,
  });
  const [selected, setSelected] = useState<Map<string, Product>>(new Map());
  const [refusals, setRefusals] = useState<Map<string, string>>(new Map());
  const [editing, setEditing] = useState<Product | null>(null);

  return (
    <div className="flex flex-col gap-4">
      {!isAdmin && <StandingRules />}
      <BulkUpdateForm
        isAdmin={isAdmin}
        selected={selected}
        category={categoriesQuery.data?.data.find((category) => category.id === categoryId)}
        onClearSelection={() => setSelected(new Map())}
        onRefusals={setRefusals}
      />
      <div className="flex flex-wrap items-center gap-3">
        <SearchInput
          value={searchText}
          onChange={(event) => setSearchText(event.target.value)}
          placeholder={t('filters.searchPlaceholder')}
          aria-label={t('filters.search')}
          className="min-w-48 flex-1"
        />
        <CategorySelect
          aria-label={t('filters.category')}
          categories={categoriesQuery.data?.data ?? []}
          allLabel={t('filters.allCategories')}
          value={categoryId}
          onChange={setCategoryId}
          className="w-full sm:w-56"
        />
      </div>
      {categoriesQuery.isError && (
        <LoadError error={categoriesQuery.error} onRetry={() => void categoriesQuery.refetch()} />
      )}

      {priceList.isPending && (
        <div className="grid place-items-center py-24">
          <Spinner className="size-8" />
        </div>
      )}
      {priceList.isError && (
        <LoadError error={priceList.error} onRetry={() => void priceList.refetch()} />
      )}
      {priceList.isSuccess && (
        <>
          <p
            className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted"
            aria-live="polite"
          >
            {priceList.isFetching && <Spinner className="size-4" />}
            <span>{t('filters.count', { count: priceList.data.pagination.total })}</span>
            <span>{t('filters.selected', { count: selected.size })}</span>
            <span>{t('usdOnly')}</span>
          </p>
          {priceList.data.data.length === 0 ? (
            <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed border-border py-16 text-center text-muted">
              <PackageSearch aria-hidden className="size-8" />
              <p>{tCore('messages.noResultsFound')}</p>
            </div>
          ) : (
            <PriceTable
              products={priceList.data.data}
              isAdmin={isAdmin}
              selected={selected}
              onSelectedChange={setSelected}
              refusals={refusals}
              onEdit={setEditing}
            />
          )}
        </>
      )}
      <EditPriceDialog product={editing} isAdmin={isAdmin} onClose={() => setEditing(null)} />
    </div>
  );
}
