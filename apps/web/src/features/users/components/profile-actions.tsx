import { useState } from 'react';
import type { UserProfile, UserSummary } from '@keymarket/contracts/users-admin';
import { useCurrentUser } from '@/lib/auth/current-user';
import { actionsFor } from './user-actions';
import { UserActionsMenu } from './user-actions-menu';
import { UserDialogs, type OpenUserDialog } from './user-dialogs';

/** The profile as a row of the Users list, which the action dialogs take. */
function summaryOf(profile: UserProfile): UserSummary {
  return {
    ...profile,
    balance: profile.balance.current,
    profit: profile.balance.profit,
    ordersTotal: profile.orders.total,
  };
}

/** The viewer's actions on this user (edit, balance, ban…), each opening its dialog. */
export function ProfileActions({ profile }: { profile: UserProfile }) {
  const me = useCurrentUser();
  const [dialog, setDialog] = useState<OpenUserDialog>(null);
  const viewer = me.data ? { id: me.data.id, role: me.data.role } : null;
  const user = summaryOf(profile);
  const actions = viewer ? actionsFor(viewer, user).filter((action) => action !== 'profile') : [];
  if (actions.length === 0) return null;
  return (
    <>
      <UserActionsMenu
        user={user}
        actions={actions}
        onSelect={(action) => setDialog({ action, user })}
      />
      <UserDialogs dialog={dialog} viewer={viewer} onClose={() => setDialog(null)} />
    </>
  );
}
