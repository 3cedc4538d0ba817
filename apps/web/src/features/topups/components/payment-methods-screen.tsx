import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { TopupMethod } from '@keymarket/contracts/topups';
import type { Role } from '@keymarket/contracts/users';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { LoadError } from '@/components/ui/load-error';
import { PageHeader } from '@/components/ui/page-header';
import { Spinner } from '@/components/ui/spinner';
import { useDeleteMethod } from '../api/delete-method';
import { useManagedMethods } from '../api/get-managed-methods';
import { MethodFormDialog } from './method-form-dialog';
import { formatInCurrency, methodText } from './method-text';

/** "Payment methods": the ways the reader's invitees (admins: the platform's members) pay it. */
export function PaymentMethodsScreen({ role }: { role: Role }) {
  const { t, i18n } = useTranslation('topups');
  const methods = useManagedMethods();
  const remove = useDeleteMethod();
  const [editing, setEditing] = useState<{ method: TopupMethod | undefined }>();
  const [deleting, setDeleting] = useState<TopupMethod>();

  return (
    <>
      <PageHeader
        title={t('methods.title')}
        description={role === 'admin' ? t('methods.subtitleAdmin') : t('methods.subtitle')}
      />
      <div className="mb-4">
        <Button onClick={() => setEditing({ method: undefined })}>{t('methods.add')}</Button>
      </div>
      <Card>
        {methods.isPending && <Spinner />}
        {methods.isError && (
          <LoadError error={methods.error} onRetry={() => void methods.refetch()} />
        )}
        {methods.isSuccess &&
          (methods.data.data.length === 0 ? (
            <p className="py-6 text-center text-sm text-muted">{t('methods.empty')}</p>
          ) : (
            <ul className="flex flex-col divide-y divide-border">
              {methods.data.data.map((method) => {
                const money = (amount: number) =>
                  formatInCurrency(amount, method.currencyCode, i18n.language);
                return (
                  <li
                    key={method.id}
                    className="flex flex-wrap items-center justify-between gap-3 py-3"
                  >
                    <div className="min-w-0">
                      <p className="font-medium text-fg">
                        {methodText(method, i18n.language).name}{' '}
                        <Badge tone={method.enabled ? 'success' : 'neutral'}>
                          {method.enabled ? t('methods.on') : t('methods.off')}
                        </Badge>
                      </p>
                      <p className="text-xs text-muted">
                        {t(`methods.kinds.${method.kind}`)} ·{' '}
                        {t('topup.limits', {
                          min: money(method.minAmount),
                          max: money(method.maxAmount),
                        })}{' '}
                        ·{' '}
                        {method.feePercent === 0 && method.feeFixed === 0
                          ? t('topup.noFee')
                          : t('topup.fee', {
                              percent: method.feePercent,
                              fixed: money(method.feeFixed),
                            })}
                        {method.proofRequired && ` · ${t('topup.proofNeeded')}`}
                      </p>
                    </div>
                    <div className="flex gap-2">
                      <Button size="sm" variant="secondary" onClick={() => setEditing({ method })}>
                        {t('methods.edit')}
                      </Button>
                      <Button size="sm" variant="ghost" onClick={() => setDeleting(method)}>
                        {t('methods.delete')}
                      </Button>
                    </div>
                  </li>
                );
              })}
            </ul>
          ))}
      </Card>
      {editing && (
        <MethodFormDialog
          role={role}
          method={editing.method}
          onClose={() => setEditing(undefined)}
        />
      )}
      <ConfirmDialog
        open={deleting !== undefined}
        title={t('methods.deleteTitle')}
        description={t('methods.deleteText')}
        confirmLabel={t('methods.delete')}
        pending={remove.isPending}
        error={remove.error}
        onCancel={() => {
          remove.reset();
          setDeleting(undefined);
        }}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: ({ outcome }) => {
              setDeleting(undefined);
              toast.success(outcome === 'deleted' ? t('methods.deleted') : t('methods.disabled'));
            },
          })
        }
      />
    </>
  );
}
