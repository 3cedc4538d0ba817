import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { Product } from '@keymarket/contracts/catalogue';
import { usdAmount } from '@keymarket/contracts/money';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { describeApiError, translateFieldError } from '@/lib/translate-error';
import { parseUsdInput } from '@/lib/usd-input';
import { useBulkUpdatePrices } from '../api/bulk-update-prices';
import { describeRefusedRow, refusedRowsOf } from './refused-rows';

type AmountField = 'managerPrice' | 'resellerPrice';

// The alert names this many refused products; the table marks every one of them.
const LISTED_REFUSALS = 5;

type BulkUpdateFormProps = {
  isAdmin: boolean;
  selected: ReadonlyMap<string, Product>;
  onClearSelection: () => void;
  /** Translated problems by product id after a refusal; an empty map clears them. */
  onRefusals: (refusals: Map<string, string>) => void;
};

/**
 * Signed USD amounts added to the selected products' prices (an admin's manager and reseller
 * prices, a seller's own selling price). The server applies all of them or none.
 */
export function BulkUpdateForm({
  isAdmin,
  selected,
  onClearSelection,
  onRefusals,
}: BulkUpdateFormProps) {
  const { t } = useTranslation('pricing');
  const { t: tCore } = useTranslation();
  const bulkUpdate = useBulkUpdatePrices();
  const fields: AmountField[] = isAdmin ? ['managerPrice', 'resellerPrice'] : ['resellerPrice'];
  const [texts, setTexts] = useState<Record<AmountField, string>>({
    managerPrice: '',
    resellerPrice: '',
  });
  const [errors, setErrors] = useState<Partial<Record<AmountField, string>>>({});
  const [refused, setRefused] = useState<{ productId: string; name: string; problem: string }[]>(
    [],
  );

  function amounts(): Partial<Record<AmountField, number>> | null {
    const found: Partial<Record<AmountField, number>> = {};
    const problems: Partial<Record<AmountField, string>> = {};
    for (const field of fields) {
      const value = parseUsdInput(texts[field]);
      if (value === undefined || value === 0) continue;
      const parsed = usdAmount.safeParse(value);
      if (parsed.success) found[field] = parsed.data;
      else {
        const issue = parsed.error.issues[0]!;
        problems[field] = translateFieldError({ type: issue.code, message: issue.message }, tCore);
      }
    }
    if (Object.keys(problems).length === 0 && Object.keys(found).length === 0) {
      problems[fields[0]!] = t('bulk.amountRequired');
    }
    setErrors(problems);
    return Object.keys(problems).length === 0 ? found : null;
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const change = amounts();
    if (!change) return;
    const products = [...selected.values()];
    bulkUpdate.mutate(
      { products: products.map((product) => ({ productId: product.id, ...change })) },
      {
        onSuccess: ({ updated }) => {
          toast.success(t('bulk.success', { count: updated }));
          setTexts({ managerPrice: '', resellerPrice: '' });
          setRefused([]);
          onRefusals(new Map());
          onClearSelection();
        },
        onError: (error) => {
          const rows = refusedRowsOf(
            error,
            products.map((product) => product.id),
          );
          const described = rows.map((row) => {
            const product = selected.get(row.productId);
            return {
              productId: row.productId,
              name: product?.name ?? row.productId,
              problem: describeRefusedRow(row, product, isAdmin, t),
            };
          });
          setRefused(described);
          onRefusals(new Map(described.map((row) => [row.productId, row.problem])));
        },
      },
    );
  }

  return (
    <Card title={t('bulk.title')} description={t('bulk.description')}>
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <div className="flex flex-wrap items-start gap-3">
          {fields.map((field) => (
            <Field
              key={field}
              label={t(isAdmin ? `bulk.${field}` : 'bulk.sellingPrice')}
              hint={t('bulk.amountHint')}
              error={errors[field]}
              className="w-full sm:w-56"
            >
              {(control) => (
                <Input
                  {...control}
                  inputMode="decimal"
                  dir="ltr"
                  placeholder="+0.00"
                  value={texts[field]}
                  onChange={(event) => setTexts({ ...texts, [field]: event.target.value })}
                />
              )}
            </Field>
          ))}
          <div className="flex flex-wrap items-center gap-3 sm:mt-6.5">
            <Button type="submit" loading={bulkUpdate.isPending} disabled={selected.size === 0}>
              {t('bulk.apply', { count: selected.size })}
            </Button>
            {selected.size > 0 && (
              <Button variant="ghost" onClick={onClearSelection}>
                {t('bulk.clear')}
              </Button>
            )}
          </div>
        </div>
        {bulkUpdate.isError && (
          <div className="flex flex-col gap-2">
            <Alert title={tCore('messages.failedToUpdatePrices')}>
              {describeApiError(bulkUpdate.error, tCore)}
            </Alert>
            {refused.length > 0 && (
              <ul aria-label={t('bulk.refusedRows')} className="flex flex-col gap-1 text-sm">
                {refused.slice(0, LISTED_REFUSALS).map((row) => (
                  <li key={row.productId} className="text-danger">
                    <bdi className="font-medium">{row.name}</bdi>: {row.problem}
                  </li>
                ))}
                {refused.length > LISTED_REFUSALS && (
                  <li className="text-muted">
                    {t('bulk.moreRefused', { count: refused.length - LISTED_REFUSALS })}
                  </li>
                )}
              </ul>
            )}
          </div>
        )}
      </form>
    </Card>
  );
}
