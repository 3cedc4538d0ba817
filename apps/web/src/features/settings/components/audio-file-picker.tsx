import { clsx } from 'clsx';
import { FileAudio } from 'lucide-react';
import { useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import type { FieldControlProps } from '@/components/ui/field';
import { useSettingsText } from './use-settings-text';

type AudioFilePickerProps = FieldControlProps & {
  onChoose: (file: File | undefined) => void;
  disabled?: boolean;
};

/**
 * A file field in the UI language: the browser's own button and "No file chosen" would stay in
 * the browser's language. The real input keeps the label, the focus and the keyboard; the
 * visible button only opens it for pointer users. Remount it (a new `key`) to clear it.
 */
export function AudioFilePicker({ onChoose, disabled, ...control }: AudioFilePickerProps) {
  const { t } = useSettingsText();
  const inputRef = useRef<HTMLInputElement>(null);
  const [fileName, setFileName] = useState<string | null>(null);

  return (
    <div
      className={clsx(
        'flex min-w-0 items-center gap-3 rounded-lg border bg-surface-2 p-1.5 transition',
        'focus-within:border-ring focus-within:ring-2 focus-within:ring-ring/40',
        control['aria-invalid'] ? 'border-danger' : 'border-border',
      )}
    >
      <input
        {...control}
        ref={inputRef}
        type="file"
        name="music"
        accept="audio/mpeg,audio/ogg,audio/wav,audio/mp4,.mp3,.ogg,.wav,.m4a"
        disabled={disabled}
        onChange={(event) => {
          const file = event.target.files?.[0];
          setFileName(file?.name ?? null);
          onChoose(file);
        }}
        className="sr-only"
      />
      <Button
        size="sm"
        tabIndex={-1}
        aria-hidden
        disabled={disabled}
        onClick={() => inputRef.current?.click()}
      >
        <FileAudio aria-hidden className="size-4" />
        {t('music.choose')}
      </Button>
      <span className={clsx('min-w-0 truncate text-sm', fileName ? 'text-fg' : 'text-muted')}>
        {fileName ?? t('music.noFile')}
      </span>
    </div>
  );
}
