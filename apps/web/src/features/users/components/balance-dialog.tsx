import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { z } from 'zod';
import { balanceChangeSchema } from '@keymarket/contracts/balance';
import type { UserSummary } from '@keymarket/contracts/users-admin';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { useCurrentUser } from '@/lib/auth/current-user';
import { useFormatPrice } from '@/lib/format-price';
import { describeApiError, translateFieldError } from '@/lib/translate-error';
import { useContractForm } from '@/lib/use-contract-form';
import { useChangeBalance } from '../api/change-balance';

/**
 * `add` and `remove`: an admin's deposit and withdrawal. `transfer`: a manager or reseller gives
 * part of its own balance to a direct invitee (the same call as `add`, other words and a check).
 */
export type BalanceMode = 'add' | 'remove' | 'transfer';

type BalanceChange = z.output<typeof balanceChangeSchema>;

type BalanceDialogProps = { mode: BalanceMode; user: UserSummary | null; onClose: () => void };

export function BalanceDialog({ mode, user, onClose }: BalanceDialogProps) {
  const { t } = useTranslation('users');
  return (
    <Dialog
      open={user !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t(`balance.${mode}.title`)}
      description={user ? t(`balance.${mode}.description`, { name: user.username }) : ''}
    >
      {user && <BalanceForm key={mode} mode={mode} user={user} onClose={onClose} />}
    </Dialog>
  );
}

/** Two steps: the amount, then a review of the balances before and after, confirmed. */
function BalanceForm({
  mode,
  user,
  onClose,
}: {
  mode: BalanceMode;
  user: UserSummary;
  onClose: () => void;
}) {
  const formatPrice = useFormatPrice();
  const { t } = useTranslation('users');
  const { t: tCore } = useTranslation();
  const me = useCurrentUser();
  // Amounts and usernames inside translated sentences: i18n.ts keeps each whole in Arabic.
  const money = formatPrice;
  const name = user.username;
  const change = useChangeBalance();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useContractForm(balanceChangeSchema, { defaultValues: { note: '' } });
  // What the balances allow: checked here rather than by the server a step later.
  const [limitError, setLimitError] = useState<string>();
  const [review, setReview] = useState<BalanceChange | null>(null);
  const ownBalance = mode === 'transfer' ? me.data?.balance.current : undefined;

  const toReview = handleSubmit(({ amount, note }) => {
    // The server checks again anyway.
    if (ownBalance !== undefined && amount > ownBalance) {
      setLimitError(tCore('errors.insufficient_balance'));
      return;
    }
    if (mode === 'remove' && amount > user.balance) {
      setLimitError(t('balance.remove.tooMuch', { balance: money(user.balance) }));
      return;
    }
    setLimitError(undefined);
    change.reset();
    // A blank note is no note: the change then carries none rather than an empty text.
    setReview({ amount, note: note || undefined });
  });

  function confirm(body: BalanceChange) {
    change.mutate(
      { userId: user.id, direction: mode === 'remove' ? 'remove' : 'add', body },
      {
        onSuccess: (result) => {
          toast.success(
            t(`balance.${mode}.success`, {
              amount: money(body.amount),
              name,
              balance: money(result.balance),
            }),
          );
          onClose();
        },
      },
    );
  }

  if (review) {
    const signed = mode === 'remove' ? -review.amount : review.amount;
    const rows = [
      { label: t('balance.review.amount'), value: formatPrice(review.amount) },
      {
        label: t('balance.review.before', { name }),
        value: formatPrice(user.balance),
      },
      {
        label: t('balance.review.after', { name }),
        value: formatPrice(user.balance + signed),
      },
      ...(ownBalance !== undefined
        ? [
            {
              label: t('balance.review.yoursAfter'),
              value: formatPrice(ownBalance - review.amount),
            },
          ]
        : []),
    ];
    return (
      <div className="mt-5 flex flex-col gap-4">
        <p className="text-sm text-fg">
          {t(`balance.${mode}.confirm`, {
            amount: money(review.amount),
            name,
          })}
        </p>
        <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-2 rounded-lg bg-surface-2 p-3 text-sm">
          {rows.map((row) => (
            <div key={row.label} className="contents">
              <dt className="text-muted">{row.label}</dt>
              <dd className="text-end font-semibold tabular-nums">
                <bdi dir="ltr">{row.value}</bdi>
              </dd>
            </div>
          ))}
        </dl>
        {review.note && (
          <p className="text-sm text-muted">{t('balance.review.note', { note: review.note })}</p>
        )}
        {change.isError && (
          <Alert title={tCore('messages.failedToUpdateBalance')}>
            {describeApiError(change.error, tCore)}
          </Alert>
        )}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => setReview(null)} disabled={change.isPending}>
            {t('balance.back')}
          </Button>
          <Button
            variant={mode === 'remove' ? 'danger' : 'primary'}
            loading={change.isPending}
            onClick={() => confirm(review)}
          >
            {t(`balance.${mode}.submit`, { amount: money(review.amount) })}
          </Button>
        </div>
      </div>
    );
  }

  return (
    <form onSubmit={toReview} noValidate className="mt-5 flex flex-col gap-4">
      <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-2 rounded-lg bg-surface-2 p-3 text-sm">
        <dt className="text-muted">{t('balance.current', { name })}</dt>
        <dd className="text-end font-semibold tabular-nums">
          <bdi dir="ltr">{formatPrice(user.balance)}</bdi>
        </dd>
        {ownBalance !== undefined && (
          <>
            <dt className="text-muted">{t('balance.yours')}</dt>
            <dd className="text-end font-semibold tabular-nums">
              <bdi dir="ltr">{formatPrice(ownBalance)}</bdi>
            </dd>
          </>
        )}
      </dl>
      <Field
        label={t('balance.amount')}
        hint={t('balance.amountHint')}
        error={limitError ?? translateFieldError(errors.amount, tCore)}
      >
        {(control) => (
          <Input
            {...control}
            type="number"
            inputMode="decimal"
            min={0.01}
            step={0.01}
            dir="ltr"
            {...register('amount', {
              // An empty field is no amount at all, which the schema words as "greater than 0".
              setValueAs: (text: string) => (text.trim() === '' ? 0 : Number(text)),
            })}
          />
        )}
      </Field>
      <Field
        label={t('balance.note')}
        hint={t('balance.noteHint')}
        error={translateFieldError(errors.note, tCore)}
      >
        {(control) => <Input {...control} {...register('note')} maxLength={200} />}
      </Field>
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>
          {tCore('common.cancel')}
        </Button>
        <Button type="submit">{t('balance.continue')}</Button>
      </div>
    </form>
  );
}
