import type { FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { Category } from '@keymarket/contracts/catalogue';
import {
  priceRuleMessages,
  setPriceRuleSchema,
  type PriceRule,
} from '@keymarket/contracts/price-rules';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { describeApiError, translateFieldError } from '@/lib/translate-error';
import { useContractForm } from '@/lib/use-contract-form';
import { parseUsdInput } from '@/lib/usd-input';
import { useSetPriceRule } from '../api/set-price-rule';
import { CategorySelect } from './category-select';

type PriceRuleDialogProps = {
  /** `undefined`: closed; `null`: a new rule; a rule: that rule's markup to change. */
  rule: PriceRule | null | undefined;
  categories: readonly Category[];
  /** A rule's name in the reader's language: its category's, or "every product". */
  nameOf: (categoryId: string | null) => string;
  onClose: () => void;
};

/** The rule contract's own texts, by their key in the `priceRules` namespace's `issues`. */
const issueKeys = new Map<string, keyof typeof priceRuleMessages>(
  Object.entries(priceRuleMessages).map(([key, text]) => [
    text,
    key as keyof typeof priceRuleMessages,
  ]),
);

/** Adds a standing rule, or changes one's markup (its category stays: one rule per category). */
export function PriceRuleDialog({ rule, categories, nameOf, onClose }: PriceRuleDialogProps) {
  const { t } = useTranslation('priceRules');
  return (
    <Dialog
      open={rule !== undefined}
      onOpenChange={(open) => !open && onClose()}
      title={rule ? t('form.editTitle') : t('form.addTitle')}
      description={t('form.description')}
    >
      {rule !== undefined && (
        <PriceRuleForm
          key={rule?.id ?? 'new'}
          rule={rule}
          categories={categories}
          nameOf={nameOf}
          onClose={onClose}
        />
      )}
    </Dialog>
  );
}

function PriceRuleForm({
  rule,
  categories,
  nameOf,
  onClose,
}: Omit<PriceRuleDialogProps, 'rule'> & { rule: PriceRule | null }) {
  const { t } = useTranslation('priceRules');
  const { t: tCore } = useTranslation();
  const save = useSetPriceRule();
  const {
    register,
    handleSubmit,
    setValue,
    watch,
    showServerErrors,
    formState: { errors },
  } = useContractForm(setPriceRuleSchema, {
    defaultValues: { categoryId: rule?.categoryId ?? null, markupPercent: rule?.markupPercent },
  });
  const issue = (error: FieldError | undefined) => {
    const key = error?.message ? issueKeys.get(error.message) : undefined;
    return key ? t(`issues.${key}`) : translateFieldError(error, tCore);
  };
  const categoryId = watch('categoryId');

  const submit = handleSubmit((input) => {
    save.mutate(input, {
      onSuccess: () => {
        toast.success(t('form.saved', { name: nameOf(input.categoryId) }));
        onClose();
      },
      onError: showServerErrors,
    });
  });

  return (
    <form onSubmit={submit} noValidate className="mt-5 flex flex-col gap-4">
      <Field
        label={t('form.category')}
        hint={rule ? t('form.categoryFixed') : undefined}
        error={issue(errors.categoryId)}
      >
        {(control) => (
          <CategorySelect
            {...control}
            categories={categories}
            allLabel={t('everything')}
            value={categoryId ?? ''}
            disabled={rule !== null}
            onChange={(value) => setValue('categoryId', value === '' ? null : value)}
          />
        )}
      </Field>
      <Field
        label={t('form.percent')}
        hint={t('form.percentHint')}
        error={issue(errors.markupPercent)}
      >
        {(control) => (
          <Input
            {...control}
            inputMode="decimal"
            dir="ltr"
            autoComplete="off"
            {...register('markupPercent', {
              // The starting markup arrives as a number; what is typed, as text ("12,5" too).
              setValueAs: (value: number | string) =>
                typeof value === 'number' ? value : parseUsdInput(value),
            })}
          />
        )}
      </Field>
      {save.isError && !errors.categoryId && !errors.markupPercent && (
        <Alert title={t('form.failed')}>{describeApiError(save.error, tCore)}</Alert>
      )}
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>
          {tCore('common.cancel')}
        </Button>
        <Button type="submit" loading={save.isPending}>
          {t('form.save')}
        </Button>
      </div>
    </form>
  );
}
