import type { UserSummary } from '@keymarket/contracts/users-admin';
import { AssignPackageDialog } from './assign-package-dialog';
import { BalanceDialog } from './balance-dialog';
import { BanUserDialog } from './ban-user-dialog';
import { ConfirmUserActionDialog, type ConfirmedAction } from './confirm-user-action-dialog';
import { EditUserDialog } from './edit-user-dialog';
import { PurchaseLimitsDialog } from './purchase-limits-dialog';
import { ResetPasswordDialog } from './reset-password-dialog';
import type { UserAction, Viewer } from './user-actions';

export type OpenUserDialog = { action: UserAction; user: UserSummary } | null;

type UserDialogsProps = { dialog: OpenUserDialog; viewer: Viewer | null; onClose: () => void };

const confirmed = new Set<UserAction>(['suspend', 'activate', 'upgrade', 'resetTwoFactor']);

function isConfirmed(action: UserAction): action is ConfirmedAction {
  return confirmed.has(action);
}

/**
 * One dialog per kind of action (the profile is a page of its own: user-profile-screen.tsx), always mounted so Radix can animate and return focus; only the
 * one matching `dialog` is open.
 */
export function UserDialogs({ dialog, viewer, onClose }: UserDialogsProps) {
  const userFor = (...actions: UserAction[]) =>
    dialog && actions.includes(dialog.action) ? dialog.user : null;
  const balanceAction = dialog?.action;
  const balanceMode =
    balanceAction === 'removeBalance'
      ? 'remove'
      : balanceAction === 'transfer'
        ? 'transfer'
        : 'add';

  return (
    <>
      <EditUserDialog user={userFor('edit')} onClose={onClose} />
      <BanUserDialog user={userFor('ban')} onClose={onClose} />
      <ResetPasswordDialog user={userFor('resetPassword')} onClose={onClose} />
      <ConfirmUserActionDialog
        action={dialog && isConfirmed(dialog.action) ? dialog.action : null}
        user={dialog && isConfirmed(dialog.action) ? dialog.user : null}
        onClose={onClose}
      />
      <BalanceDialog
        mode={balanceMode}
        user={userFor('addBalance', 'removeBalance', 'transfer')}
        onClose={onClose}
      />
      <PurchaseLimitsDialog user={userFor('limits')} onClose={onClose} />
      <AssignPackageDialog
        kind={viewer?.role === 'admin' ? 'admin' : 'manager'}
        user={userFor('assignPackage')}
        onClose={onClose}
      />
    </>
  );
}
