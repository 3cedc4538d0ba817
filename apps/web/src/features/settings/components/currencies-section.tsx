import { Check, Pencil, Trash2, X } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import {
  BASE_CURRENCY,
  createCurrencySchema,
  updateCurrencySchema,
  type Currency,
} from '@keymarket/contracts/settings';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { formatMoney } from '@/lib/format-price';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { ApiError } from '@/lib/api-error';
import { useCurrencies } from '@/entities/currencies/api/get-currencies';
import { describeApiError } from '@/lib/translate-error';
import { useContractForm } from '@/lib/use-contract-form';
import { useCreateCurrency } from '../api/create-currency';
import { useDeleteCurrency } from '../api/delete-currency';
import { useUpdateCurrency } from '../api/update-currency';
import { useSettingsText } from './use-settings-text';

const EXAMPLE_USD = 10;

function CreateCurrencyForm() {
  const { t, tCore, issue } = useSettingsText();
  const create = useCreateCurrency();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    showServerErrors,
    formState: { errors },
  } = useContractForm(createCurrencySchema, {
    defaultValues: { code: '', symbol: '' },
  });

  const onSubmit = handleSubmit((currency) => {
    create.mutate(currency, {
      onSuccess: (created) => {
        reset();
        toast.success(t('currencies.added', { code: created.code }));
      },
      onError: (error) => {
        // The one conflict is a code that exists already: said under the code itself.
        if (error instanceof ApiError && error.type === 'conflict') {
          setError('code', { type: 'conflict', message: t('currencies.exists') });
          return;
        }
        showServerErrors(error);
      },
    });
  });

  // A conflict's message is already in the user's language.
  const codeError = errors.code?.type === 'conflict' ? errors.code.message : issue(errors.code);

  return (
    <Card title={t('currencies.addTitle')}>
      <form
        onSubmit={onSubmit}
        noValidate
        className="grid items-start gap-4 sm:grid-cols-[repeat(auto-fit,minmax(11rem,1fr))]"
      >
        <Field label={t('currencies.code')} hint={t('currencies.codeHint')} error={codeError}>
          {(control) => (
            <Input
              {...control}
              {...register('code', { setValueAs: (value: string) => value.toUpperCase() })}
              maxLength={3}
              autoComplete="off"
              dir="ltr"
              className="uppercase"
            />
          )}
        </Field>
        <Field
          label={t('currencies.symbol')}
          hint={t('currencies.symbolHint')}
          error={issue(errors.symbol)}
        >
          {(control) => <Input {...control} {...register('symbol')} maxLength={5} />}
        </Field>
        <Field
          label={t('currencies.rate')}
          hint={t('currencies.rateHint')}
          error={issue(errors.rateToUSD)}
        >
          {(control) => (
            <Input
              {...control}
              {...register('rateToUSD', { valueAsNumber: true })}
              type="number"
              inputMode="decimal"
              min={0}
              step="any"
              dir="ltr"
            />
          )}
        </Field>
        <Button type="submit" loading={create.isPending} className="w-full sm:mt-6.5">
          {t('currencies.add')}
        </Button>
        {create.isError && !errors.code && !errors.symbol && !errors.rateToUSD && (
          <div className="sm:col-span-full">
            <Alert>{describeApiError(create.error, tCore)}</Alert>
          </div>
        )}
      </form>
    </Card>
  );
}

/**
 * The rate, edited where it is read: Edit turns it into a field with Save and Cancel (Enter
 * saves, Escape cancels), and the focus comes back to Edit afterwards.
 */
function RateEditor({ currency }: { currency: Currency }) {
  const { t, tCore, issue } = useSettingsText();
  const update = useUpdateCurrency();
  const [text, setText] = useState<string | null>(null);
  const [error, setError] = useState<string>();
  const editButton = useRef<HTMLButtonElement>(null);
  const inputId = useId();
  const errorId = `${inputId}-error`;

  function close() {
    setText(null);
    setError(undefined);
    update.reset();
    // After the field is gone: back to the button that opened it.
    requestAnimationFrame(() => editButton.current?.focus());
  }

  function save() {
    if (text === null) return;
    const parsed = updateCurrencySchema.shape.rateToUSD.safeParse(
      text.trim() === '' ? Number.NaN : Number(text.trim().replace(',', '.')),
    );
    if (!parsed.success) {
      setError(issue({ type: 'validate', message: parsed.error.issues[0]?.message }));
      return;
    }
    setError(undefined);
    update.mutate(
      { id: currency.id, rateToUSD: parsed.data },
      {
        onSuccess: (saved) => {
          toast.success(t('currencies.rateSaved', { code: saved.code }));
          close();
        },
      },
    );
  }

  if (text === null) {
    return (
      <span className="inline-flex items-center gap-1">
        <bdi>{currency.rateToUSD}</bdi>
        <Button
          ref={editButton}
          variant="ghost"
          size="icon"
          onClick={() => setText(String(currency.rateToUSD))}
          aria-label={t('currencies.editRate', { code: currency.code })}
          title={t('currencies.editRate', { code: currency.code })}
        >
          <Pencil aria-hidden className="size-4" />
        </Button>
      </span>
    );
  }

  const shownError = error ?? (update.isError ? describeApiError(update.error, tCore) : undefined);
  return (
    <span className="flex flex-col gap-1">
      <span className="flex items-center gap-1">
        <Input
          id={inputId}
          autoFocus
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              save();
            } else if (event.key === 'Escape') {
              event.preventDefault();
              close();
            }
          }}
          type="text"
          inputMode="decimal"
          dir="ltr"
          aria-label={t('currencies.rateFor', { code: currency.code })}
          aria-invalid={shownError !== undefined}
          aria-describedby={shownError ? errorId : undefined}
          className="w-28!"
        />
        <Button
          variant="ghost"
          size="icon"
          loading={update.isPending}
          onClick={save}
          aria-label={t('currencies.saveRate', { code: currency.code })}
        >
          <Check aria-hidden className="size-4" />
        </Button>
        <Button
          variant="ghost"
          size="icon"
          onClick={close}
          aria-label={t('currencies.cancelRate', { code: currency.code })}
        >
          <X aria-hidden className="size-4" />
        </Button>
      </span>
      {shownError && (
        <span id={errorId} role="alert" className="text-xs text-danger">
          {shownError}
        </span>
      )}
    </span>
  );
}

