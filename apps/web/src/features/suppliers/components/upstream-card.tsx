import { clsx } from 'clsx';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { Upstream } from '@keymarket/contracts/upstreams';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { formatDateTime } from '@/lib/format-date';
import { useFormatPrice } from '@/lib/format-price';
import { describeApiError } from '@/lib/translate-error';
import { useSyncUpstream, useTestUpstream } from '../api/check-upstream';
import { EditUpstreamDialog } from './edit-upstream-dialog';

const tones = { ok: 'success', failing: 'danger', unknown: 'neutral' } as const;

/**
 * One supplier: its health, our balance there (in the warning colour below its alert), its sync
 * state, and what to do with it.
 */
export function UpstreamCard({
  upstream,
  browsing,
  onBrowse,
}: {
  upstream: Upstream;
  browsing: boolean;
  onBrowse: () => void;
}) {
  const { t, i18n } = useTranslation('suppliers');
  const { t: tCore } = useTranslation();
  const price = useFormatPrice();
  const test = useTestUpstream();
  const sync = useSyncUpstream();
  const [editing, setEditing] = useState(false);
  const { balance, lowBalanceAlert } = upstream;
  const low = balance !== null && lowBalanceAlert !== null && balance < lowBalanceAlert;

  return (
    <li className="flex flex-col gap-3 py-4 md:flex-row md:items-center md:justify-between">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2 font-medium text-fg">
          <bdi>{upstream.name}</bdi>
          <Badge tone={tones[upstream.status]}>{t(`status.${upstream.status}`)}</Badge>
        </p>
        <p className="truncate text-xs text-muted rtl:text-right" dir="ltr">
          {upstream.baseUrl}
        </p>
        <p className="mt-1 text-sm text-fg">
          {t('balance')}:{' '}
          {balance === null ? (
            '—'
          ) : (
            <bdi dir="ltr" className={clsx(low && 'font-medium text-warning')}>
              {price(balance)}
            </bdi>
          )}
          {lowBalanceAlert !== null && (
            <>
              {' '}
              <Trans
                t={t}
                i18nKey="alertBelow"
                values={{ amount: price(lowBalanceAlert) }}
                components={{ amount: <bdi dir="ltr" /> }}
              />
            </>
          )}{' '}
          · {t('docked', { count: upstream.dockedProducts })} · {t('lastSync')}:{' '}
          {upstream.lastSyncAt ? formatDateTime(upstream.lastSyncAt, i18n.language) : t('never')}
        </p>
        {upstream.lastError && (
          <p className="mt-1 text-xs text-danger">
            <bdi>{upstream.lastError}</bdi>
          </p>
        )}
      </div>
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          variant="secondary"
          disabled={test.isPending}
          onClick={() =>
            test.mutate(upstream.id, {
              onSuccess: (result) =>
                result.ok
                  ? toast.success(t('testOk', { balance: price(result.balance ?? 0) }))
                  : toast.error(t('testFailed', { error: result.error ?? '' })),
              onError: (error) => toast.error(describeApiError(error, tCore)),
            })
          }
        >
          {t('test')}
        </Button>
        <Button
          size="sm"
          variant="secondary"
          disabled={sync.isPending}
          onClick={() =>
            sync.mutate(upstream.id, {
              onSuccess: () => toast.success(t('synced')),
              onError: (error) => toast.error(describeApiError(error, tCore)),
            })
          }
        >
          {t('sync')}
        </Button>
        <Button size="sm" variant={browsing ? 'primary' : 'ghost'} onClick={onBrowse}>
          {t('browse')}
        </Button>
        <Button size="sm" variant="ghost" onClick={() => setEditing(true)}>
          {t('edit.open')}
        </Button>
      </div>
      {editing && <EditUpstreamDialog upstream={upstream} onClose={() => setEditing(false)} />}
    </li>
  );
}
