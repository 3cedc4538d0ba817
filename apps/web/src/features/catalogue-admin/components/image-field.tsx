import { clsx } from 'clsx';
import { ImagePlus } from 'lucide-react';
import { useEffect, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { IMAGE_MAX_BYTES, IMAGE_TYPES } from '@keymarket/contracts/catalogue';
import { CatalogueImage } from '@/entities/products/components/catalogue-image';
import { Field } from '@/components/ui/field';
import { buttonStyles } from '@/components/ui/button';

type ImageProblem = 'required' | 'unsupported' | 'tooLarge';

/**
 * What the browser can tell before uploading: the declared type and the size. The server reads
 * the bytes as well, so a renamed file is still refused there.
 */
export function imageProblemOf(file: File): ImageProblem | undefined {
  if (!IMAGE_TYPES.some((type) => type === file.type)) return 'unsupported';
  if (file.size > IMAGE_MAX_BYTES) return 'tooLarge';
  return undefined;
}

/** The image chosen in a form, and whether the form may be sent with it. */
export function useImageChoice({ required }: { required: boolean }) {
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<ImageProblem>();

  return {
    file,
    problem,
    choose(next: File | null) {
      const nextProblem = next ? imageProblemOf(next) : undefined;
      setProblem(nextProblem);
      setFile(nextProblem ? null : next);
    },
    /** Called on submit: a missing required image becomes an error only then. */
    validate(): boolean {
      if (problem) return false;
      if (required && !file) {
        setProblem('required');
        return false;
      }
      return true;
    },
  };
}

export type ImageChoice = ReturnType<typeof useImageChoice>;

/**
 * handleSubmit's two callbacks for a form with an image: the image sits outside the schema, so
 * it is checked on every submit, valid fields or not, and its problems show with theirs.
 */
export function withImage<TValues>(
  image: ImageChoice,
  send: (values: TValues, file: File | null) => void,
) {
  return [
    (values: TValues) => {
      if (image.validate()) send(values, image.file);
    },
    () => {
      image.validate();
    },
  ] as const;
}

/** The chosen file as a data URL for the preview: nothing to revoke, and jsdom makes one too. */
function usePreview(file: File | null): string | null {
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setPreview(null);
      return;
    }
    const reader = new FileReader();
    reader.addEventListener('load', () =>
      setPreview(typeof reader.result === 'string' ? reader.result : null),
    );
    reader.readAsDataURL(file);
    return () => reader.abort();
  }, [file]);
  return preview;
}

type ImageFieldProps = {
  image: ImageChoice;
  /** The image the record has now, shown until another is chosen. */
  currentUrl: string | null;
};

export function ImageField({ image, currentUrl }: ImageFieldProps) {
  const { t } = useTranslation('catalogue');
  const { t: tCore } = useTranslation();
  const preview = usePreview(image.file);
  const errors: Record<ImageProblem, string> = {
    required: t('image.required'),
    unsupported: t('image.unsupported'),
    tooLarge: tCore('messages.imageTooLarge'),
  };

  function change(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0] ?? null;
    image.choose(chosen);
    // A refused file leaves the input empty, so choosing the same file again still reports it.
    if (chosen && imageProblemOf(chosen)) event.target.value = '';
  }

  const shown = preview ?? currentUrl;
  return (
    <div className="flex items-start gap-4">
      <CatalogueImage
        src={shown}
        alt={preview ? t('image.preview') : currentUrl ? t('image.current') : ''}
        className="size-20"
      />
      <Field
        label={t('fields.image')}
        hint={`${t('image.hint')}${currentUrl ? ` ${t('image.keepHint')}` : ''}`}
        error={image.problem ? errors[image.problem] : undefined}
        className="min-w-0 flex-1"
      >
        {(control) => (
          // The native file button speaks the browser's language; this one speaks the user's.
          <div className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1.5">
            <input
              {...control}
              type="file"
              accept={IMAGE_TYPES.join(',')}
              onChange={change}
              className="peer sr-only"
            />
            <label
              htmlFor={control.id}
              className={clsx(
                buttonStyles({ variant: 'secondary', size: 'sm' }),
                'cursor-pointer peer-focus-visible:ring-2 peer-focus-visible:ring-ring',
                'peer-aria-[invalid=true]:border-danger',
              )}
            >
              <ImagePlus aria-hidden className="size-4" />
              {shown ? t('image.replace') : t('image.choose')}
            </label>
            <span dir="auto" className="min-w-0 truncate text-xs text-muted">
              {image.file?.name ?? t('image.none')}
            </span>
          </div>
        )}
      </Field>
    </div>
  );
}
