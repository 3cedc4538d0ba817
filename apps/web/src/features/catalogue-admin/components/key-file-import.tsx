import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { KEY_FILE_EXTENSIONS, type Product } from '@keymarket/contracts/catalogue';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { controlClassName } from '@/components/ui/input';
import { describeApiError } from '@/lib/translate-error';
import { useUploadKeyFile } from '../api/key-pool';
import { KeyImportJobs } from './key-import-jobs';

/** Whether `name` is a file the server reads keys from (.txt or .csv, any case). */
export function isKeyFileName(name: string): boolean {
  const lower = name.toLowerCase();
  return KEY_FILE_EXTENSIONS.some((ext) => lower.endsWith(ext));
}

/**
 * Imports a key file: the browser streams it, the bar shows how much is sent; the server checks
 * and stores it (a refused file adds nothing) and imports it in the background, which the
 * imports below follow.
 */
export function KeyFileImport({ product }: { product: Product }) {
  const { t } = useTranslation('catalogue');
  const { t: tCore } = useTranslation();
  const upload = useUploadKeyFile();
  const [file, setFile] = useState<File | null>(null);
  const [inputError, setInputError] = useState<string>();
  const [sent, setSent] = useState<number | null>(null);
  const input = useRef<HTMLInputElement>(null);

  // Closing the dialog mid-upload aborts it: the server then stores nothing of the file. Once
  // uploaded, the import goes on without the dialog.
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!file) {
      setInputError(t('keyPool.file.required'));
      return;
    }
    if (!isKeyFileName(file.name)) {
      setInputError(t('keyPool.file.wrongType'));
      return;
    }
    controller.current = new AbortController();
    setSent(0);
    upload.mutate(
      { productId: product.id, file, onProgress: setSent, signal: controller.current.signal },
      {
        onSuccess: () => {
          setFile(null);
          if (input.current) input.current.value = '';
        },
        onSettled: () => {
          controller.current = null;
          setSent(null);
        },
      },
    );
  }

  const percent = sent === null ? 0 : Math.round(sent * 100);
  const progressText =
    sent !== null && sent >= 1
      ? t('keyPool.file.processing')
      : t('keyPool.file.uploading', { percent });

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-labelledby="key-file-title"
      className="flex flex-col gap-3 border-t border-border pt-4"
    >
      <h3 id="key-file-title" className="text-base font-semibold text-fg">
        {t('keyPool.file.title')}
      </h3>
      <Field label={t('keyPool.file.choose')} hint={t('keyPool.file.hint')} error={inputError}>
        {(control) => (
          <input
            {...control}
            ref={input}
            type="file"
            accept=".txt,.csv,text/plain,text/csv"
            disabled={upload.isPending}
            onChange={(event) => {
              setFile(event.target.files?.[0] ?? null);
              setInputError(undefined);
              upload.reset();
            }}
            className={`${controlClassName} h-auto py-2 text-sm file:me-3 file:rounded-md file:border-0 file:bg-surface-2 file:px-3 file:py-1 file:text-fg`}
          />
        )}
      </Field>
      {sent !== null && (
        <div className="flex flex-col gap-1.5">
          <div
            role="progressbar"
            aria-label={t('keyPool.file.progress')}
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
        </div>
      )}
      {upload.isError && (
        <Alert title={t('keyPool.file.failed')}>{describeApiError(upload.error, tCore)}</Alert>
      )}
      <KeyImportJobs productId={product.id} />
      <div className="flex justify-end">
        <Button type="submit" loading={upload.isPending}>
          {t('keyPool.file.upload')}
        </Button>
      </div>
    </form>
  );
}
