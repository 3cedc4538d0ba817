import { FileAudio } from 'lucide-react';
import type { FieldControlProps } from '@/components/ui/field';
import { FilePicker } from '@/components/ui/file-picker';
import { useSettingsText } from './use-settings-text';

type AudioFilePickerProps = FieldControlProps & {
  onChoose: (file: File | undefined) => void;
  disabled?: boolean;
};

/** The background music's file field (FilePicker: in the UI language, not the browser's). */
export function AudioFilePicker(props: AudioFilePickerProps) {
  const { t } = useSettingsText();
  return (
    <FilePicker
      {...props}
      name="music"
      accept="audio/mpeg,audio/ogg,audio/wav,audio/mp4,.mp3,.ogg,.wav,.m4a"
      chooseLabel={t('music.choose')}
      noFileLabel={t('music.noFile')}
      icon={<FileAudio aria-hidden className="size-4" />}
    />
  );
}
