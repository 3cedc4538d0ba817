import { FolderPlus, FolderTree, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { Category, Subcategory } from '@keymarket/contracts/catalogue';
import { CatalogueImage } from '@/entities/products/components/catalogue-image';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { LoadError } from '@/components/ui/load-error';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-error';
import { useCategories } from '@/entities/categories/api/get-categories';
import { localisedName } from '@/lib/localised-name';
import { describeApiError } from '@/lib/translate-error';
import { useDeleteCategory } from '../api/delete-category';
import { useDeleteSubcategory } from '../api/delete-subcategory';
import { CategoryDialog, type CategoryDialogTarget } from './category-dialog';
import { IconButton } from './icon-button';

type Deleting =
  | { kind: 'category'; category: Category }
  | { kind: 'subcategory'; subcategory: Subcategory }
  | null;

/** The admin's category tree: every category with its subcategories, and their dialogs. */
export function CategoriesScreen() {
  const { t } = useTranslation('catalogue');
  const categoriesQuery = useCategories();
  const [editing, setEditing] = useState<CategoryDialogTarget | null>(null);
  const [deleting, setDeleting] = useState<Deleting>(null);
  const categories = categoriesQuery.data?.data ?? [];

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted" aria-live="polite">
          {categoriesQuery.isSuccess && t('categories.count', { count: categories.length })}
        </p>
        <Button onClick={() => setEditing({ kind: 'category', category: null })}>
          <Plus aria-hidden className="size-4" />
          {t('categories.add')}
        </Button>
      </div>

      {categoriesQuery.isPending && (
        <div className="grid place-items-center py-24">
          <Spinner className="size-8" />
        </div>
      )}
      {categoriesQuery.isError && (
        <LoadError error={categoriesQuery.error} onRetry={() => void categoriesQuery.refetch()} />
      )}
      {categoriesQuery.isSuccess && categories.length === 0 && (
        <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed border-border py-16 text-center text-muted">
          <FolderTree aria-hidden className="size-8" />
          <p>{t('categories.empty')}</p>
        </div>
      )}
      {categories.map((category) => (
        <CategoryCard
          key={category.id}
          category={category}
          onEdit={setEditing}
          onDelete={setDeleting}
        />
      ))}

      <CategoryDialog target={editing} categories={categories} onClose={() => setEditing(null)} />
      <DeleteDialog deleting={deleting} onClose={() => setDeleting(null)} />
    </div>
  );
}

type CardProps = {
  category: Category;
  onEdit: (target: CategoryDialogTarget) => void;
  onDelete: (deleting: Deleting) => void;
};

