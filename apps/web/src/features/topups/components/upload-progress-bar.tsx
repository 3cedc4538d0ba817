import { useTranslation } from 'react-i18next';

/** How much of the request (its proof, mostly) has been sent. */
export function UploadProgressBar({ sentFraction }: { sentFraction: number }) {
  const { t } = useTranslation('topups');
  const percent = Math.round(sentFraction * 100);
  return (
    <div className="flex flex-col gap-1">
      <div
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-label={t('topup.uploading', { percent })}
        className="h-2 overflow-hidden rounded-full bg-surface-2"
      >
        <div className="h-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      <p className="text-xs text-muted">{t('topup.uploading', { percent })}</p>
    </div>
  );
}
