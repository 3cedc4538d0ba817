import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { UserSummary } from '@keymarket/contracts/users-admin';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { describeApiError } from '@/lib/translate-error';
import { useActivateUser } from '../api/activate-user';
import { useResetTwoFactor } from '../api/reset-two-factor';
import { useSuspendUser } from '../api/suspend-user';
import { useUpgradeUser } from '../api/upgrade-user';

/** The actions that need nothing but a yes. */
export type ConfirmedAction = 'suspend' | 'activate' | 'upgrade' | 'resetTwoFactor';

type ConfirmUserActionDialogProps = {
  action: ConfirmedAction | null;
  user: UserSummary | null;
  onClose: () => void;
};

export function ConfirmUserActionDialog({ action, user, onClose }: ConfirmUserActionDialogProps) {
  const { t } = useTranslation('users');
  const open = action !== null && user !== null;
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title={action ? t(`confirm.${action}.title`) : ''}
      description={open ? t(`confirm.${action}.description`, { name: user.username }) : ''}
    >
      {open && <ConfirmButtons key={action} action={action} user={user} onClose={onClose} />}
    </Dialog>
  );
}

function useActionMutation(action: ConfirmedAction) {
  // Every hook is called on every render (rules of hooks); only the chosen one is used.
  const mutations = {
    suspend: useSuspendUser(),
    activate: useActivateUser(),
    upgrade: useUpgradeUser(),
    resetTwoFactor: useResetTwoFactor(),
  };
  return mutations[action];
}

function ConfirmButtons({
  action,
  user,
  onClose,
}: {
  action: ConfirmedAction;
  user: UserSummary;
  onClose: () => void;
}) {
  const { t } = useTranslation('users');
  const { t: tCore } = useTranslation();
  const mutation = useActionMutation(action);
  const danger = action === 'suspend' || action === 'resetTwoFactor';

  function confirm() {
    mutation.mutate(user.id, {
      onSuccess: () => {
        toast.success(t(`confirm.${action}.success`, { name: user.username }));
        onClose();
      },
    });
  }

  return (
    <div className="mt-5 flex flex-col gap-4">
      {mutation.isError && (
        <Alert title={t(`confirm.${action}.failed`)}>
          {describeApiError(mutation.error, tCore)}
        </Alert>
      )}
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>
          {tCore('common.cancel')}
        </Button>
        <Button
          variant={danger ? 'danger' : 'primary'}
          loading={mutation.isPending}
          onClick={confirm}
        >
          {t(`confirm.${action}.submit`)}
        </Button>
      </div>
    </div>
  );
}
