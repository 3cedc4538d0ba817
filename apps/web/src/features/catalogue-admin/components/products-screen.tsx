import { PackageSearch, Plus } from 'lucide-react';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { Product } from '@keymarket/contracts/catalogue';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { LoadError } from '@/components/ui/load-error';
import { SearchInput } from '@/components/ui/search-input';
import { Select } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { useCategories } from '@/lib/catalogue/categories';
import { localisedName } from '@/lib/localised-name';
import { describeApiError } from '@/lib/translate-error';
import { useSearchTerm } from '@/lib/use-debounced';
import { useLinkedSearch } from '@/lib/use-linked-search';
import { useDeleteProduct } from '../api/delete-product';
import { useAdminProducts, type AdminProductFilters } from '../api/get-products';
import { useRestoreProduct } from '../api/restore-product';
import { KeysDialog } from './keys-dialog';
import { ProductDialog } from './product-dialog';
import { ProductTable, type ProductAction } from './product-table';

type View = AdminProductFilters['deleted'];

type Dialogs = { kind: 'create' } | { kind: 'edit' | 'keys' | 'delete'; product: Product } | null;

/** The admin's products: search, category filter, the live or the deleted ones, and their dialogs. */
export function ProductsScreen() {
  const { t, i18n } = useTranslation('catalogue');
  const { t: tCore } = useTranslation();
  const [view, setView] = useState<View>('exclude');
  const [categoryId, setCategoryId] = useState('');
  const [searchText, setSearchText] = useLinkedSearch();
  const search = useSearchTerm(searchText);
  const [dialog, setDialog] = useState<Dialogs>(null);
  const categoriesQuery = useCategories();
  const productsQuery = useAdminProducts({
    categoryId: categoryId || undefined,
    search: search || undefined,
    deleted: view,
  });
  const restore = useRestoreProduct();
  const categories = categoriesQuery.data?.data ?? [];

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
              products={productsQuery.data.data}
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
