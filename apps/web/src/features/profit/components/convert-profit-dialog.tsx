import { ArrowRightLeft } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { convertProfitSchema } from '@keymarket/contracts/balance';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { useCurrentUser } from '@/lib/auth/current-user';
import { useFormatPrice } from '@/lib/format-price';
import { useProfitVisibility } from '@/lib/profit-visibility';
import { useThresholds } from '@/entities/thresholds/api/get-thresholds';
import { describeApiError, translateFieldError } from '@/lib/translate-error';
import { useContractForm } from '@/lib/use-contract-form';
import { useConvertProfit } from '../api/convert-profit';
import { useOwnPendingOrders } from '../api/get-own-pending-orders';

/** The button that opens the conversion; managers and resellers only (admins earn no profit). */
export function ConvertProfitButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        <ArrowRightLeft aria-hidden className="size-4" />
        {t('profit.open')}
      </Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title={t('profit.title')}
        description={t('profit.description')}
      >
        {open && <ConvertProfitForm onDone={() => setOpen(false)} />}
      </Dialog>
    </>
  );
}

function ConvertProfitForm({ onDone }: { onDone: () => void }) {
  const formatPrice = useFormatPrice();
  const { t } = useTranslation();
  const [profitVisible] = useProfitVisibility();
  const userQuery = useCurrentUser();
  const thresholdsQuery = useThresholds();
  const pendingQuery = useOwnPendingOrders();
  const convert = useConvertProfit();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useContractForm(convertProfitSchema);
  // The minimum is the admin's setting, not part of the contract: checked here (and again by
  // the server) with a message of its own.
  const [belowMinimumAmount, setBelowMinimumAmount] = useState(false);

  // The top bar's toggle hides profit everywhere, for screens shared with customers.
  const shown = (usd: number) => (profitVisible ? formatPrice(usd) : t('balance.hidden'));

  const submit = handleSubmit((request) => {
    const minimum = thresholdsQuery.data?.minProfitToConvert ?? 0;
    const tooSmall = request.amount !== undefined && request.amount < minimum;
    setBelowMinimumAmount(tooSmall);
    if (tooSmall) return;
    convert.mutate(request, {
      onSuccess: (result) => {
        toast.success(t('profit.success', { amount: formatPrice(result.converted) }));
        onDone();
      },
    });
  });

  if (userQuery.isPending || thresholdsQuery.isPending || pendingQuery.isPending) {
    return (
      <div className="grid place-items-center py-8">
        <Spinner />
      </div>
    );
  }
  if (userQuery.isError || thresholdsQuery.isError || pendingQuery.isError) {
    return (
      <Alert>
        {describeApiError(userQuery.error ?? thresholdsQuery.error ?? pendingQuery.error, t)}
      </Alert>
    );
  }

  const { profit, current } = userQuery.data.balance;
  const minimum = thresholdsQuery.data.minProfitToConvert;
  const pendingCount = pendingQuery.data;
  const belowMinimum = profit === 0 || profit < minimum;

  return (
    <form onSubmit={submit} noValidate className="mt-5 flex flex-col gap-4">
      <dl className="grid grid-cols-2 gap-2 rounded-lg bg-surface-2 p-3 text-sm">
        <dt className="text-muted">{t('profit.profit')}</dt>
        <dd className="text-end font-semibold tabular-nums">
          <bdi dir="ltr">{shown(profit)}</bdi>
        </dd>
        <dt className="text-muted">{t('profit.balance')}</dt>
        <dd className="text-end tabular-nums">
          <bdi dir="ltr">{formatPrice(current)}</bdi>
        </dd>
        <dt className="text-muted">{t('profit.minimum')}</dt>
        <dd className="text-end tabular-nums">
          <bdi dir="ltr">{formatPrice(minimum)}</bdi>
        </dd>
      </dl>
      {/* The server's two refusals, said before the user submits (DESIGN §5). */}
      {pendingCount > 0 && (
        <Alert
          title={t('profit.blockedTitle')}
          action={
            // The dialog sits on the orders screen: the link filters its list.
            <Link
              to="?status=pending"
              onClick={onDone}
              className="font-medium underline underline-offset-2"
            >
              {t('profit.seePendingOrders')}
            </Link>
          }
        >
          {t('profit.blockedByPendingOrders', { count: pendingCount })}
        </Alert>
      )}
      {pendingCount === 0 && belowMinimum && (
        <Alert title={t('profit.blockedTitle')}>
          {t('profit.belowMinimum', { minimum: formatPrice(minimum) })}
        </Alert>
      )}
      <Field
        label={t('profit.amount')}
        hint={t('profit.amountHint')}
        error={
          translateFieldError(errors.amount, t) ??
          (belowMinimumAmount
            ? t('profit.amountBelowMinimum', { minimum: formatPrice(minimum) })
            : undefined)
        }
      >
        {(control) => (
          <Input
            {...control}
            type="number"
            inputMode="decimal"
            min={0.01}
            step={0.01}
            {...register('amount', {
              // An empty field converts the whole profit: no amount is sent.
              setValueAs: (text: string) => (text.trim() === '' ? undefined : Number(text)),
            })}
          />
        )}
      </Field>
      {convert.isError && (
        <Alert title={t('messages.failedToConvertProfit')}>
          {describeApiError(convert.error, t)}
        </Alert>
      )}
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onDone}>
          {t('common.cancel')}
        </Button>
        <Button
          type="submit"
          loading={convert.isPending}
          disabled={pendingCount > 0 || belowMinimum}
        >
          {t('profit.submit')}
        </Button>
      </div>
    </form>
  );
}
