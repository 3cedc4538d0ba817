import { useSettingsText } from './use-settings-text';

/** How much of the upload has been sent, as a bar and a percentage in the reader's language. */
export function UploadProgress({ sentFraction }: { sentFraction: number }) {
  const { t, language } = useSettingsText();
  const percent = Math.round(sentFraction * 100);
  const label = new Intl.NumberFormat(language, { style: 'percent' }).format(percent / 100);
  return (
    <div className="flex items-center gap-3">
      <div
        role="progressbar"
        aria-label={t('music.progress')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={label}
        className="h-2 flex-1 overflow-hidden rounded-full bg-surface-2 ring-1 ring-border ring-inset"
      >
        <div
          className="h-full rounded-full bg-primary transition-[width]"
          style={{ width: `${percent}%` }}
        />
      </div>
      <span className="w-12 text-end text-xs text-muted tabular-nums">{label}</span>
    </div>
  );
}
