import { clsx } from 'clsx';
import { useTranslation } from 'react-i18next';
import type { AuditEntry } from '@keymarket/contracts/balance';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { formatDateTime } from '@/lib/format-date';
import { fieldChanges } from './audit-changes';
import { useAuditLabels } from './audit-labels';
import { AuditTarget } from './audit-target';

type AuditEntryDialogProps = { entry: AuditEntry | null; onClose: () => void };

/** One audit entry: who did what to which record, and its fields before and after, side by side. */
export function AuditEntryDialog({ entry, onClose }: AuditEntryDialogProps) {
  const { t, i18n } = useTranslation('money');
  const { t: tCore } = useTranslation();
  const { actionLabel } = useAuditLabels();
  return (
    <Dialog
      open={entry !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t('audit.changesTitle')}
      description={
        entry
          ? t('audit.changesDescription', {
              action: actionLabel(entry.action),
              actor: entry.actor ? `@${entry.actor.username}` : t('audit.system'),
              date: formatDateTime(entry.createdAt, i18n.language),
            })
          : ''
      }
      size="lg"
    >
      {entry && <Changes entry={entry} />}
      <div className="mt-4 flex justify-end">
        <Button variant="secondary" onClick={onClose}>
          {tCore('common.close')}
        </Button>
      </div>
    </Dialog>
  );
}

function Changes({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation('money');
  const { shownValue } = useAuditLabels();
  const changes = fieldChanges(entry.before, entry.after, (field, value) =>
    shownValue(entry, field, value),
  );
  return (
    <div className="mt-5 flex flex-col gap-3">
      <div className="flex gap-2 text-sm text-muted">
        <span>{t('audit.target')}:</span>
        <AuditTarget entry={entry} full />
      </div>
      {changes.length === 0 ? (
        <p className="text-sm text-muted">{t('audit.noValues')}</p>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-border">
          <table className="w-full text-sm" aria-label={t('audit.changesTitle')}>
            <thead className="bg-surface-2/60 text-xs text-muted uppercase">
              <tr>
                <th scope="col" className="px-3 py-2 text-start font-medium">
                  {t('audit.field')}
                </th>
                <th scope="col" className="px-3 py-2 text-start font-medium">
                  {t('audit.before')}
                </th>
                <th scope="col" className="px-3 py-2 text-start font-medium">
                  {t('audit.after')}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-border">
              {changes.map((change) => (
                <tr key={change.field} className={clsx(change.changed && 'bg-warning/10')}>
                  <th scope="row" className="px-3 py-2 text-start align-top font-medium text-fg">
                    <bdi dir="ltr" className="font-mono text-xs">
                      {change.field}
                    </bdi>
                    {change.changed && <span className="sr-only"> ({t('audit.changed')})</span>}
                  </th>
                  <Value value={change.before} />
                  <Value value={change.after} strong={change.changed} />
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

function Value({ value, strong = false }: { value: string | undefined; strong?: boolean }) {
  return (
    <td className="px-3 py-2 align-top break-all">
      {value === undefined ? (
        <span className="text-muted">—</span>
      ) : (
        <span dir="auto" className={clsx('font-mono text-xs', strong ? 'text-fg' : 'text-muted')}>
          {value}
        </span>
      )}
    </td>
  );
}
