import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import {
  categoryFieldsSchema,
  subcategoryFieldsSchema,
  type Category,
  type CategoryFields,
  type Subcategory,
  type SubcategoryFields,
} from '@keymarket/contracts/catalogue';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Select } from '@/components/ui/select';
import { localisedName } from '@/lib/localised-name';
import { useContractForm } from '@/lib/use-contract-form';
import { useSaveCategory } from '../api/save-category';
import { useSaveSubcategory } from '../api/save-subcategory';
import { translateCatalogueIssue } from './catalogue-issues';
import { FormActions } from './form-actions';
import { ImageField, useImageChoice, withImage } from './image-field';
import { LocalisedFields } from './localised-fields';

/** What the dialog edits: a category or a subcategory, new (null) or existing. */
export type CategoryDialogTarget =
  | { kind: 'category'; category: Category | null }
  | { kind: 'subcategory'; subcategory: Subcategory | null; categoryId: string };

type Localised = Pick<
  Category,
  'nameEn' | 'nameFr' | 'nameAr' | 'descriptionEn' | 'descriptionFr' | 'descriptionAr'
>;

function localisedValues(record: Localised | null): Localised {
  return {
    nameEn: record?.nameEn ?? '',
    nameFr: record?.nameFr ?? '',
    nameAr: record?.nameAr ?? '',
    descriptionEn: record?.descriptionEn ?? '',
    descriptionFr: record?.descriptionFr ?? '',
    descriptionAr: record?.descriptionAr ?? '',
  };
}

type CategoryDialogProps = {
  target: CategoryDialogTarget | null;
  categories: Category[];
  onClose: () => void;
};

export function CategoryDialog({ target, categories, onClose }: CategoryDialogProps) {
  const { t } = useTranslation('catalogue');
  const editing =
    target?.kind === 'category' ? target.category !== null : target?.subcategory != null;
  const title =
    target?.kind === 'subcategory'
      ? t(editing ? 'subcategories.editTitle' : 'subcategories.createTitle')
      : t(editing ? 'categories.editTitle' : 'categories.createTitle');

  return (
    <Dialog
      open={target !== null}
      onOpenChange={(open) => !open && onClose()}
      title={title}
      description={t('categories.formDescription')}
      size="lg"
    >
      {target?.kind === 'category' && <CategoryForm category={target.category} onClose={onClose} />}
      {target?.kind === 'subcategory' && (
        <SubcategoryForm
          subcategory={target.subcategory}
          categoryId={target.categoryId}
          categories={categories}
          onClose={onClose}
        />
      )}
    </Dialog>
  );
}

function CategoryForm({ category, onClose }: { category: Category | null; onClose: () => void }) {
  const { t, i18n } = useTranslation('catalogue');
  const save = useSaveCategory();
  const image = useImageChoice({ required: category === null });
  const {
    register,
    handleSubmit,
    showServerErrors,
    formState: { errors },
  } = useContractForm(categoryFieldsSchema, { defaultValues: localisedValues(category) });

  const submit = handleSubmit(
    ...withImage(image, (fields: CategoryFields, file) =>
      save.mutate(
        { id: category?.id, fields, image: file },
        {
          onSuccess: (saved) => {
            const name = localisedName(saved, i18n.language);
            toast.success(t(category ? 'categories.saved' : 'categories.created', { name }));
            onClose();
          },
          onError: showServerErrors,
        },
      ),
    ),
  );

  return (
    <form onSubmit={submit} noValidate className="mt-5 flex flex-col gap-5">
      <ImageField image={image} currentUrl={category?.imageUrl ?? null} />
      <LocalisedFields register={register} errors={errors} />
      <FormActions
        submitLabel={t(category ? 'categories.save' : 'categories.create')}
        pending={save.isPending}
        onCancel={onClose}
        error={save.error}
        errorTitle={t('categories.failedToSave')}
      />
    </form>
  );
}

type SubcategoryFormProps = {
  subcategory: Subcategory | null;
  /** The category it is created in, or belongs to. */
  categoryId: string;
  categories: Category[];
  onClose: () => void;
};

function SubcategoryForm({ subcategory, categoryId, categories, onClose }: SubcategoryFormProps) {
  const { t, i18n } = useTranslation('catalogue');
  const { t: tCore } = useTranslation();
  const save = useSaveSubcategory();
  const image = useImageChoice({ required: subcategory === null });
  const {
    register,
    handleSubmit,
    showServerErrors,
    formState: { errors },
  } = useContractForm(subcategoryFieldsSchema, {
    defaultValues: { ...localisedValues(subcategory), categoryId },
  });

  const submit = handleSubmit(
    ...withImage(image, (fields: SubcategoryFields, file) =>
      save.mutate(
        { id: subcategory?.id, fields, image: file },
        {
          onSuccess: (saved) => {
            const name = localisedName(saved, i18n.language);
            toast.success(
              t(subcategory ? 'subcategories.saved' : 'subcategories.created', { name }),
            );
            onClose();
          },
          onError: showServerErrors,
        },
      ),
    ),
  );

  return (
    <form onSubmit={submit} noValidate className="mt-5 flex flex-col gap-5">
      <ImageField image={image} currentUrl={subcategory?.imageUrl ?? null} />
      <Field
        label={t('fields.category')}
        hint={subcategory ? t('subcategories.moveHint') : undefined}
        error={translateCatalogueIssue(errors.categoryId, t, tCore)}
      >
        {(control) => (
          <Select {...control} {...register('categoryId')}>
            {categories.map((category) => (
              <option key={category.id} value={category.id}>
                {localisedName(category, i18n.language)}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <LocalisedFields register={register} errors={errors} />
      <FormActions
        submitLabel={t(subcategory ? 'categories.save' : 'subcategories.create')}
        pending={save.isPending}
        onCancel={onClose}
        error={save.error}
        errorTitle={t('subcategories.failedToSave')}
      />
    </form>
  );
}
