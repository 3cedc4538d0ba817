import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import {
  productFieldsSchema,
  type Category,
  type Product,
  type ProductFields,
} from '@keymarket/contracts/catalogue';
import { messages } from '@keymarket/contracts/messages';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input, Textarea } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { limitIssue } from '@/lib/limit-issue';
import { localisedName } from '@/lib/localised-name';
import { useContractForm } from '@/lib/use-contract-form';
import { useSaveProduct } from '../api/save-product';
import { translateCatalogueIssue } from './catalogue-issues';
import { DeliveryTypeField } from './delivery-type-field';
import { FormActions } from './form-actions';
import { ImageField, useImageChoice, withImage } from './image-field';

/** The platform never sells below its own cost; said here first, checked again by the server. */
const productFormSchema = productFieldsSchema.superRefine((fields, context) => {
  for (const price of ['managerPrice', 'resellerPrice'] as const) {
    if (fields[price] < fields.initialPrice) {
      context.addIssue({ code: 'custom', path: [price], message: messages.sellingBelowCost });
    }
  }
});

type ProductDialogProps = {
  /** `null` creates a product; `open` is false when the dialog is closed. */
  product: Product | null;
  open: boolean;
  categories: Category[];
  /** The category the list is filtered on, preselected for a new product. */
  defaultCategoryId?: string;
  onClose: () => void;
};

export function ProductDialog({
  product,
  open,
  categories,
  defaultCategoryId,
  onClose,
}: ProductDialogProps) {
  const { t } = useTranslation('catalogue');
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title={t(product ? 'products.editTitle' : 'products.createTitle')}
      description={t('products.formDescription')}
      size="lg"
    >
      {open && (
        <ProductForm
          product={product}
          categories={categories}
          defaultCategoryId={defaultCategoryId}
          onClose={onClose}
        />
      )}
    </Dialog>
  );
}

const priceText = (usd: number | undefined) => (usd === undefined ? '' : String(usd));