function CurrencyRow({
  currency,
  onDelete,
}: {
  currency: Currency;
  onDelete: (currency: Currency) => void;
}) {
  const { t, language } = useSettingsText();
  const isBase = currency.code === BASE_CURRENCY.code;
  const example = formatMoney(EXAMPLE_USD, currency, language);
  return (
    <TableRow>
      <TableCell kind="title" className="font-mono font-medium text-fg">
        <span className="inline-flex items-center gap-2">
          <bdi>{currency.code}</bdi>
          {isBase && <Badge>{t('currencies.base')}</Badge>}
        </span>
      </TableCell>
      <TableCell label={t('currencies.symbol')}>{currency.symbol}</TableCell>
      <TableCell label={t('currencies.rate')} className="tabular-nums">
        {isBase ? <bdi>{currency.rateToUSD}</bdi> : <RateEditor currency={currency} />}
      </TableCell>
      <TableCell label={t('currencies.example')} className="text-muted tabular-nums">
        <bdi>{t('currencies.exampleValue', { amount: example })}</bdi>
      </TableCell>
      <TableCell kind="actions" className="text-end">
        <Button
          variant="ghost"
          size="icon"
          onClick={() => onDelete(currency)}
          disabled={isBase}
          aria-label={t('currencies.deleteLabel', { code: currency.code })}
          title={isBase ? t('currencies.baseCannotDelete') : undefined}
        >
          <Trash2 aria-hidden className="size-4" />
        </Button>
      </TableCell>
    </TableRow>
  );
}

function CurrenciesList() {
  const { t, tCore } = useSettingsText();
  const currencies = useCurrencies();
  const remove = useDeleteCurrency();
  const [deleting, setDeleting] = useState<Currency | null>(null);

  if (currencies.isPending) return <Spinner className="size-8" />;
  if (currencies.isError) return <Alert>{describeApiError(currencies.error, tCore)}</Alert>;
  const list = currencies.data.currencies;

  function close() {
    setDeleting(null);
    remove.reset();
  }

  function confirmDelete() {
    if (!deleting) return;
    const { code } = deleting;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        toast.success(t('currencies.deleted', { code }));
        close();
      },
    });
  }

  return (
    <Card title={t('currencies.listTitle', { count: list.length })}>
      <Table>
        <TableHead>
          <tr>
            <TableHeader>{t('currencies.code')}</TableHeader>
            <TableHeader>{t('currencies.symbol')}</TableHeader>
            <TableHeader>{t('currencies.rate')}</TableHeader>
            <TableHeader>{t('currencies.example')}</TableHeader>
            <TableHeader className="text-end">
              {/* The buttons say what they do; on phones the heading gives its width to them. */}
              <span className="sr-only sm:not-sr-only">{t('currencies.actions')}</span>
            </TableHeader>
          </tr>
        </TableHead>
        <TableBody>
          {list.map((currency) => (
            <CurrencyRow key={currency.id} currency={currency} onDelete={setDeleting} />
          ))}
        </TableBody>
      </Table>
      <p className="mt-4 text-xs text-muted">{t('currencies.baseCannotDelete')}</p>
      <ConfirmDialog
        open={deleting !== null}
        onCancel={close}
        onConfirm={confirmDelete}
        title={t('currencies.deleteTitle', { code: deleting?.code ?? '' })}
        description={t('currencies.deleteDescription', { code: deleting?.code ?? '' })}
        confirmLabel={t('common.delete')}
        pending={remove.isPending}
        error={remove.error}
      />
    </Card>
  );
}

export function CurrenciesSection() {
  const { t } = useSettingsText();
  return (
    <div className="flex flex-col gap-6">
      <p className="text-sm text-muted">{t('currencies.description')}</p>
      <CreateCurrencyForm />
      <CurrenciesList />
    </div>
  );
}
