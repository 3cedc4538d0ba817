import { FileUp } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BULK_CSV_MAX_CHARS, type BulkPreview } from '@keymarket/contracts/bulk-fulfilment';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Textarea } from '@/components/ui/input';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { UserName } from '@/components/ui/user-name';
import { describeApiError } from '@/lib/translate-error';
import { useBulkAnswer, useBulkPreview } from '../api/bulk-fulfilment';
import { BulkResults, ShortOrderId, useRefusalText } from './bulk-results';

type CompleteFromCsvDialogProps = { open: boolean; onClose: () => void };

/**
 * Completes many request orders from a CSV (`orderId,key…` a line, or an order's keys over
 * several lines): the server's preview first, each order matched or refused with its reason,
 * then each matching order completed on its own.
 */
export function CompleteFromCsvDialog({ open, onClose }: CompleteFromCsvDialogProps) {
  const { t } = useTranslation('fulfilment');
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title={t('csv.title')}
      description={t('csv.description')}
      size="xl"
    >
      {open && <CompleteFromCsv onClose={onClose} />}
    </Dialog>
  );
}

function CompleteFromCsv({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('fulfilment');
  const { t: tCore } = useTranslation();
  const [csv, setCsv] = useState('');
  const [fileName, setFileName] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const fileId = useId();
  const preview = useBulkPreview();
  const answer = useBulkAnswer();
  const shown = preview.data;

  const edit = (text: string) => {
    setCsv(text);
    preview.reset();
  };

  if (answer.data) {
    const rows = new Map(shown?.orders.map((row) => [row.orderId, row]));
    return (
      <>
        <BulkResults
          outcomes={answer.data.orders}
          factsOf={(id) => {
            const row = rows.get(id);
            return row && { name: row.productName, ...row };
          }}
        />
        <div className="mt-5 flex justify-end">
          <Button onClick={onClose}>{tCore('common.close')}</Button>
        </div>
      </>
    );
  }

  return (
    <div className="mt-5 flex flex-col gap-4">
      <Field label={t('csv.paste')} hint={t('csv.hint')}>
        {(control) => (
          <Textarea
            {...control}
            rows={6}
            value={csv}
            maxLength={BULK_CSV_MAX_CHARS}
            onChange={(event) => edit(event.target.value)}
            spellCheck={false}
            dir="ltr"
            mono
            className="text-xs"
          />
        )}
      </Field>
      {/* The browser's own file button would speak the browser's language, not the page's. */}
      <div className="flex flex-wrap items-center gap-3">
        <input
          ref={fileInput}
          id={fileId}
          type="file"
          accept=".csv,.txt,text/csv,text/plain"
          className="sr-only"
          aria-label={t('csv.file')}
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (!file) return;
            setFileName(file.name);
            void file.text().then(edit);
          }}
        />
        <Button variant="secondary" onClick={() => fileInput.current?.click()} tabIndex={-1}>
          <FileUp aria-hidden className="size-4" />
          {t('csv.file')}
        </Button>
        <span className="min-w-0 truncate text-sm text-muted">{fileName ?? t('csv.noFile')}</span>
      </div>
      {preview.isError && (
        <Alert title={t('csv.previewFailed')}>{describeApiError(preview.error, tCore)}</Alert>
      )}
      {answer.isError && (
        <Alert title={t('csv.completeFailed')}>{describeApiError(answer.error, tCore)}</Alert>
      )}
      {shown && <PreviewTable preview={shown} />}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>
          {tCore('common.cancel')}
        </Button>
        {shown ? (
          <Button
            disabled={shown.completable === 0}
            loading={answer.isPending}
            onClick={() => answer.mutate({ csv })}
          >
            {t('csv.confirm', { count: shown.completable })}
          </Button>
        ) : (
          <Button
            disabled={csv.trim() === ''}
            loading={preview.isPending}
            onClick={() => preview.mutate(csv)}
          >
            {t('csv.preview')}
          </Button>
        )}
      </div>
    </div>
  );
}

function PreviewTable({ preview }: { preview: BulkPreview }) {
  const { t } = useTranslation('fulfilment');
  const refusalText = useRefusalText();
  return (
    <div className="flex flex-col gap-3">
      <p role="status" className="text-sm font-medium">
        {t('csv.summary', {
          count: preview.completable,
          refused: preview.orders.length - preview.completable,
        })}
      </p>
      {preview.unparsable.length > 0 && (
        <div
          role="alert"
          className="rounded-lg border border-danger/40 bg-danger/10 px-4 py-3 text-sm text-danger"
        >
          <p className="font-semibold">
            {t('csv.unparsable', { count: preview.unparsable.length })}
          </p>
          <ul className="mt-1 list-disc ps-5">
            {preview.unparsable.map((line) => (
              <li key={line.line}>{t(`unparsable.${line.reason}`, { line: line.line })}</li>
            ))}
          </ul>
        </div>
      )}
      {preview.orders.length > 0 && (
        <Table aria-label={t('csv.previewTitle')}>
          <TableHead>
            <tr>
              <TableHeader>{t('columns.order')}</TableHeader>
              <TableHeader>{t('columns.buyer')}</TableHeader>
              <TableHeader>{t('columns.quantity')}</TableHeader>
              <TableHeader>{t('columns.keys')}</TableHeader>
              <TableHeader>{t('columns.lines')}</TableHeader>
              <TableHeader>{t('columns.result')}</TableHeader>
            </tr>
          </TableHead>
          <TableBody>
            {preview.orders.map((row) => (
              <TableRow key={row.orderId} className={row.refusal ? 'bg-danger/5' : undefined}>
                <TableCell kind="title">
                  <span className="flex flex-wrap items-center gap-2">
                    <ShortOrderId id={row.orderId} />
                    <span>{row.productName ?? '—'}</span>
                  </span>
                </TableCell>
                <TableCell label={t('columns.buyer')}>
                  {row.buyer ? <UserName username={row.buyer.username} at={false} /> : '—'}
                </TableCell>
                <TableCell label={t('columns.quantity')} className="tabular-nums">
                  {row.quantity ?? '—'}
                </TableCell>
                <TableCell label={t('columns.keys')} className="tabular-nums">
                  {row.keysGiven}
                </TableCell>
                <TableCell label={t('columns.lines')} className="tabular-nums">
                  <bdi dir="ltr">{row.lines.join(', ')}</bdi>
                </TableCell>
                <TableCell label={t('columns.result')}>
                  {row.refusal ? (
                    <span className="flex flex-col items-start gap-1">
                      <Badge tone="danger">{t('outcome.refused')}</Badge>
                      <span className="text-xs text-muted">{refusalText(row.refusal, row)}</span>
                    </span>
                  ) : (
                    <Badge tone="success">{t('outcome.ready')}</Badge>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </div>
  );
}
