import { clsx } from 'clsx';
import { Database, FileImage, HardDrive } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { DiskSpace } from '@keymarket/contracts/analytics';
import { Card } from '@/components/ui/card';
import { LoadError } from '@/components/ui/load-error';
import { Spinner } from '@/components/ui/spinner';
import { useDiskSpace } from '../api/get-disk-space';
import { formatShare } from '@/lib/format-number';
import { formatBytes } from '../utils/format';

// Past these shares of the volume, the gauge turns amber then red: time to add space.
const WARNING_SHARE = 0.8;
const DANGER_SHARE = 0.9;
const RADIUS = 52;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

function Gauge({ disk }: { disk: DiskSpace }) {
  const { t, i18n } = useTranslation('dashboard');
  const language = i18n.language;
  // As df reports it: of the space a process can use (used + free), not of the raw size, which
  // includes blocks reserved for the system.
  const usable = disk.volume.used + disk.volume.free;
  const share = usable > 0 ? Math.min(1, disk.volume.used / usable) : 0;
  const tone =
    share >= DANGER_SHARE
      ? 'text-danger'
      : share >= WARNING_SHARE
        ? 'text-warning'
        : 'text-primary';
  const percent = Math.round(share * 100);

  return (
    <div
      role="meter"
      aria-label={t('storage.gaugeLabel')}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      aria-valuetext={t('storage.gaugeText', {
        used: formatBytes(disk.volume.used, language),
        free: formatBytes(disk.volume.free, language),
      })}
      className="relative grid size-40 shrink-0 place-items-center"
    >
      <svg
        viewBox="0 0 120 120"
        aria-hidden
        className="absolute inset-0 size-full -rotate-90 rtl:-scale-y-100"
      >
        <circle
          cx="60"
          cy="60"
          r={RADIUS}
          fill="none"
          strokeWidth="12"
          className="stroke-surface-2"
        />
        <circle
          cx="60"
          cy="60"
          r={RADIUS}
          fill="none"
          strokeWidth="12"
          strokeLinecap="round"
          strokeDasharray={`${share * CIRCUMFERENCE} ${CIRCUMFERENCE}`}
          className={clsx('stroke-current transition-[stroke-dasharray]', tone)}
        />
      </svg>
      <div className="text-center" aria-hidden>
        <p className="text-2xl font-semibold text-fg tabular-nums">
          {formatShare(share, language)}
        </p>
        <p className="text-xs text-muted">{t('storage.used')}</p>
      </div>
    </div>
  );
}

/** The server's storage: how full its volume is, and what the database and uploads take. */
export function StorageCard() {
  const { t, i18n } = useTranslation('dashboard');
  const diskQuery = useDiskSpace();
  const disk = diskQuery.data;
  const size = (bytes: number) => formatBytes(bytes, i18n.language);

  return (
    <Card title={t('storage.title')} description={t('storage.description')}>
      {diskQuery.isPending && (
        <div className="grid h-40 place-items-center">
          <Spinner />
        </div>
      )}
      {diskQuery.isError && (
        <LoadError error={diskQuery.error} onRetry={() => void diskQuery.refetch()} />
      )}
      {disk && (
        <div className="flex flex-col items-center gap-6 sm:flex-row sm:items-center">
          <Gauge disk={disk} />
          <dl className="w-full min-w-0 flex-1 divide-y divide-border text-sm">
            {(
              [
                [HardDrive, t('storage.volumeUsed'), disk.volume.used],
                [HardDrive, t('storage.volumeFree'), disk.volume.free],
                [HardDrive, t('storage.volumeTotal'), disk.volume.total],
                [Database, t('storage.database'), disk.database],
                [FileImage, t('storage.files'), disk.files],
              ] as const
            ).map(([Icon, label, bytes]) => (
              <div key={label} className="flex items-center justify-between gap-4 py-2">
                <dt className="flex items-center gap-2 text-muted">
                  <Icon aria-hidden className="size-4 shrink-0" />
                  {label}
                </dt>
                <dd className="font-medium text-fg tabular-nums">{size(bytes)}</dd>
              </div>
            ))}
          </dl>
        </div>
      )}
    </Card>
  );
}
