import { Music as MusicIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { z } from 'zod';
import { messages } from '@keymarket/contracts/messages';
import {
  MUSIC_MAX_BYTES,
  MUSIC_UNSUPPORTED_TEXT,
  type AudioType,
  type Music,
} from '@keymarket/contracts/settings';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { formatDateTime } from '@/lib/format-date';
import { useMusic } from '@/entities/music/api/get-music';
import { describeApiError } from '@/lib/translate-error';
import { useContractForm } from '@/lib/use-contract-form';
import { useUploadMusic } from '../api/upload-music';
import { AudioFilePicker } from './audio-file-picker';
import { UploadProgress } from './upload-progress';
import { useSettingsText } from './use-settings-text';

const AUDIO_EXTENSIONS = /\.(mp3|ogg|oga|wav|m4a)$/i;

/** Refused before a byte is sent: over 20 MB (the specification's text), or not audio at all. */
export const musicFileSchema = z.object({
  music: z
    .instanceof(File, { error: 'Choose a music file to upload' })
    .refine((file) => file.size <= MUSIC_MAX_BYTES, messages.musicTooLarge)
    .refine(
      (file) => file.type.startsWith('audio/') || AUDIO_EXTENSIONS.test(file.name),
      MUSIC_UNSUPPORTED_TEXT,
    ),
});

const formatNames: Record<AudioType, string> = {
  'audio/mpeg': 'MP3',
  'audio/ogg': 'OGG',
  'audio/wav': 'WAV',
  'audio/mp4': 'M4A',
};

function CurrentTrack({ music }: { music: Music }) {
  const { t, language } = useSettingsText();
  if (music.url === null) return <p className="text-sm text-muted">{t('music.none')}</p>;
  const megabytes = new Intl.NumberFormat(language, { maximumFractionDigits: 2 }).format(
    music.sizeBytes / 1024 / 1024,
  );
  return (
    <div className="flex flex-col gap-3">
      <p className="flex items-center gap-2 text-sm text-muted">
        <MusicIcon aria-hidden className="size-4 shrink-0 text-accent" />
        {t('music.details', {
          type: formatNames[music.contentType],
          size: t('music.megabytes', { size: megabytes }),
          date: formatDateTime(music.updatedAt, language),
        })}
      </p>
      {/* Keyed by address: a new upload loads the new track instead of the cached one. */}
      <audio
        key={music.url}
        controls
        preload="metadata"
        src={music.url}
        aria-label={t('music.preview')}
        className="w-full max-w-xl"
      />
    </div>
  );
}

function UploadMusicForm() {
  const { t, tCore, issue } = useSettingsText();
  const upload = useUploadMusic();
  const [sentFraction, setSentFraction] = useState<number | null>(null);
  // A new key remounts the file field empty once its file is on the server.
  const [pickerKey, setPickerKey] = useState(0);
  const {
    handleSubmit,
    setValue,
    reset,
    formState: { errors },
  } = useContractForm(musicFileSchema);

  function onFileChosen(file: File | undefined) {
    setSentFraction(null);
    upload.reset();
    // Checked at once: a 30 MB file is refused before the admin presses Upload.
    setValue('music', file as File, { shouldValidate: true });
  }

  const onSubmit = handleSubmit(({ music }) => {
    setSentFraction(0);
    upload.mutate(
      { file: music, onProgress: setSentFraction },
      {
        onSuccess: () => {
          // The track is on the server: the form and its bar start over (a full bar left behind
          // read as a second upload in progress); the toast and the new preview say it is done.
          setSentFraction(null);
          reset();
          setPickerKey((key) => key + 1);
          toast.success(t('music.uploaded'));
        },
        onError: () => setSentFraction(null),
      },
    );
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <Field label={t('music.file')} hint={t('music.fileHint')} error={issue(errors.music)}>
        {(control) => (
          <AudioFilePicker
            {...control}
            key={pickerKey}
            onChoose={onFileChosen}
            disabled={upload.isPending}
          />
        )}
      </Field>
      {sentFraction !== null && <UploadProgress sentFraction={sentFraction} />}
      {upload.isError && <Alert>{describeApiError(upload.error, tCore)}</Alert>}
      <Button type="submit" loading={upload.isPending} className="w-fit">
        {upload.isPending ? t('music.uploading') : t('music.upload')}
      </Button>
    </form>
  );
}

export function MusicSection() {
  const { t, tCore } = useSettingsText();
  const music = useMusic();
  const headingId = useId();
  return (
    <Card title={t('music.title')} description={t('music.description')}>
      <div className="flex flex-col gap-6">
        <section aria-labelledby={headingId} className="flex flex-col gap-2">
          <h3 id={headingId} className="text-sm font-semibold text-fg">
            {t('music.current')}
          </h3>
          {music.isPending ? (
            <Spinner />
          ) : music.isError ? (
            <Alert>{describeApiError(music.error, tCore)}</Alert>
          ) : (
            <CurrentTrack music={music.data} />
          )}
        </section>
        <div className="border-t border-border pt-6">
          <UploadMusicForm />
        </div>
      </div>
    </Card>
  );
}
