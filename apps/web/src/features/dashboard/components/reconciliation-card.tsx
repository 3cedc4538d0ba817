import { CircleAlert, CircleCheck, RefreshCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { Reconciliation, ReconciliationCheck } from '@keymarket/contracts/reconciliation';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { LoadError } from '@/components/ui/load-error';
import { Spinner } from '@/components/ui/spinner';
import { formatDateTime } from '@/lib/format-date';
import { describeApiError } from '@/lib/translate-error';
import { useLastReconciliation, useRunReconciliation } from '../api/reconciliation';

/** The checks the server runs (modules/reconciliation), each with a name in every language. */
const checkNames = [
  'buckets_equal_ledger_sums',
  'buckets_equal_last_balance_after',
  'balance_after_chains',
  'no_negative_buckets',
  'movements_have_their_sign',
  'orders_paid_exactly',
  'keys_sold_once',
  'instant_orders_hold_their_keys',
  'money_created_only_by_deposits',
] as const;
type CheckName = (typeof checkNames)[number];
const isKnownCheck = (name: string): name is CheckName =>
  (checkNames as readonly string[]).includes(name);

/** How many offending rows of a failing check the card shows; the CLI and API give ten. */
const ROWS_SHOWN = 3;

/**
 * The money invariants (DESIGN.md §5) as last checked: all hold, or which fail with their first
 * offending rows; when, and a button to check again now.
 */
export function ReconciliationCard() {
  const { t } = useTranslation('dashboard');
  const { t: tCore } = useTranslation();
  const lastQuery = useLastReconciliation();
  const run = useRunReconciliation();
  const runNow = () =>
    run.mutate(undefined, {
      onError: (error) => toast.error(describeApiError(error, tCore)),
    });

  return (
    <Card
      title={t('reconciliation.title')}
      description={t('reconciliation.subtitle')}
      action={
        <Button variant="secondary" size="sm" onClick={runNow} loading={run.isPending}>
          <RefreshCw aria-hidden className="size-4" />
          {t('reconciliation.runNow')}
        </Button>
      }
    >
      {lastQuery.isPending && (
        <div className="grid place-items-center py-6">
          <Spinner />
        </div>
      )}
      {lastQuery.isError && (
        <LoadError error={lastQuery.error} onRetry={() => void lastQuery.refetch()} />
      )}
      {lastQuery.isSuccess &&
        (lastQuery.data.last ? (
          <Result result={lastQuery.data.last} />
        ) : (
          <p className="text-sm text-muted">{t('reconciliation.never')}</p>
        ))}
    </Card>
  );
}

function Result({ result }: { result: Reconciliation }) {
  const { t, i18n } = useTranslation('dashboard');
  const failing = result.checks.filter((check) => !check.ok);
  return (
    <div className="flex flex-col gap-3" aria-live="polite">
      {result.ok ? (
        <p className="flex items-center gap-2 font-medium text-success">
          <CircleCheck aria-hidden className="size-5" />
          {t('reconciliation.allHold', { count: result.checks.length })}
        </p>
      ) : (
        <p className="flex items-center gap-2 font-medium text-danger">
          <CircleAlert aria-hidden className="size-5" />
          {t('reconciliation.someFail', { count: failing.length, total: result.checks.length })}
        </p>
      )}
      <p className="text-sm text-muted">
        {t('reconciliation.checkedAt', {
          date: formatDateTime(result.checkedAt, i18n.language),
        })}
      </p>
      {failing.length > 0 && (
        <ul className="flex flex-col gap-3">
          {failing.map((check) => (
            <FailedCheck key={check.name} check={check} />
          ))}
        </ul>
      )}
    </div>
  );
}

/** A row as one line, its user first: "@reseller12 · bucket balance · bucket_cents 2500". */
function rowSummary(row: ReconciliationCheck['rows'][number]): string {
  const { username, user_id: _userId, ...rest } = row;
  const fields = Object.entries(rest).map(([name, value]) => `${name} ${String(value)}`);
  return [username ? `@${String(username)}` : null, ...fields].filter(Boolean).join(' · ');
}

function FailedCheck({ check }: { check: ReconciliationCheck }) {
  const { t } = useTranslation('dashboard');
  // A check added to the server before its name here reads by its identifier.
  const title = isKnownCheck(check.name) ? t(`reconciliation.checks.${check.name}`) : check.name;
  return (
    <li className="rounded-lg border border-danger/40 bg-danger/5 px-3 py-2">
      <p className="text-sm font-medium text-fg">{title}</p>
      <ul className="mt-1 flex flex-col gap-0.5">
        {check.rows.slice(0, ROWS_SHOWN).map((row, index) => (
          <li key={index} className="text-xs text-muted">
            <bdi dir="ltr" className="font-mono">
              {rowSummary(row)}
            </bdi>
          </li>
        ))}
      </ul>
      {check.rows.length > ROWS_SHOWN && (
        <p className="mt-1 text-xs text-muted">
          {t('reconciliation.moreRows', { count: check.rows.length - ROWS_SHOWN })}
        </p>
      )}
    </li>
  );
}
