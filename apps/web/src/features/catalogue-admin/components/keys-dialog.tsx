import { useEffect, useMemo, useRef, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { Product } from '@keymarket/contracts/catalogue';
import { keyLines, keysPasteSchema } from '@keymarket/contracts/orders';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Textarea } from '@/components/ui/input';
import { describeApiError, translateFieldError } from '@/lib/translate-error';
import { useContractForm } from '@/lib/use-contract-form';
import {
  KEYS_PER_PART,
  KeyImportStopped,
  splitKeyParts,
  useImportKeys,
  type KeyImportProgress,
  type KeyImportTotals,
} from '../api/import-keys';
import { ImportResult } from './import-result';
import { KeyFileImport } from './key-file-import';
import { KeyInventory } from './key-inventory';

type KeysDialogProps = { product: Product | null; onClose: () => void };

/**
 * An instant product's key pool: import a paste or a file, see what it did, search, move, delete
 * and export what is stored.
 */
export function KeysDialog({ product, onClose }: KeysDialogProps) {
  const { t } = useTranslation('catalogue');
  const { t: tCore } = useTranslation();
  return (
    <Dialog
      open={product !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t('keys.title', { name: product?.name ?? '' })}
      description={t('keys.description')}
      size="lg"
    >
      {product && (
        <div className="mt-5 flex flex-col gap-6">
          <KeyImportForm product={product} />
          <KeyFileImport product={product} />
          <KeyInventory product={product} />
          <div className="flex justify-end">
            <Button variant="secondary" onClick={onClose}>
              {tCore('common.close')}
            </Button>
          </div>
        </div>
      )}
    </Dialog>
  );
}

function KeyImportForm({ product }: { product: Product }) {
  const { t } = useTranslation('catalogue');
  const { t: tCore } = useTranslation();
  const importKeys = useImportKeys();
  const {
    register,
    handleSubmit,
    control,
    reset,
    formState: { errors },
  } = useContractForm(keysPasteSchema, { defaultValues: { keys: '' } });
  const text = useWatch({ control, name: 'keys' });
  const [progress, setProgress] = useState<KeyImportProgress | null>(null);
  const [result, setResult] = useState<KeyImportTotals | null>(null);
  // Counting lines of a 10,000-key paste takes a few milliseconds: once per change, not per render.
  const keyCount = useMemo(() => keyLines(text).length, [text]);
  const parts = useMemo(() => splitKeyParts(text), [text]);
  const stopped = importKeys.error instanceof KeyImportStopped ? importKeys.error : null;

  // Closing the dialog mid-import stops it after the part in flight, and says how far it got
  // (the screen that would have shown the result is gone).
  const running = useRef<{ controller: AbortController; progress: KeyImportProgress } | null>(null);
  useEffect(
    () => () => {
      const current = running.current;
      if (!current) return;
      current.controller.abort();
      toast.info(
        t('keys.closedMidImport', {
          done: current.progress.done,
          total: current.progress.total,
          name: product.name,
        }),
      );
    },
    [product.name, t],
  );

  // `parts` are the checked text's, split as the hint counted them.
  const submit = handleSubmit(() => {
    setResult(null);
    const controller = new AbortController();
    const track = (next: KeyImportProgress) => {
      running.current = { controller, progress: next };
      setProgress(next);
    };
    track({
      done: 0,
      total: parts.length,
      totals: { added: 0, duplicates: 0, blanks: 0, backordersFilled: 0, stock: null },
    });
    importKeys.mutate(
      { productId: product.id, parts, onProgress: track, signal: controller.signal },
      {
        onSuccess: (totals) => {
          setResult(totals);
          reset();
          toast.success(t('keys.imported', { count: totals.added, name: product.name }));
        },
        onError: (error) => {
          if (error instanceof KeyImportStopped && error.part > 1) setResult(error.totals);
        },
        onSettled: () => {
          running.current = null;
          setProgress(null);
        },
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3">
      <Field
        label={t('keys.input')}
        hint={
          parts.length > 1
            ? `${t('keys.lineCount', { count: keyCount })} · ${t('keys.chunked', { count: parts.length, size: KEYS_PER_PART })}`
            : t('keys.lineCount', { count: keyCount })
        }
        error={translateFieldError(errors.keys, tCore)}
      >
        {(control) => (
          <Textarea
            {...control}
            dir="ltr"
            rows={7}
            spellCheck={false}
            {...register('keys')}
            disabled={importKeys.isPending}
            mono
            className="text-xs"
          />
        )}
      </Field>

      {progress && <ImportProgress progress={progress} />}
      {stopped && (
        <Alert title={t('keys.failed', { part: stopped.part, total: stopped.total })}>
          {describeApiError(stopped.cause, tCore)}
          {stopped.part > 1 && ` ${t('keys.failedPartial')}`}
        </Alert>
      )}
      {result && <ImportResult totals={result} />}

      <div className="flex justify-end">
        <Button type="submit" loading={importKeys.isPending}>
          {importKeys.isPending ? t('keys.importing') : t('keys.import')}
        </Button>
      </div>
    </form>
  );
}

function ImportProgress({ progress }: { progress: KeyImportProgress }) {
  const { t } = useTranslation('catalogue');
  const percent = progress.total === 0 ? 0 : Math.round((progress.done / progress.total) * 100);
  const text = t('keys.progressText', { done: progress.done, total: progress.total });
  return (
    <div className="flex flex-col gap-1.5">
      <div
        role="progressbar"
        aria-label={t('keys.progress')}
        aria-valuemin={0}
        aria-valuemax={progress.total}
        aria-valuenow={progress.done}
        aria-valuetext={text}
        className="h-2 overflow-hidden rounded-full bg-surface-2"
      >
        <div
          className="h-full rounded-full bg-primary transition-[width]"
          style={{ width: `${percent}%` }}
        />
      </div>
      <p className="text-xs text-muted tabular-nums">{text}</p>
    </div>
  );
}
