import { Check, Pencil, Trash2, X } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { BASE_CURRENCY, updateCurrencySchema, type Currency } from '@keymarket/contracts/settings';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { formatMoney } from '@/lib/format-price';
import { Input } from '@/components/ui/input';
import { TableCell, TableRow } from '@/components/ui/table';
import { describeApiError } from '@/lib/translate-error';
import { useUpdateCurrency } from '../api/update-currency';
import { useSettingsText } from './use-settings-text';

/** The amount each rate's example converts. */
const EXAMPLE_USD = 10;

/**
 * The rate, edited where it is read: Edit turns it into a field with Save and Cancel (Enter
 * saves, Escape cancels), and the focus comes back to Edit afterwards.
 */
function RateEditor({ currency }: { currency: Currency }) {
  const { t, tCore, issue } = useSettingsText();
  const update = useUpdateCurrency();
  const [text, setText] = useState<string | null>(null);
  const [error, setError] = useState<string>();
  const editButton = useRef<HTMLButtonElement>(null);
  const inputId = useId();
  const errorId = `${inputId}-error`;

  function close() {
    setText(null);
    setError(undefined);
    update.reset();
    // After the field is gone: back to the button that opened it.
    requestAnimationFrame(() => editButton.current?.focus());
  }

  function save() {
    if (text === null) return;
    const parsed = updateCurrencySchema.shape.rateToUSD.safeParse(
      text.trim() === '' ? Number.NaN : Number(text.trim().replace(',', '.')),
    );
    if (!parsed.success) {
      setError(issue({ type: 'validate', message: parsed.error.issues[0]?.message }));
      return;
    }
    setError(undefined);
    update.mutate(
      { id: currency.id, rateToUSD: parsed.data },
      {
        onSuccess: (saved) => {
          toast.success(t('currencies.rateSaved', { code: saved.code }));
          close();
        },
      },
    );
  }

  if (text === null) {
    return (
      <span className="inline-flex items-center gap-1">
        <bdi>{currency.rateToUSD}</bdi>
        <Button
          ref={editButton}
          variant="ghost"
          size="icon"
          onClick={() => setText(String(currency.rateToUSD))}
          aria-label={t('currencies.editRate', { code: currency.code })}
          title={t('currencies.editRate', { code: currency.code })}
        >
          <Pencil aria-hidden className="size-4" />
        </Button>
      </span>
    );
  }

  const shownError = error ?? (update.isError ? describeApiError(update.error, tCore) : undefined);
  return (
    <span className="flex flex-col gap-1">
      <span className="flex items-center gap-1">
        <Input
          id={inputId}
          autoFocus
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              save();
            } else if (event.key === 'Escape') {
              event.preventDefault();
              close();
            }
          }}
          type="text"
          inputMode="decimal"
          dir="ltr"
          aria-label={t('currencies.rateFor', { code: currency.code })}
          aria-invalid={shownError !== undefined}
          aria-describedby={shownError ? errorId : undefined}
          className="w-28!"
        />
        <Button
          variant="ghost"
          size="icon"
          loading={update.isPending}
          onClick={save}
          aria-label={t('currencies.saveRate', { code: currency.code })}
        >
          <Check aria-hidden className="size-4" />
        </Button>
        <Button
          variant="ghost"
          size="icon"
          onClick={close}
          aria-label={t('currencies.cancelRate', { code: currency.code })}
        >
          <X aria-hidden className="size-4" />
        </Button>
      </span>
      {shownError && (
        <span id={errorId} role="alert" className="text-xs text-danger">
          {shownError}
        </span>
      )}
    </span>
  );
}

export function CurrencyRow({
  currency,
  onDelete,
}: {
  currency: Currency;
  onDelete: (currency: Currency) => void;
}) {
  const { t, language } = useSettingsText();
  const isBase = currency.code === BASE_CURRENCY.code;
  const example = formatMoney(EXAMPLE_USD, currency, language);
  return (
    <TableRow>
      <TableCell kind="title" className="font-mono font-medium text-fg">
        <span className="inline-flex items-center gap-2">
          <bdi>{currency.code}</bdi>
          {isBase && <Badge>{t('currencies.base')}</Badge>}
        </span>
      </TableCell>
      <TableCell label={t('currencies.symbol')}>{currency.symbol}</TableCell>
      <TableCell label={t('currencies.rate')} className="tabular-nums">
        {isBase ? <bdi>{currency.rateToUSD}</bdi> : <RateEditor currency={currency} />}
      </TableCell>
      <TableCell label={t('currencies.example')} className="text-muted tabular-nums">
        <bdi>{t('currencies.exampleValue', { amount: example })}</bdi>
      </TableCell>
      <TableCell kind="actions" className="text-end">
        <Button
          variant="ghost"
          size="icon"
          onClick={() => onDelete(currency)}
          disabled={isBase}
          aria-label={t('currencies.deleteLabel', { code: currency.code })}
          title={isBase ? t('currencies.baseCannotDelete') : undefined}
        >
          <Trash2 aria-hidden className="size-4" />
        </Button>
      </TableCell>
    </TableRow>
  );
}
