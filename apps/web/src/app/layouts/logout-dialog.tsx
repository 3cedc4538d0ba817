import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { useLogout } from '@/features/auth/api/logout';

type LogoutDialogProps = { open: boolean; onOpenChange: (open: boolean) => void };

/** Logging out is confirmed first: on a shared reseller counter a stray click is costly. */
export function LogoutDialog({ open, onOpenChange }: LogoutDialogProps) {
  const { t } = useTranslation();
  const logoutMutation = useLogout();

  function confirm() {
    logoutMutation.mutate(undefined, {
      onError: () => toast.error(t('messages.logoutFailed')),
    });
  }

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('logout.title')}
      description={t('logout.description')}
    >
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        <Button variant="secondary" onClick={() => onOpenChange(false)}>
          {t('common.cancel')}
        </Button>
        <Button variant="danger" loading={logoutMutation.isPending} onClick={confirm}>
          {t('logout.confirm')}
        </Button>
      </div>
    </Dialog>
  );
}
