import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import type { Alert as PlatformAlert } from '@keymarket/contracts/settings';
import { Alert } from '@/components/ui/alert';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Spinner } from '@/components/ui/spinner';
import { useAlerts } from '@/entities/alerts/api/get-alerts';
import { formatDateTime } from '@/lib/format-date';
import { describeApiError } from '@/lib/translate-error';
import { useDeleteAlert } from '../api/delete-alert';
import { useToggleAlert } from '../api/toggle-alert';
import { inLanguage } from './localised-text';
import { Switch } from '@/components/ui/switch-field';
import { useSettingsText } from './use-settings-text';

const toneOf: Record<PlatformAlert['severity'], BadgeTone> = {
  info: 'neutral',
  warning: 'warning',
  critical: 'danger',
};

function AlertItem({
  alert,
  onDelete,
}: {
  alert: PlatformAlert;
  onDelete: (alert: PlatformAlert) => void;
}) {
  const { t, tCore, language } = useSettingsText();
  const toggle = useToggleAlert();
  const message = inLanguage(
    { en: alert.messageEn, fr: alert.messageFr, ar: alert.messageAr },
    language,
  );

  function onToggle() {
    toggle.mutate(alert.id, {
      onSuccess: (updated) =>
        toast.success(updated.active ? t('alerts.activated') : t('alerts.deactivated')),
      onError: (error) => toast.error(describeApiError(error, tCore)),
    });
  }

  return (
    <li className="flex flex-col gap-3 py-4 first:pt-0 last:pb-0 sm:flex-row sm:items-start">
      <div className="min-w-0 flex-1">
        <div className="mb-1.5 flex flex-wrap items-center gap-2">
          <Badge tone={toneOf[alert.severity]}>{t(`alerts.severities.${alert.severity}`)}</Badge>
          <span className="text-xs text-muted">
            {t('alerts.created', { date: formatDateTime(alert.createdAt, language) })}
          </span>
        </div>
        <p className="text-sm break-words text-fg">{message}</p>
        <details className="mt-1 text-xs text-muted">
          <summary className="w-fit cursor-pointer">{t('common.allLanguages')}</summary>
          <dl className="mt-2 grid gap-1">
            {(['en', 'fr', 'ar'] as const).map((lang) => (
              <div key={lang} className="flex gap-2">
                <dt className="w-16 shrink-0 font-medium">{t(`common.languages.${lang}`)}</dt>
                <dd lang={lang} dir={lang === 'ar' ? 'rtl' : 'ltr'} className="break-words">
                  {inLanguage(
                    { en: alert.messageEn, fr: alert.messageFr, ar: alert.messageAr },
                    lang,
                  )}
                </dd>
              </div>
            ))}
          </dl>
        </details>
      </div>
      <div className="flex items-center gap-3 self-end sm:self-start">
        <label className="flex items-center gap-2 text-xs text-muted">
          {t('alerts.activeLabel')}
          <Switch
            checked={alert.active}
            onChange={onToggle}
            disabled={toggle.isPending}
            aria-label={t('alerts.toggleLabel')}
          />
        </label>
        <Button
          variant="ghost"
          size="icon"
          onClick={() => onDelete(alert)}
          aria-label={t('alerts.deleteLabel')}
        >
          <Trash2 aria-hidden className="size-4" />
        </Button>
      </div>
    </li>
  );
}

export function AlertsList() {
  const { t, tCore } = useSettingsText();
  const alerts = useAlerts();
  const remove = useDeleteAlert();
  const [deleting, setDeleting] = useState<PlatformAlert | null>(null);

  if (alerts.isPending) return <Spinner className="size-8" />;
  if (alerts.isError) return <Alert>{describeApiError(alerts.error, tCore)}</Alert>;
  const list = alerts.data.alerts;

  function close() {
    setDeleting(null);
    remove.reset();
  }

  function confirmDelete() {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        toast.success(t('alerts.deleted'));
        close();
      },
    });
  }

  return (
    <Card title={t('alerts.listTitle', { count: list.length })}>
      {list.length === 0 ? (
        <p className="text-sm text-muted">{t('alerts.empty')}</p>
      ) : (
        <ul className="divide-y divide-border">
          {list.map((alert) => (
            <AlertItem key={alert.id} alert={alert} onDelete={setDeleting} />
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={deleting !== null}
        onCancel={close}
        onConfirm={confirmDelete}
        title={t('alerts.deleteTitle')}
        description={t('alerts.deleteDescription')}
        confirmLabel={t('common.delete')}
        pending={remove.isPending}
        error={remove.error}
      />
    </Card>
  );
}
