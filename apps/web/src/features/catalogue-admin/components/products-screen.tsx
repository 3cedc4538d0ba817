import { PackageSearch, Plus } from 'lucide-react';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { Product } from '@keymarket/contracts/catalogue';
import type { Sort } from '@keymarket/contracts/pagination';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { LoadError } from '@/components/ui/load-error';
import { SearchInput } from '@/components/ui/search-input';
import { Select } from '@/components/ui/select';
import { SortSelect } from '@/components/ui/sortable-header';
import { Spinner } from '@/components/ui/spinner';
import { useCategories } from '@/lib/catalogue/categories';
import { localisedName } from '@/lib/localised-name';
import { describeApiError } from '@/lib/translate-error';
import { useSearchFilter, useTableParams } from '@/lib/use-table-params';
import { useDeleteProduct } from '../api/delete-product';
import { useAdminProducts, type AdminProductFilters } from '../api/get-products';
import { useRestoreProduct } from '../api/restore-product';
import { KeysDialog } from './keys-dialog';
import { ProductDialog } from './product-dialog';
import {
  ProductTable,
  productSortColumns,
  type ProductAction,
  type ProductSortColumn,
} from './product-table';

type View = AdminProductFilters['deleted'];

type Dialogs = { kind: 'create' } | { kind: 'edit' | 'keys' | 'delete'; product: Product } | null;

/** The admin's products: search, category filter, the live or the deleted ones, and their dialogs. */
export function ProductsScreen() {
  const { t, i18n } = useTranslation('catalogue');
  const { t: tCore } = useTranslation();
  // The view, the filters and the sort live in the URL (a reload or Back keeps them); the navbar
  // search links here with `?search=<name>`.
  const table = useTableParams({
    filters: ['search', 'category', 'view'],
    sortable: productSortColumns,
  });
  const { filters, setFilters } = table;
  const view: View = filters.view === 'deleted' ? 'only' : 'exclude';
  const setView = (next: View) => setFilters({ view: next === 'only' ? 'deleted' : '' });
  const categoryId = filters.category;
  const setCategoryId = (id: string) => setFilters({ category: id });
  const search = filters.search;
  const onSearch = useCallback((term: string) => setFilters({ search: term }), [setFilters]);
  const [searchText, setSearchText] = useSearchFilter(search, onSearch);
  const [dialog, setDialog] = useState<Dialogs>(null);
  const categoriesQuery = useCategories();
  const productsQuery = useAdminProducts({
    categoryId: categoryId || undefined,
    search: search || undefined,
    deleted: view,
  });
  const restore = useRestoreProduct();
  const categories = categoriesQuery.data?.data ?? [];
  const loaded = productsQuery.data?.data;
  const sorted = useMemo(
    () => (loaded ? sortProducts(loaded, table.sort, i18n.language) : []),
    [loaded, table.sort, i18n.language],
  );
  const sortColumns = productSortColumns.map((column) => ({
    column,
    label: t(`products.columns.${column === 'name' ? 'product' : column}`),
  }));

  const restoreProduct = restore.mutate;
  // Stable, so the table's rows (memoised) re-render only when their product changes.
  const act = useCallback(
    (action: ProductAction, product: Product) => {
      if (action === 'restore') {
        restoreProduct(product.id, {
          onSuccess: () => toast.success(t('products.restored', { name: product.name })),
          onError: (error) =>
            toast.error(t('products.failedToRestore'), {
              description: describeApiError(error, tCore),
            }),
        });
        return;
      }
      setDialog({ kind: action, product });
    },
    [restoreProduct, t, tCore],
  );

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-3 rounded-xl border border-border bg-surface p-4 shadow-card">
        <div className="flex flex-wrap items-center gap-3">
          <SearchInput
            value={searchText}
            onChange={(event) => setSearchText(event.target.value)}
            placeholder={t('products.searchPlaceholder')}
            aria-label={t('products.search')}
            className="min-w-48 flex-1"
          />
          <Select
            aria-label={t('products.categoryFilter')}
            value={categoryId}
            onChange={(event) => setCategoryId(event.target.value)}
            className="w-full min-w-44 sm:w-auto"
          >
            <option value="">{t('products.allCategories')}</option>
            {categories.map((category) => (
              <option key={category.id} value={category.id}>
                {localisedName(category, i18n.language)}
              </option>
            ))}
          </Select>
        </div>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div
            role="group"
            aria-label={t('products.view')}
            className="flex rounded-lg bg-surface-2 p-1"
          >
            {(['exclude', 'only'] as const).map((option) => (
              <button
                key={option}
                type="button"
                aria-pressed={view === option}
                onClick={() => setView(option)}
                className="h-8 rounded-md px-3 text-sm font-medium text-muted transition aria-pressed:bg-surface aria-pressed:text-fg aria-pressed:shadow-sm"
              >
                {option === 'exclude' ? t('products.active') : t('products.deletedView')}
              </button>
            ))}
          </div>
          <SortSelect columns={sortColumns} sort={table.sort} onSort={table.setSort} />
          <Button onClick={() => setDialog({ kind: 'create' })}>
            <Plus aria-hidden className="size-4" />
            {t('products.add')}
          </Button>
        </div>
      </div>

      {productsQuery.isPending && (
        <div className="grid place-items-center py-24">
          <Spinner className="size-8" />
        </div>
      )}
      {productsQuery.isError && (
        <LoadError error={productsQuery.error} onRetry={() => void productsQuery.refetch()} />
      )}
      {productsQuery.isSuccess && (
        <>
          <p className="flex items-center gap-2 text-sm text-muted" aria-live="polite">
            {productsQuery.isFetching && <Spinner className="size-4" />}
            {t('products.count', { count: productsQuery.data.pagination.total })}
          </p>
          {productsQuery.data.data.length === 0 ? (
            <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed border-border py-16 text-center text-muted">
              <PackageSearch aria-hidden className="size-8" />
              <p>
                {search || categoryId
                  ? tCore('messages.noResultsFound')
                  : view === 'only'
                    ? t('products.emptyDeleted')
                    : t('products.emptyActive')}
              </p>
            </div>
          ) : (
            <ProductTable
              products={sorted}
              sort={table.sort}
              onSort={table.setSort}
              deletedView={view === 'only'}
              onAction={act}
            />
          )}
        </>
      )}

      <ProductDialog
        open={dialog?.kind === 'create' || dialog?.kind === 'edit'}
        product={dialog?.kind === 'edit' ? dialog.product : null}
        categories={categories}
        defaultCategoryId={categoryId || undefined}
        onClose={() => setDialog(null)}
      />
      <KeysDialog
        product={dialog?.kind === 'keys' ? dialog.product : null}
        onClose={() => setDialog(null)}
      />
      <DeleteProductDialog
        product={dialog?.kind === 'delete' ? dialog.product : null}
        onClose={() => setDialog(null)}
      />
    </div>
  );
}

