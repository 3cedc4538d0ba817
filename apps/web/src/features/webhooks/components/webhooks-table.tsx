import { KeyRound, Pencil, Power, PowerOff, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { CreatedWebhook, Webhook } from '@keymarket/contracts/integration';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { formatDateTime } from '@/lib/format-date';
import { describeApiError } from '@/lib/translate-error';
import { useDeleteWebhook } from '../api/delete-webhook';
import { useRollWebhookSecret } from '../api/roll-webhook-secret';
import { useTestWebhook } from '../api/test-webhook';
import { useUpdateWebhook } from '../api/update-webhook';
import { EditWebhookDialog } from './edit-webhook-dialog';
import { WebhookUrl } from './webhook-url';

type WebhooksTableProps = {
  webhooks: Webhook[];
  /** The endpoint whose delivery log is open, if any. */
  logOf: string | null;
  onShowDeliveries: (id: string) => void;
  /** Its endpoint was deleted: its log closes. */
  onDeleted: (id: string) => void;
  /** Its secret was replaced: the answer holds the new one, to be shown once. */
  onSecretRolled: (rolled: CreatedWebhook) => void;
};

/**
 * The caller's endpoints with what can be done to each; a secret is never shown again, but can
 * be replaced by a new one (handed up to be shown once).
 */
export function WebhooksTable({
  webhooks,
  logOf,
  onShowDeliveries,
  onDeleted,
  onSecretRolled,
}: WebhooksTableProps) {
  const { t, i18n } = useTranslation('webhooks');
  const { t: tCore } = useTranslation();
  const testMutation = useTestWebhook();
  const updateMutation = useUpdateWebhook();
  const deleteMutation = useDeleteWebhook();
  const rollMutation = useRollWebhookSecret();
  const [editing, setEditing] = useState<Webhook | null>(null);
  const [deleting, setDeleting] = useState<Webhook | null>(null);
  const [rolling, setRolling] = useState<Webhook | null>(null);
  // Isolated inside an Arabic sentence by i18n.ts, as every interpolated value.
  const url = (webhook: Webhook) => webhook.url;

  function sendTest(webhook: Webhook) {
    testMutation.mutate(webhook.id, {
      onSuccess: () => {
        toast.success(t('testSent'));
        onShowDeliveries(webhook.id);
      },
      onError: (error) =>
        toast.error(t('testFailed'), { description: describeApiError(error, tCore) }),
    });
  }

  function toggle(webhook: Webhook) {
    updateMutation.mutate(
      { id: webhook.id, enabled: !webhook.enabled },
      {
        onSuccess: (saved) => toast.success(saved.enabled ? t('nowEnabled') : t('nowDisabled')),
        onError: (error) =>
          toast.error(t('toggleFailed'), { description: describeApiError(error, tCore) }),
      },
    );
  }

  function confirmDelete() {
    if (!deleting) return;
    const { id } = deleting;
    deleteMutation.mutate(id, {
      onSuccess: () => {
        toast.success(t('deleted'));
        setDeleting(null);
        onDeleted(id);
      },
    });
  }

  function confirmRoll() {
    if (!rolling) return;
    rollMutation.mutate(rolling.id, {
      onSuccess: (rolled) => {
        toast.success(t('secretRolled'));
        setRolling(null);
        onSecretRolled(rolled);
      },
    });
  }

  return (
    <>
      <Table>
        <TableHead>
          <tr>
            <TableHeader>{t('url')}</TableHeader>
            <TableHeader>{t('events')}</TableHeader>
            <TableHeader>{t('status')}</TableHeader>
            <TableHeader>
              <span className="sr-only">{t('actions')}</span>
            </TableHeader>
          </tr>
        </TableHead>
        <TableBody>
          {webhooks.map((webhook) => (
            <TableRow key={webhook.id} className={webhook.id === logOf ? 'bg-accent/5' : undefined}>
              <TableCell kind="title">
                <WebhookUrl
                  url={webhook.url}
                  className="block font-medium text-fg sm:max-w-64 sm:whitespace-normal"
                />
                {webhook.description && (
                  <span
                    dir="auto"
                    className="mt-0.5 block text-sm text-muted sm:max-w-64 sm:whitespace-normal"
                  >
                    {webhook.description}
                  </span>
                )}
                <span className="mt-0.5 block text-xs text-muted">
                  {t('createdOn', { date: formatDateTime(webhook.createdAt, i18n.language) })}
                </span>
              </TableCell>
              <TableCell label={t('events')}>
                <span className="inline-flex max-w-52 flex-wrap justify-end gap-1 whitespace-normal sm:justify-start">
                  {webhook.events.map((event) => (
                    <code
                      key={event}
                      dir="ltr"
                      className="rounded bg-surface-2 px-1.5 py-0.5 font-mono text-xs text-fg"
                    >
                      {event}
                    </code>
                  ))}
                </span>
              </TableCell>
              <TableCell label={t('status')}>
                <WebhookStatus webhook={webhook} />
              </TableCell>
              <TableCell kind="actions">
                <div className="flex items-center justify-end gap-1 max-sm:flex-wrap">
                  <Button
                    variant="secondary"
                    size="sm"
                    disabled={!webhook.enabled}
                    loading={testMutation.isPending && testMutation.variables === webhook.id}
                    onClick={() => sendTest(webhook)}
                    aria-label={t('sendTestNamed', { url: url(webhook) })}
                  >
                    {t('sendTest')}
                  </Button>
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-pressed={webhook.id === logOf}
                    onClick={() => onShowDeliveries(webhook.id)}
                    aria-label={t('showDeliveriesNamed', { url: url(webhook) })}
                  >
                    {t('showDeliveries')}
                  </Button>
                  <Button
                    variant="ghost"
                    size="icon"
                    title={t('edit')}
                    aria-label={t('editNamed', { url: url(webhook) })}
                    onClick={() => {
                      setEditing(webhook);
                    }}
                  >
                    <Pencil aria-hidden className="size-4" />
                  </Button>
                  <Button
                    variant="ghost"
                    size="icon"
                    title={t('rollSecret')}
                    aria-label={t('rollSecretNamed', { url: url(webhook) })}
                    onClick={() => {
                      rollMutation.reset();
                      setRolling(webhook);
                    }}
                  >
                    <KeyRound aria-hidden className="size-4" />
                  </Button>
                  <Button
                    variant="ghost"
                    size="icon"
                    title={webhook.enabled ? t('disable') : t('enable')}
                    aria-label={
                      webhook.enabled
                        ? t('disableNamed', { url: url(webhook) })
                        : t('enableNamed', { url: url(webhook) })
                    }
                    loading={updateMutation.isPending && updateMutation.variables.id === webhook.id}
                    onClick={() => toggle(webhook)}
                  >
                    {webhook.enabled ? (
                      <PowerOff aria-hidden className="size-4" />
                    ) : (
                      <Power aria-hidden className="size-4" />
                    )}
                  </Button>
                  <Button
                    variant="ghost"
                    size="icon"
                    title={t('delete')}
                    aria-label={t('deleteNamed', { url: url(webhook) })}
                    onClick={() => {
                      deleteMutation.reset();
                      setDeleting(webhook);
                    }}
                  >
                    <Trash2 aria-hidden className="size-4 text-danger" />
                  </Button>
                </div>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <EditWebhookDialog webhook={editing} onClose={() => setEditing(null)} />
      <ConfirmDialog
        open={deleting !== null}
        title={t('deleteTitle')}
        description={t('deleteDescription', { url: deleting ? url(deleting) : '' })}
        confirmLabel={t('delete')}
        pending={deleteMutation.isPending}
        error={deleteMutation.error}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
      <ConfirmDialog
        open={rolling !== null}
        title={t('rollSecretTitle')}
        description={t('rollSecretDescription', { url: rolling ? url(rolling) : '' })}
        confirmLabel={t('rollSecretConfirm')}
        pending={rollMutation.isPending}
        error={rollMutation.error}
        onConfirm={confirmRoll}
        onCancel={() => setRolling(null)}
      />
    </>
  );
}

function WebhookStatus({ webhook }: { webhook: Webhook }) {
  const { t, i18n } = useTranslation('webhooks');
  if (webhook.enabled) return <Badge tone="success">{t('statusEnabled')}</Badge>;
  if (!webhook.disabledForFailuresAt) return <Badge tone="neutral">{t('statusDisabled')}</Badge>;
  return (
    <span className="inline-flex max-w-56 flex-col items-end gap-1 whitespace-normal sm:items-start">
      <Badge tone="danger">{t('statusFailing')}</Badge>
      <span className="text-xs text-muted max-sm:text-end">
        {t('disabledForFailures', {
          date: formatDateTime(webhook.disabledForFailuresAt, i18n.language),
        })}
      </span>
    </span>
  );
}
