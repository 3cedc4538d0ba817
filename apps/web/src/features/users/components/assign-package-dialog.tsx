import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { assignPackageSchema } from '@keymarket/contracts/packages';
import type { UserSummary } from '@keymarket/contracts/users-admin';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Select } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-error';
import { useAssignPackage, type PackageKind } from '@/entities/packages/api/assign-package';
import { describeApiError } from '@/lib/translate-error';
import { useContractForm } from '@/lib/use-contract-form';
import { useAssignablePackages, type AssignablePackage } from '../api/get-assignable-packages';
import { useUserProfile } from '../api/get-user-profile';

type AssignPackageDialogProps = {
  /** `admin`: the platform's packages; `manager`: the caller's own manager packages. */
  kind: PackageKind;
  user: UserSummary | null;
  onClose: () => void;
};

export function AssignPackageDialog({ kind, user, onClose }: AssignPackageDialogProps) {
  const { t } = useTranslation('users');
  return (
    <Dialog
      open={user !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t('assignPackage.title')}
      description={user ? t(`assignPackage.description.${kind}`, { name: user.username }) : ''}
    >
      {user && <AssignPackageContent kind={kind} user={user} onClose={onClose} />}
    </Dialog>
  );
}

const NO_PACKAGE = '';

function AssignPackageContent({
  kind,
  user,
  onClose,
}: {
  kind: PackageKind;
  user: UserSummary;
  onClose: () => void;
}) {
  const { t: tCore } = useTranslation();
  // The profile says which package the user holds now, so the choice starts from it.
  const profileQuery = useUserProfile(user.id);
  const packagesQuery = useAssignablePackages(kind);

  if (profileQuery.isPending || packagesQuery.isPending) {
    return (
      <div className="grid place-items-center py-8">
        <Spinner />
      </div>
    );
  }
  if (profileQuery.isError || packagesQuery.isError) {
    return (
      <div className="mt-5">
        <Alert
          title={tCore('messages.failedToLoadResults')}
          action={
            <Button
              variant="secondary"
              size="sm"
              onClick={() => void Promise.all([profileQuery.refetch(), packagesQuery.refetch()])}
            >
              {tCore('common.retry')}
            </Button>
          }
        >
          {describeApiError(profileQuery.error ?? packagesQuery.error, tCore)}
        </Alert>
      </div>
    );
  }
  const held = kind === 'admin' ? profileQuery.data.package : profileQuery.data.managerPackage;
  return (
    <AssignPackageForm
      kind={kind}
      user={user}
      packages={packagesQuery.data}
      currentId={held?.id ?? NO_PACKAGE}
      onClose={onClose}
    />
  );
}

function AssignPackageForm({
  kind,
  user,
  packages,
  currentId,
  onClose,
}: {
  kind: PackageKind;
  user: UserSummary;
  packages: AssignablePackage[];
  currentId: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('users');
  const { t: tCore } = useTranslation();
  const assign = useAssignPackage(kind);
  const current = currentId === NO_PACKAGE ? null : currentId;
  const { register, handleSubmit, watch } = useContractForm(assignPackageSchema, {
    defaultValues: { packageId: current },
  });

  const submit = handleSubmit(({ packageId }) => {
    assign.mutate(
      { userId: user.id, packageId },
      {
        onSuccess: () => {
          const name = packages.find((option) => option.id === packageId)?.name;
          toast.success(
            name
              ? t('assignPackage.success', { name: user.username, package: name })
              : t('assignPackage.removed', { name: user.username }),
          );
          onClose();
        },
      },
    );
  });

  // An admin package only prices managers and resellers the platform sells to directly; the
  // server's refusal is a bare conflict, so it is worded here.
  const failure =
    assign.error instanceof ApiError && assign.error.type === 'conflict' && kind === 'admin'
      ? t('assignPackage.notPricedByPlatform')
      : describeApiError(assign.error, tCore);

  return (
    <form onSubmit={submit} noValidate className="mt-5 flex flex-col gap-4">
      {packages.length === 0 ? (
        <p className="rounded-lg bg-surface-2 p-3 text-sm text-muted">
          {t(`assignPackage.none.${kind}`)}
        </p>
      ) : (
        <Field label={t('assignPackage.package')} hint={t(`assignPackage.hint.${kind}`)}>
          {(control) => (
            <Select
              {...control}
              {...register('packageId', {
                // "No package" takes the current one away.
                setValueAs: (id: string | null) => (id === NO_PACKAGE ? null : id),
              })}
            >
              <option value={NO_PACKAGE}>{t('assignPackage.noPackage')}</option>
              {packages.map((option) => (
                <option key={option.id} value={option.id}>
                  {t('assignPackage.option', { name: option.name, count: option.products.length })}
                </option>
              ))}
            </Select>
          )}
        </Field>
      )}
      {assign.isError && <Alert title={t('assignPackage.failed')}>{failure}</Alert>}
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>
          {tCore('common.cancel')}
        </Button>
        <Button type="submit" loading={assign.isPending} disabled={watch('packageId') === current}>
          {t('assignPackage.submit')}
        </Button>
      </div>
    </form>
  );
}