function DeleteProductDialog({
  product,
  onClose,
}: {
  product: Product | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('catalogue');
  const { t: tCore } = useTranslation();
  const deleteProduct = useDeleteProduct();

  function close() {
    deleteProduct.reset();
    onClose();
  }

  return (
    <ConfirmDialog
      open={product !== null}
      title={t('products.deleteTitle', { name: product?.name ?? '' })}
      description={t('products.deleteDescription')}
      confirmLabel={t('confirm.delete')}
      pending={deleteProduct.isPending}
      failure={
        deleteProduct.isError
          ? {
              title: t('products.failedToDelete'),
              text: describeApiError(deleteProduct.error, tCore),
            }
          : undefined
      }
      onConfirm={() =>
        product &&
        deleteProduct.mutate(product.id, {
          onSuccess: () => {
            toast.success(t('products.deleted', { name: product.name }));
            close();
          },
        })
      }
      onCancel={close}
    />
  );
}

/**
 * The products in the chosen order: the page holds the whole catalogue, so it sorts them itself.
 * Equal values keep the server's order (the sort is stable).
 */
export function sortProducts(
  products: readonly Product[],
  sort: Sort<ProductSortColumn> | undefined,
  language: string,
): Product[] {
  if (!sort) return [...products];
  const collator = new Intl.Collator(language, { numeric: true, sensitivity: 'base' });
  const valueOf = (product: Product): string | number => {
    switch (sort.by) {
      case 'name':
        return product.name;
      case 'category':
        return product.category ? localisedName(product.category, language) : '';
      case 'initialPrice':
        return product.initialPrice ?? 0;
      case 'managerPrice':
        return product.managerPrice ?? 0;
      case 'resellerPrice':
        return product.resellerPrice ?? 0;
      case 'stock':
        return product.stockQuantity;
    }
  };
  const direction = sort.direction === 'desc' ? -1 : 1;
  return [...products].sort((a, b) => {
    const [x, y] = [valueOf(a), valueOf(b)];
    const order =
      typeof x === 'number' && typeof y === 'number'
        ? x - y
        : collator.compare(String(x), String(y));
    return order * direction;
  });
}
