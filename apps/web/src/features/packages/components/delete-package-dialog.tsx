import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { describeApiError } from '@/lib/translate-error';
import type { PackageKind } from '@/entities/packages/api/assign-package';
import { useDeletePackage, type PackageView } from '../api/packages';

type DeletePackageDialogProps = {
  kind: PackageKind;
  pkg: PackageView | null;
  onClose: () => void;
};

/** Asks before deleting: the package's holders go back to the ordinary prices at once. */
export function DeletePackageDialog({ kind, pkg, onClose }: DeletePackageDialogProps) {
  const { t } = useTranslation('pricing');
  const { t: tCore } = useTranslation();
  const remove = useDeletePackage(kind);

  function confirm() {
    if (!pkg) return;
    remove.mutate(pkg.id, {
      onSuccess: () => {
        toast.success(t('packages.delete.success', { name: pkg.name }));
        onClose();
      },
    });
  }

  return (
    <Dialog
      open={pkg !== null}
      onOpenChange={(open) => {
        if (open) return;
        remove.reset();
        onClose();
      }}
      title={pkg ? t('packages.delete.title', { name: pkg.name }) : ''}
      description={
        pkg ? t(`packages.delete.description.${kind}`, { count: pkg.assignedUsers }) : ''
      }
    >
      <div className="mt-5 flex flex-col gap-4">
        {remove.isError && (
          <Alert title={t('packages.delete.failed')}>{describeApiError(remove.error, tCore)}</Alert>
        )}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            {tCore('common.cancel')}
          </Button>
          <Button variant="danger" loading={remove.isPending} onClick={confirm}>
            {t('packages.delete.confirm')}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
