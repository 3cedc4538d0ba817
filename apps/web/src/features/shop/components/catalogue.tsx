import { PackageSearch } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Product } from '@keymarket/contracts/catalogue';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { SearchInput } from '@/components/ui/search-input';
import { Spinner } from '@/components/ui/spinner';
import { useCategories } from '@/entities/categories/api/get-categories';
import { describeApiError } from '@/lib/translate-error';
import { useLinkedSearch } from '@/lib/use-linked-search';
import { useProducts, type ProductFilters } from '../api/get-products';
import { itemsMatching, nameSearchOf, searchTermOf } from '../utils/name-search';
import { BuyDialog } from './buy-dialog';
import { CategoryFilter } from './category-filter';
import { ProductList } from './product-list';

/**
 * The buyer's catalogue: shelves, search, and a buy dialog on every product. A shelf is asked of
 * the server; the search filters the shelf already in the page (`utils/name-search.ts`, the
 * server's rule), so a keystroke changes the list at once, with no pause and no request.
 */
export function Catalogue() {
  const { t } = useTranslation();
  const [shelf, setShelf] = useState<Omit<ProductFilters, 'search'>>({});
  const [searchText, setSearchText] = useLinkedSearch();
  const categoriesQuery = useCategories();
  const productsQuery = useProducts(shelf);
  const loaded = productsQuery.data;
  // Once per loaded list, not per keystroke: lower-casing 10,000 names is most of the work.
  const nameSearch = useMemo(() => nameSearchOf(loaded?.data ?? []), [loaded]);
  // Filtered in the keystroke's own render, not through useDeferredValue: a scan of 10,000
  // lower-cased names is about a millisecond and only the rows in view render, whereas deferring
  // moved the list's change to a second render, 29–42 ms after the key instead of 14–18 (median,
  // bench/shop-browser.ts, loaded 2-core machine).
  const shown = useMemo(() => itemsMatching(nameSearch, searchText), [nameSearch, searchText]);
  const searching = searchTermOf(searchText) !== '';
  const [buying, setBuying] = useState<Product | null>(null);

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-3 rounded-xl border border-border bg-surface p-4 shadow-card">
        <SearchInput
          value={searchText}
          onChange={(event) => setSearchText(event.target.value)}
          placeholder={t('shop.searchPlaceholder')}
          aria-label={t('shop.search')}
        />
        {categoriesQuery.isError && (
          <Alert
            action={
              <Button variant="secondary" size="sm" onClick={() => void categoriesQuery.refetch()}>
                {t('common.retry')}
              </Button>
            }
          >
            {describeApiError(categoriesQuery.error, t)}
          </Alert>
        )}
        {categoriesQuery.isSuccess && (
          <CategoryFilter
            categories={categoriesQuery.data.data}
            selection={shelf}
            onChange={setShelf}
          />
        )}
      </div>

      {productsQuery.isPending && (
        <div className="grid place-items-center py-24">
          <Spinner className="size-8" />
        </div>
      )}
      {productsQuery.isError && (
        <Alert
          title={t('messages.failedToLoadResults')}
          action={
            <Button variant="secondary" size="sm" onClick={() => void productsQuery.refetch()}>
              {t('common.retry')}
            </Button>
          }
        >
          {describeApiError(productsQuery.error, t)}
        </Alert>
      )}
      {productsQuery.isSuccess && (
        <>
          <p className="flex items-center gap-2 text-sm text-muted" aria-live="polite">
            {productsQuery.isFetching && <Spinner className="size-4" />}
            {/* The shelf's total is the server's (beyond the 10,000 loaded, should it grow so
                far); a search counts what it found in the page. */}
            {t('shop.count', {
              count: searching ? shown.length : productsQuery.data.pagination.total,
            })}
          </p>
          {shown.length === 0 ? (
            <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed border-border py-16 text-center text-muted">
              <PackageSearch aria-hidden className="size-8" />
              <p>{t('messages.noResultsFound')}</p>
            </div>
          ) : (
            <ProductList products={shown} onBuy={setBuying} />
          )}
        </>
      )}
      <BuyDialog product={buying} onClose={() => setBuying(null)} />
    </div>
  );
}
