import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { updateRolePriceSchema, type Product } from '@keymarket/contracts/catalogue';
import { toCents } from '@keymarket/contracts/money';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { ApiError } from '@/lib/api-error';
import { describeApiError, translateFieldError } from '@/lib/translate-error';
import { useContractForm } from '@/lib/use-contract-form';
import { formatUsd, formatUsdInText, parseUsdInput } from '@/lib/usd-input';
import { useUpdateRolePrice } from '../api/update-role-price';
import { ClearSellingPrice } from './clear-selling-price';

type PriceField = 'managerPrice' | 'resellerPrice';
type FieldErrors = Partial<Record<PriceField, string>>;

type EditPriceDialogProps = {
  product: Product | null;
  isAdmin: boolean;
  onClose: () => void;
};

/** One product's prices: the platform's two for an admin, its own selling price for a seller. */
export function EditPriceDialog({ product, isAdmin, onClose }: EditPriceDialogProps) {
  const { t } = useTranslation('pricing');
  return (
    <Dialog
      open={product !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t('edit.title')}
      description={product ? t('edit.description', { name: product.name }) : ''}
    >
      {product && (
        <EditPriceForm key={product.id} product={product} isAdmin={isAdmin} onClose={onClose} />
      )}
    </Dialog>
  );
}

/** What a price may not go under: the platform's cost for an admin, the buying price otherwise. */
const floorOf = (product: Product, isAdmin: boolean) =>
  isAdmin ? (product.initialPrice ?? 0) : product.price;

function useFloorMessage(product: Product, isAdmin: boolean) {
  const { t } = useTranslation('pricing');
  const { t: tCore } = useTranslation();
  return isAdmin
    ? t('edit.belowInitial', { price: formatUsdInText(floorOf(product, isAdmin)) })
    : tCore('messages.sellingBelowCost');
}

/** The fields the server named in a `price_below_cost` refusal (a price changed meanwhile). */
function refusedFields(error: unknown): PriceField[] {
  if (!(error instanceof ApiError) || error.type !== 'price_below_cost') return [];
  return (error.body.details ?? [])
    .map((detail) => detail.path.split('.').pop())
    .filter((field): field is PriceField => field === 'managerPrice' || field === 'resellerPrice');
}

function EditPriceForm({
  product,
  isAdmin,
  onClose,
}: {
  product: Product;
  isAdmin: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('pricing');
  const { t: tCore } = useTranslation();
  const update = useUpdateRolePrice();
  const fields: PriceField[] = isAdmin ? ['managerPrice', 'resellerPrice'] : ['resellerPrice'];
  const {
    register,
    handleSubmit,
    getValues,
    formState: { errors },
  } = useContractForm(updateRolePriceSchema, {
    // Only the fields on screen: a seller's body carries its selling price alone.
    defaultValues: isAdmin
      ? { managerPrice: product.managerPrice, resellerPrice: product.resellerPrice }
      : { resellerPrice: product.sellingPrice },
  });
  // Every shown price is required, and none may go under the floor: rules of this screen, which
  // the contract (where each price is optional) does not hold.
  const [ruleErrors, setRuleErrors] = useState<FieldErrors>({});
  const floorMessage = useFloorMessage(product, isAdmin);
  const errorsOn = (names: PriceField[], message: string): FieldErrors =>
    Object.fromEntries(names.map((name) => [name, message]));
  const blankErrors = () =>
    errorsOn(
      fields.filter((field) => getValues(field) === undefined),
      t('edit.required'),
    );

  const submit = handleSubmit(
    (prices) => {
      const blank = blankErrors();
      if (Object.keys(blank).length > 0) {
        setRuleErrors(blank);
        return;
      }
      const floorCents = toCents(floorOf(product, isAdmin));
      const below = fields.filter((field) => toCents(prices[field] ?? 0) < floorCents);
      setRuleErrors(errorsOn(below, floorMessage));
      if (below.length > 0) return;
      update.mutate(
        { productId: product.id, prices },
        {
          onSuccess: () => {
            toast.success(t('edit.success', { name: product.name }));
            onClose();
          },
          onError: (error) => setRuleErrors(errorsOn(refusedFields(error), floorMessage)),
        },
      );
    },
    // Every field blank fails the contract as a whole ("Enter a price to update"): said on each.
    () => setRuleErrors(blankErrors()),
  );

  return (
    <form onSubmit={submit} noValidate className="mt-5 flex flex-col gap-4">
      <p className="text-sm text-muted">
        {isAdmin ? t('edit.initialPrice') : t('edit.buyingPrice')}{' '}
        <bdi dir="ltr" className="font-medium text-fg tabular-nums">
          {formatUsd(floorOf(product, isAdmin))}
        </bdi>
      </p>
      <div className={isAdmin ? 'grid gap-4 sm:grid-cols-2' : 'grid gap-4'}>
        {fields.map((field) => (
          <Field
            key={field}
            label={t(isAdmin ? `edit.${field}` : 'edit.sellingPrice')}
            hint={t('usdOnly')}
            error={ruleErrors[field] ?? translateFieldError(errors[field], tCore)}
          >
            {(control) => (
              <Input
                {...control}
                inputMode="decimal"
                dir="ltr"
                {...register(field, {
                  // The starting prices arrive as numbers; what is typed, as text.
                  setValueAs: (value: number | string) =>
                    typeof value === 'number' ? value : parseUsdInput(value),
                })}
              />
            )}
          </Field>
        ))}
      </div>
      {!isAdmin && <ClearSellingPrice product={product} onDone={onClose} />}
      {update.isError && (
        <Alert title={tCore('messages.failedToUpdateProductPrices')}>
          {describeApiError(update.error, tCore)}
        </Alert>
      )}
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>
          {tCore('common.cancel')}
        </Button>
        <Button type="submit" loading={update.isPending}>
          {t('edit.save')}
        </Button>
      </div>
    </form>
  );
}
