import { useState } from 'react';
import { toast } from 'sonner';
import { createCurrencySchema, type Currency } from '@keymarket/contracts/settings';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { Table, TableBody, TableHead, TableHeader } from '@/components/ui/table';
import { ApiError } from '@/lib/api-error';
import { useCurrencies } from '@/entities/currencies/api/get-currencies';
import { describeApiError } from '@/lib/translate-error';
import { useContractForm } from '@/lib/use-contract-form';
import { useCreateCurrency } from '../api/create-currency';
import { useDeleteCurrency } from '../api/delete-currency';
import { useSettingsText } from './use-settings-text';
import { CurrencyRow } from './currency-row';

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