function ProductForm({
  product,
  categories,
  defaultCategoryId,
  onClose,
}: Omit<ProductDialogProps, 'open'>) {
  const { t, i18n } = useTranslation('catalogue');
  const { t: tCore } = useTranslation();
  const { t: tLimits } = useTranslation('limits');
  const save = useSaveProduct();
  const image = useImageChoice({ required: false });
  const {
    register,
    handleSubmit,
    showServerErrors,
    setValue,
    control,
    formState: { errors },
  } = useContractForm(productFormSchema, {
    defaultValues: {
      name: product?.name ?? '',
      description: product?.description ?? '',
      categoryId: product?.category.id ?? defaultCategoryId ?? '',
      subcategoryId: product?.subcategory?.id ?? '',
      deliveryType: product?.deliveryType ?? 'instant',
      isNew: product?.isNew ?? false,
      allowBackorder: product?.allowBackorder ?? false,
      initialPrice: priceText(product?.initialPrice),
      managerPrice: priceText(product?.managerPrice),
      resellerPrice: priceText(product?.resellerPrice),
      stockQuantity: String(product?.stockQuantity ?? 0),
      lowStockThreshold:
        product?.lowStockThreshold == null ? '' : String(product.lowStockThreshold),
      maxOrderQuantity: product?.maxOrderQuantity == null ? '' : String(product.maxOrderQuantity),
      maxDailyQuantity: product?.maxDailyQuantity == null ? '' : String(product.maxDailyQuantity),
    },
  });
  const categoryId = useWatch({ control, name: 'categoryId' });
  const deliveryType = useWatch({ control, name: 'deliveryType' });
  const subcategories = categories.find((category) => category.id === categoryId)?.subcategories;
  const issue = (name: Exclude<keyof ProductFields, 'deliveryType' | 'isNew' | 'allowBackorder'>) =>
    translateCatalogueIssue(errors[name], t, tCore);

  const submit = handleSubmit(
    ...withImage(image, (fields: ProductFields, file) =>
      save.mutate(
        { id: product?.id, fields, image: file },
        {
          onSuccess: (saved) => {
            toast.success(t(product ? 'products.saved' : 'products.created', { name: saved.name }));
            onClose();
          },
          onError: (error) => showServerErrors(error),
        },
      ),
    ),
  );

  return (
    <form onSubmit={submit} noValidate className="mt-5 flex flex-col gap-4">
      <ImageField image={image} currentUrl={product?.imageUrl ?? null} />
      <Field label={t('fields.name')} error={issue('name')}>
        {(control) => <Input {...control} {...register('name')} />}
      </Field>
      <Field label={t('fields.description')} error={issue('description')}>
        {(control) => <Textarea {...control} {...register('description')} rows={2} />}
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t('fields.category')} error={issue('categoryId')}>
          {(control) => (
            <Select
              {...control}
              {...register('categoryId', {
                // A subcategory belongs to one category: choosing another category drops it.
                onChange: () => setValue('subcategoryId', ''),
              })}
            >
              <option value="">{t('fields.chooseCategory')}</option>
              {categories.map((category) => (
                <option key={category.id} value={category.id}>
                  {localisedName(category, i18n.language)}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label={t('fields.subcategory')} error={issue('subcategoryId')}>
          {(control) => (
            <Select {...control} {...register('subcategoryId')} disabled={!subcategories?.length}>
              <option value="">{t('fields.noSubcategory')}</option>
              {subcategories?.map((subcategory) => (
                <option key={subcategory.id} value={subcategory.id}>
                  {localisedName(subcategory, i18n.language)}
                </option>
              ))}
            </Select>
          )}
        </Field>
      </div>

      <DeliveryTypeField register={register} />

      <label className="flex items-center gap-2 text-sm text-fg">
        <input type="checkbox" {...register('isNew')} className="size-4 accent-(--color-primary)" />
        {t('fields.isNew')}
      </label>
      {deliveryType === 'instant' && (
        <label className="flex items-center gap-2 text-sm text-fg">
          <input
            type="checkbox"
            {...register('allowBackorder')}
            className="size-4 accent-(--color-primary)"
          />
          {t('fields.allowBackorder')}
        </label>
      )}

      <div className="grid gap-4 sm:grid-cols-3">
        {(['initialPrice', 'managerPrice', 'resellerPrice'] as const).map((price) => (
          <Field key={price} label={t(`fields.${price}`)} error={issue(price)}>
            {(control) => (
              <Input
                {...control}
                {...register(price)}
                inputMode="decimal"
                dir="ltr"
                placeholder="0.00"
              />
            )}
          </Field>
        ))}
      </div>

      {deliveryType === 'request' ? (
        <Field
          label={t('fields.stock')}
          hint={t('products.stockHint')}
          error={issue('stockQuantity')}
        >
          {(control) => (
            <Input
              {...control}
              {...register('stockQuantity')}
              type="number"
              inputMode="numeric"
              min={0}
              step={1}
              dir="ltr"
              className="max-w-40"
            />
          )}
        </Field>
      ) : (
        <p className="text-sm text-muted">{t('products.instantStockHint')}</p>
      )}

      <Field
        label={t('fields.lowStockThreshold')}
        hint={t('products.lowStockHint')}
        error={issue('lowStockThreshold')}
      >
        {(control) => (
          <Input
            {...control}
            {...register('lowStockThreshold')}
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            dir="ltr"
            placeholder={t('products.lowStockDefault')}
            className="max-w-40"
          />
        )}
      </Field>

      <fieldset className="flex flex-col gap-3" data-testid="product-limits">
        <legend className="mb-2 text-sm font-medium text-fg">{tLimits('product.title')}</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          {(['maxOrderQuantity', 'maxDailyQuantity'] as const).map((name) => (
            <Field
              key={name}
              label={tLimits(`product.${name}`)}
              hint={tLimits('product.hint')}
              error={limitIssue(errors[name], tLimits)}
            >
              {(control) => (
                <Input
                  {...control}
                  {...register(name)}
                  type="number"
                  inputMode="numeric"
                  min={1}
                  step={1}
                  dir="ltr"
                  className="max-w-40"
                />
              )}
            </Field>
          ))}
        </div>
      </fieldset>

      <FormActions
        submitLabel={t(product ? 'products.save' : 'products.create')}
        pending={save.isPending}
        onCancel={onClose}
        error={save.error}
        errorTitle={t('products.failedToSave')}
      />
    </form>
  );
}
