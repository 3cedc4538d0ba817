import { useTranslation } from 'react-i18next';
import type { BulkOutcome, BulkRefusal } from '@keymarket/contracts/bulk-fulfilment';
import { Badge } from '@/components/ui/badge';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';

/** An order's number as the lists show it: the start of its id, in full in its tooltip. */
export function ShortOrderId({ id }: { id: string }) {
  return (
    <bdi dir="ltr" title={id} className="font-mono text-xs">
      {id.slice(0, 8)}
    </bdi>
  );
}

/** Why an order is left as it is, in the reader's language. */
export function useRefusalText() {
  const { t } = useTranslation('fulfilment');
  return (refusal: BulkRefusal, facts: OrderFacts = {}) =>
    t(`refusal.${refusal}`, { count: facts.quantity ?? 0, given: facts.keysGiven ?? 0 });
}

/** What the dialog knows of an order: its product's name, its quantity, the keys given. */
export type OrderFacts = { name?: string | null; quantity?: number | null; keysGiven?: number };

/** What became of each order of a bulk answer, described by `factsOf`. */
export function BulkResults({
  outcomes,
  factsOf,
}: {
  outcomes: BulkOutcome[];
  factsOf: (orderId: string) => OrderFacts | undefined;
}) {
  const { t } = useTranslation('fulfilment');
  const refusalText = useRefusalText();
  const done = outcomes.filter((outcome) => outcome.outcome !== 'refused').length;
  return (
    <div className="mt-5 flex flex-col gap-3">
      <p role="status" className="text-sm font-medium">
        {t('results.summary', { done, refused: outcomes.length - done })}
      </p>
      <Table aria-label={t('results.title')}>
        <TableHead>
          <tr>
            <TableHeader>{t('columns.order')}</TableHeader>
            <TableHeader>{t('columns.result')}</TableHeader>
          </tr>
        </TableHead>
        <TableBody>
          {outcomes.map((outcome) => (
            <TableRow key={outcome.orderId}>
              <TableCell kind="title">
                <span className="flex flex-wrap items-center gap-2">
                  <ShortOrderId id={outcome.orderId} />
                  <span>{factsOf(outcome.orderId)?.name}</span>
                </span>
              </TableCell>
              <TableCell label={t('columns.result')}>
                {outcome.refusal ? (
                  <span className="flex flex-col items-start gap-1">
                    <Badge tone="danger">{t('outcome.refused')}</Badge>
                    <span className="text-xs text-muted">
                      {refusalText(outcome.refusal, factsOf(outcome.orderId))}
                    </span>
                  </span>
                ) : (
                  <Badge tone="success">{t(`outcome.${outcome.outcome}`)}</Badge>
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
