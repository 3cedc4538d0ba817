import { useTranslation } from 'react-i18next';
import type { KeyImport } from '@keymarket/contracts/catalogue';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { formatDateTime } from '@/lib/format-date';
import { describeApiError } from '@/lib/translate-error';
import { isKeyImportActive, useCancelKeyImport, useKeyImports } from '../api/key-imports';
import { ImportResult } from './import-result';

const tones = {
  queued: 'neutral',
  running: 'warning',
  done: 'success',
  cancelled: 'neutral',
  failed: 'danger',
} as const;

/**
 * The product's key file imports as the server runs them: progress, what they added, cancel.
 * They go on on the server when this dialog is closed; opening it again shows where they are.
 */
export function KeyImportJobs({ productId }: { productId: string }) {
  const imports = useKeyImports(productId);
  const jobs = imports.data?.data ?? [];
  // Those still running, and the last one that ended, for its result.
  const shown = [
    ...jobs.filter(isKeyImportActive),
    ...jobs.filter((job) => !isKeyImportActive(job)).slice(0, 1),
  ];
  if (shown.length === 0) return null;
  return (
    <ul className="flex flex-col gap-3">
      {shown.map((job) => (
        <li key={job.id}>
          <KeyImportJob job={job} />
        </li>
      ))}
    </ul>
  );
}

function KeyImportJob({ job }: { job: KeyImport }) {
  const { t, i18n } = useTranslation('catalogue');
  const { t: tCore } = useTranslation();
  const cancel = useCancelKeyImport();
  const active = isKeyImportActive(job);
  const percent = job.linesTotal === 0 ? 0 : Math.floor((job.linesRead / job.linesTotal) * 100);
  const progressText = t('keyPool.job.progressText', {
    read: job.linesRead.toLocaleString(i18n.language),
    total: job.linesTotal.toLocaleString(i18n.language),
    percent,
  });
  return (
    <section
      aria-label={t('keyPool.job.title', { file: job.fileName })}
      className="flex flex-col gap-2 rounded-lg border border-border p-3"
    >
      <div className="flex flex-wrap items-center gap-2">
        <bdi dir="auto" className="min-w-0 flex-1 truncate font-mono text-sm text-fg">
          {job.fileName}
        </bdi>
        <Badge tone={tones[job.status]}>{t(`keyPool.job.status.${job.status}`)}</Badge>
      </div>
      <p className="text-xs text-muted">
        {t('keyPool.job.startedBy', {
          user: job.createdBy?.username ?? '—',
          date: formatDateTime(job.createdAt, i18n.language),
        })}
      </p>
      {active && (
        <>
          <div
            role="progressbar"
            aria-label={t('keyPool.job.progress')}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            aria-valuetext={progressText}
            className="h-2 overflow-hidden rounded-full bg-surface-2"
          >
            <div
              className="h-full rounded-full bg-primary transition-[width]"
              style={{ width: `${percent}%` }}
            />
          </div>
          <p className="text-xs text-muted tabular-nums">{progressText}</p>
        </>
      )}
      {job.status === 'failed' && job.error && (
        <Alert title={t('keyPool.job.failed')}>{job.error}</Alert>
      )}
      {cancel.isError && (
        <Alert title={t('keyPool.job.cancelFailed')}>{describeApiError(cancel.error, tCore)}</Alert>
      )}
      <ImportResult
        totals={{
          added: job.added,
          duplicates: job.duplicates,
          blanks: job.blanks,
          backordersFilled: job.backordersFilled,
          stock: null,
        }}
        label={t(active ? 'keyPool.job.soFar' : 'keys.result')}
      />
      {active && (
        <div className="flex justify-end">
          <Button
            variant="secondary"
            size="sm"
            loading={cancel.isPending}
            onClick={() => cancel.mutate({ productId: job.productId, importId: job.id })}
          >
            {t('keyPool.job.cancel')}
          </Button>
        </div>
      )}
    </section>
  );
}
