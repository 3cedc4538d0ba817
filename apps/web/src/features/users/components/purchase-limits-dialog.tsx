import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { setUserLimitsSchema } from '@keymarket/contracts/purchase-limits';
import type { UserSummary } from '@keymarket/contracts/users-admin';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { formatUsdAmount } from '@/lib/format-price';
import { limitIssue } from '@/lib/limit-issue';
import { numberOrNull } from '@/lib/number-or-null';
import { describeApiError } from '@/lib/translate-error';
import { useContractForm } from '@/lib/use-contract-form';
import { useSetUserLimits } from '../api/set-user-limits';

type PurchaseLimitsDialogProps = { user: UserSummary | null; onClose: () => void };

/**
 * An invitee's purchase limits, set by its inviter (or an administrator): a daily spending cap
 * in USD and the most units in one order. A day is a UTC day.
 */
export function PurchaseLimitsDialog({ user, onClose }: PurchaseLimitsDialogProps) {
  const { t } = useTranslation('limits');
  return (
    <Dialog
      open={user !== null}
      onOpenChange={(open) => !open && onClose()}
      title={user ? t('users.title', { name: user.username }) : ''}
      description={t('users.description')}
    >
      {user && <LimitsForm user={user} onClose={onClose} />}
    </Dialog>
  );
}

function LimitsForm({ user, onClose }: { user: UserSummary; onClose: () => void }) {
  const { t, i18n } = useTranslation('limits');
  const { t: tCore } = useTranslation();
  const setLimits = useSetUserLimits();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useContractForm(setUserLimitsSchema, {
    defaultValues: {
      dailySpendCap: user.limits.dailySpendCap,
      maxOrderQuantity: user.limits.maxOrderQuantity,
    },
  });

  const submit = handleSubmit((body) => {
    setLimits.mutate(
      { userId: user.id, body },
      {
        onSuccess: () => {
          toast.success(t('users.saved', { name: user.username }));
          onClose();
        },
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate className="mt-5 flex flex-col gap-4">
      <p className="text-sm text-muted">
        {t('users.spentTodayLine', {
          spent: formatUsdAmount(user.limits.spentToday, i18n.language),
        })}
      </p>
      <Field
        label={t('users.dailySpendCap')}
        hint={t('product.hint')}
        error={limitIssue(errors.dailySpendCap, t)}
      >
        {(control) => (
          <Input
            {...control}
            type="number"
            inputMode="decimal"
            min={0}
            step="0.01"
            {...register('dailySpendCap', { setValueAs: numberOrNull })}
          />
        )}
      </Field>
      <Field
        label={t('users.maxOrderQuantity')}
        hint={t('product.hint')}
        error={limitIssue(errors.maxOrderQuantity, t)}
      >
        {(control) => (
          <Input
            {...control}
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            {...register('maxOrderQuantity', { setValueAs: numberOrNull })}
          />
        )}
      </Field>
      {setLimits.isError && (
        <Alert title={t('users.action')}>{describeApiError(setLimits.error, tCore)}</Alert>
      )}
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>
          {tCore('common.cancel')}
        </Button>
        <Button type="submit" loading={setLimits.isPending}>
          {t('users.save')}
        </Button>
      </div>
    </form>
  );
}
