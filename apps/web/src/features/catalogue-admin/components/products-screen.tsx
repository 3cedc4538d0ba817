import { PackageSearch, Plus } from 'lucide-react';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { productSortColumns, type Product } from '@keymarket/contracts/catalogue';
import { sortText } from '@keymarket/contracts/pagination';
import { TableToolbar } from '@/components/table-toolbar';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { PagedList } from '@/components/ui/paged-list';
import { Select } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { useCategories } from '@/entities/categories/api/get-categories';
import { languages } from '@/lib/i18n';
import { localisedName } from '@/lib/localised-name';
import { describeApiError } from '@/lib/translate-error';
import { useSearchFilter, useTableParams } from '@/lib/use-table-params';
import { useDeleteProduct } from '../api/delete-product';
import { useAdminProductPage, type AdminProductFilters } from '../api/get-products';
import { useRestoreProduct } from '../api/restore-product';
import { KeysDialog } from './keys-dialog';
import { ProductDialog } from './product-dialog';
import { ProductTable, type ProductAction } from './product-table';

type View = AdminProductFilters['deleted'];

type Dialogs = { kind: 'create' } | { kind: 'edit' | 'keys' | 'delete'; product: Product } | null;

/**
 * The admin's products: search, category filter, the live or the deleted ones, a page at a time
 * sorted by the server, and their dialogs.
 */
export function ProductsScreen() {
  const { t, i18n } = useTranslation('catalogue');
  const { t: tCore } = useTranslation();
  // The view, the filters, the sort, the page and its size live in the URL (a reload or Back
  // keeps them); the navbar search links here with `?search=<name>`.
  const table = useTableParams({
    filters: ['search', 'category', 'view'],
    sortable: productSortColumns,
  });
  const { filters, setFilters } = table;
  const view: View = filters.view === 'deleted' ? 'only' : 'exclude';
  const setView = (next: View) => setFilters({ view: next === 'only' ? 'deleted' : '' });
  const categoryId = filters.category;
  const search = filters.search;
  const onSearch = useCallback((term: string) => setFilters({ search: term }), [setFilters]);
  const [searchText, setSearchText] = useSearchFilter(search, onSearch);
  const [dialog, setDialog] = useState<Dialogs>(null);
  const categoriesQuery = useCategories();
  const productsQuery = useAdminProductPage({
    page: table.page,
    limit: table.pageSize,
    categoryId: categoryId || undefined,
    search: search || undefined,
    deleted: view,
    sort: table.sort && sortText(table.sort),
    // Categories sort by the names the reader sees.
    lang:
      table.sort?.by === 'category'
        ? languages.find((language) => i18n.language.startsWith(language))
        : undefined,
  });
  const restore = useRestoreProduct();
  const categories = categoriesQuery.data?.data ?? [];
  const sortColumns = productSortColumns.map((column) => ({
    column,
    label: t(`products.columns.${column === 'name' ? 'product' : column}`),
  }));

  const restoreProduct = restore.mutate;
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
    <Card>
      <TableToolbar
        search={{
          value: searchText,
          onChange: setSearchText,
          placeholder: t('products.searchPlaceholder'),
          label: t('products.search'),
          className: 'min-w-48 flex-1',
        }}
        sort={{ columns: sortColumns, sort: table.sort, onSort: table.setSort }}
        align="center"
        end={
          <Button onClick={() => setDialog({ kind: 'create' })} className="ms-auto">
            <Plus aria-hidden className="size-4" />
            {t('products.add')}
          </Button>
        }
        className="mb-4"
      >
        <Select
          aria-label={t('products.categoryFilter')}
          value={categoryId}
          onChange={(event) => setFilters({ category: event.target.value })}
          className="w-full min-w-44 sm:w-auto"
        >
          <option value="">{t('products.allCategories')}</option>
          {categories.map((category) => (
            <option key={category.id} value={category.id}>
              {localisedName(category, i18n.language)}
            </option>
          ))}
        </Select>
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
      </TableToolbar>

      {productsQuery.isSuccess && (
        <p className="mb-3 flex items-center gap-2 text-sm text-muted" aria-live="polite">
          {productsQuery.isFetching && <Spinner className="size-4" />}
          {t('products.count', { count: productsQuery.data.pagination.total })}
        </p>
      )}
      <PagedList
        query={productsQuery}
        page={table.page}
        onPageChange={table.setPage}
        pageSize={table.pageSize}
        onPageSizeChange={table.setPageSize}
        empty={
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
        }
      >
        {(rows) => (
          <ProductTable
            products={rows}
            sort={table.sort}
            onSort={table.setSort}
            deletedView={view === 'only'}
            onAction={act}
            busy={productsQuery.isPlaceholderData}
          />
        )}
      </PagedList>

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
    </Card>
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