function CategoryCard({ category, onEdit, onDelete }: CardProps) {
  const { t, i18n } = useTranslation('catalogue');
  const name = localisedName(category, i18n.language);
  const description = localisedDescription(category, i18n.language);

  return (
    <section
      aria-label={name}
      className="rounded-xl border border-border bg-surface p-4 shadow-card sm:p-5"
    >
      <div className="flex flex-wrap items-start gap-4">
        <CatalogueImage src={category.imageUrl} className="size-16" />
        {/* At least 10rem for the name: on a phone the actions wrap below rather than squeeze it. */}
        <div className="flex min-w-40 flex-1 flex-col gap-1">
          <h2 className="truncate text-base font-semibold text-fg">{name}</h2>
          {description && <p className="line-clamp-2 text-sm text-muted">{description}</p>}
          <p className="flex flex-wrap gap-x-3 text-xs text-muted">
            <span>{t('categories.productCount', { count: category.productCount })}</span>
            <span>
              {t('categories.subcategoryCount', { count: category.subcategories.length })}
            </span>
          </p>
        </div>
        <div className="ms-auto flex shrink-0 items-center gap-1">
          <Button
            variant="secondary"
            size="sm"
            onClick={() =>
              onEdit({ kind: 'subcategory', subcategory: null, categoryId: category.id })
            }
            aria-label={t('categories.addSubcategoryTo', { name })}
          >
            <FolderPlus aria-hidden className="size-4" />
            <span className="hidden sm:inline">{t('categories.addSubcategory')}</span>
          </Button>
          <IconButton
            label={t('categories.edit', { name })}
            onClick={() => onEdit({ kind: 'category', category })}
          >
            <Pencil aria-hidden className="size-4" />
          </IconButton>
          <IconButton
            label={t('categories.delete', { name })}
            onClick={() => onDelete({ kind: 'category', category })}
            danger
          >
            <Trash2 aria-hidden className="size-4" />
          </IconButton>
        </div>
      </div>

      {category.subcategories.length === 0 ? (
        <p className="mt-4 border-t border-border pt-3 text-sm text-muted">
          {t('categories.noSubcategories')}
        </p>
      ) : (
        <ul className="mt-4 divide-y divide-border border-t border-border">
          {category.subcategories.map((subcategory) => {
            const subName = localisedName(subcategory, i18n.language);
            return (
              <li key={subcategory.id} className="flex items-center gap-3 py-2.5 ps-2 sm:ps-6">
                <CatalogueImage src={subcategory.imageUrl} className="size-10" />
                <div className="flex min-w-0 flex-1 flex-col">
                  <span className="truncate text-sm font-medium text-fg">{subName}</span>
                  <span className="text-xs text-muted">
                    {t('categories.productCount', { count: subcategory.productCount })}
                  </span>
                </div>
                <IconButton
                  label={t('subcategories.edit', { name: subName })}
                  onClick={() =>
                    onEdit({ kind: 'subcategory', subcategory, categoryId: category.id })
                  }
                >
                  <Pencil aria-hidden className="size-4" />
                </IconButton>
                <IconButton
                  label={t('subcategories.delete', { name: subName })}
                  onClick={() => onDelete({ kind: 'subcategory', subcategory })}
                  danger
                >
                  <Trash2 aria-hidden className="size-4" />
                </IconButton>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

function localisedDescription(record: Category, language: string): string {
  if (language.startsWith('fr')) return record.descriptionFr;
  if (language.startsWith('ar')) return record.descriptionAr;
  return record.descriptionEn;
}

/** The first number in the server's detail at `path` ("This subcategory still has 2 product(s)"). */
function countInDetail(error: unknown, path: string): number | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const detail = error.body.details?.find((candidate) => candidate.path === path);
  const match = detail ? /\d+/.exec(detail.message) : null;
  return match ? Number(match[0]) : undefined;
}

function DeleteDialog({ deleting, onClose }: { deleting: Deleting; onClose: () => void }) {
  const { t, i18n } = useTranslation('catalogue');
  const { t: tCore } = useTranslation();
  const deleteCategory = useDeleteCategory();
  const deleteSubcategory = useDeleteSubcategory();
  const mutation = deleting?.kind === 'subcategory' ? deleteSubcategory : deleteCategory;
  const record = deleting?.kind === 'subcategory' ? deleting.subcategory : deleting?.category;
  const name = record ? localisedName(record, i18n.language) : '';

  function close() {
    deleteCategory.reset();
    deleteSubcategory.reset();
    onClose();
  }

  function confirm() {
    if (!deleting || !record) return;
    mutation.mutate(record.id, {
      onSuccess: () => {
        toast.success(
          t(deleting.kind === 'category' ? 'categories.deleted' : 'subcategories.deleted', {
            name,
          }),
        );
        close();
      },
    });
  }

  return (
    <ConfirmDialog
      open={deleting !== null}
      title={t(
        deleting?.kind === 'subcategory' ? 'subcategories.deleteTitle' : 'categories.deleteTitle',
        { name },
      )}
      description={t(
        deleting?.kind === 'subcategory'
          ? 'subcategories.deleteDescription'
          : 'categories.deleteDescription',
      )}
      confirmLabel={t('confirm.delete')}
      pending={mutation.isPending}
      failure={mutation.isError ? failureOf(deleting, mutation.error) : undefined}
      onConfirm={confirm}
      onCancel={close}
    />
  );

  function failureOf(target: Deleting, error: unknown) {
    if (target?.kind === 'subcategory') {
      // The specification's own words for this failure, then the reason when we know it.
      const count = countInDetail(error, 'products');
      const described = describeApiError(error, tCore);
      const title = tCore('messages.failedToDeleteSubcategory');
      const text = count
        ? t('subcategories.hasProducts', { count })
        : described === title
          ? undefined
          : described;
      return { title, text };
    }
    return { title: t('categories.failedToDelete'), text: describeApiError(error, tCore) };
  }
}
