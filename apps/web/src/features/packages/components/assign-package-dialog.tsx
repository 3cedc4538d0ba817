import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { packageAssigneeParamsSchema } from '@keymarket/contracts/packages';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { SearchInput } from '@/components/ui/search-input';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-error';
import { useAssignPackage, type PackageKind } from '@/entities/packages/api/assign-package';
import { describeApiError } from '@/lib/translate-error';
import { useContractForm } from '@/lib/use-contract-form';
import { useSearchTerm } from '@/lib/use-debounced';
import { useAssignableUsers } from '../api/assignable-users';
import type { PackageView } from '../api/packages';

type AssignPackageDialogProps = {
  kind: PackageKind;
  pkg: PackageView | null;
  onClose: () => void;
};

/** Gives a package to one user, picked from a searchable list of the users who may hold it. */
export function AssignPackageDialog({ kind, pkg, onClose }: AssignPackageDialogProps) {
  const { t } = useTranslation('pricing');
  return (
    <Dialog
      open={pkg !== null}
      onOpenChange={(open) => !open && onClose()}
      title={pkg ? t('packages.assign.title', { name: pkg.name }) : ''}
      description={t(`packages.assign.description.${kind}`)}
    >
      {pkg && <AssignForm key={pkg.id} kind={kind} pkg={pkg} onClose={onClose} />}
    </Dialog>
  );
}

function AssignForm({
  kind,
  pkg,
  onClose,
}: {
  kind: PackageKind;
  pkg: PackageView;
  onClose: () => void;
}) {
  const { t } = useTranslation('pricing');
  const { t: tCore } = useTranslation();
  const [searchText, setSearchText] = useState('');
  const search = useSearchTerm(searchText);
  const candidates = useAssignableUsers(kind, search);
  const assign = useAssignPackage(kind);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useContractForm(packageAssigneeParamsSchema);
  // No radio picked is the one way to fail the contract here: said as what to do.
  const choiceError = errors.userId ? t('packages.assign.chooseUser') : undefined;

  const submit = handleSubmit(({ userId }) => {
    const user = candidates.data?.find((candidate) => candidate.id === userId);
    assign.mutate(
      { userId, packageId: pkg.id },
      {
        onSuccess: () => {
          toast.success(
            t('packages.assign.success', { name: pkg.name, username: user?.username ?? '' }),
          );
          onClose();
        },
      },
    );
  });

  // An admin package suits only users the platform prices (managers, resellers it invited).
  const refusal =
    assign.error instanceof ApiError && assign.error.type === 'conflict'
      ? t('packages.assign.notEligible')
      : describeApiError(assign.error, tCore);

  return (
    <form onSubmit={submit} noValidate className="mt-5 flex flex-col gap-3">
      <SearchInput
        value={searchText}
        onChange={(event) => setSearchText(event.target.value)}
        placeholder={t('packages.assign.searchPlaceholder')}
        aria-label={t('packages.assign.search')}
      />
      {candidates.isPending && <Spinner className="mx-auto size-5" />}
      {candidates.isError && <Alert>{describeApiError(candidates.error, tCore)}</Alert>}
      {candidates.isSuccess && candidates.data.length === 0 && (
        <p className="py-4 text-center text-sm text-muted">
          {search ? tCore('messages.noResultsFound') : t(`packages.assign.nobody.${kind}`)}
        </p>
      )}
      {candidates.isSuccess && candidates.data.length > 0 && (
        <fieldset
          aria-describedby={choiceError ? 'assign-choice-error' : undefined}
          className="flex max-h-64 flex-col gap-1 overflow-y-auto rounded-lg border border-border p-1"
        >
          <legend className="sr-only">{t('packages.assign.user')}</legend>
          {candidates.data.map((user) => (
            <label
              key={user.id}
              className="flex cursor-pointer items-center gap-3 rounded-md px-3 py-2 text-sm hover:bg-surface-2 has-checked:bg-primary/10"
            >
              <input
                type="radio"
                value={user.id}
                {...register('userId')}
                className="size-4 accent-(--color-primary)"
              />
              <span className="flex min-w-0 flex-1 flex-col">
                <span className="truncate font-medium text-fg">{user.username}</span>
                <span className="truncate text-xs text-muted">
                  {user.firstName} {user.lastName}
                </span>
              </span>
              <span className="shrink-0 text-xs text-muted">{tCore(`roles.${user.role}`)}</span>
            </label>
          ))}
        </fieldset>
      )}
      {choiceError && (
        <p id="assign-choice-error" className="text-xs font-medium text-danger">
          {choiceError}
        </p>
      )}
      {assign.isError && <Alert title={t('packages.assign.failed')}>{refusal}</Alert>}
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>
          {tCore('common.cancel')}
        </Button>
        <Button type="submit" loading={assign.isPending}>
          {t('packages.assign.submit')}
        </Button>
      </div>
    </form>
  );
}
