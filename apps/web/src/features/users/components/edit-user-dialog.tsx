import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { UserSummary } from '@keymarket/contracts/users-admin';
import { UserInfoForm } from '@/entities/users/components/user-info-form';
import { Dialog } from '@/components/ui/dialog';
import { useUpdateUser } from '../api/update-user';

type EditUserDialogProps = { user: UserSummary | null; onClose: () => void };

/** The admin corrects a user's names, email or phone. */
export function EditUserDialog({ user, onClose }: EditUserDialogProps) {
  const { t } = useTranslation('users');
  return (
    <Dialog
      open={user !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t('edit.title')}
      description={user ? t('edit.description', { name: user.username }) : ''}
    >
      {user && <EditUserForm user={user} onClose={onClose} />}
    </Dialog>
  );
}

function EditUserForm({ user, onClose }: { user: UserSummary; onClose: () => void }) {
  const { t } = useTranslation('users');
  const update = useUpdateUser();

  return (
    <div className="mt-5">
      <UserInfoForm
        user={user}
        submitLabel={t('edit.submit')}
        failureTitle={t('edit.failed')}
        save={(changes) => update.mutateAsync({ userId: user.id, changes })}
        onSaved={() => {
          toast.success(t('edit.success', { name: user.username }));
          onClose();
        }}
        onCancel={onClose}
      />
    </div>
  );
}
