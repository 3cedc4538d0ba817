import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TicketDetail } from '@keymarket/contracts/tickets';
import { KeyAdminActions } from '@/entities/orders/components/key-admin-actions';
import { useFormatPrice } from '@/lib/format-price';

/** A faulty-key report, as the administrators decide it (DESIGN.md §11), and their answer. */
export function ReportLine({ ticket }: { ticket: TicketDetail }) {
  const { t } = useTranslation('tickets');
  const { t: tCore } = useTranslation();
  const formatPrice = useFormatPrice();
  const details = ticket.reportDetails;
  if (!ticket.report || !details) return null;
  const number = details.keyIndex + 1;
  const shortId = details.orderId.slice(0, 8);
  const names = { number, product: details.productName, buyer: details.buyer.username };
  const stockLeft = Math.max(0, (details.poolStock ?? 0) - 1);
  const canReplace = (details.poolStock ?? 0) > 0;
  const undecided = ticket.status !== 'closed' && details.keyState === 'reported';
  const row = (label: string, value: ReactNode) => (
    <div className="flex min-w-0 flex-wrap items-baseline justify-between gap-x-3">
      <dt className="text-muted">{label}</dt>
      <dd className="min-w-0 font-medium text-fg [overflow-wrap:anywhere]">{value}</dd>
    </div>
  );
  return (
    <section
      aria-label={t('report.title')}
      className="flex flex-col gap-2 rounded-lg border border-warning/50 px-3 py-2 text-sm"
    >
      <p className="text-fg">
        {t('report.key', { number })}{' '}
        <Link
          to={`/admin/orders?order=${encodeURIComponent(details.orderId)}`}
          aria-label={t('report.openOrder', { id: shortId })}
          className="text-accent underline"
        >
          <code dir="ltr" className="font-mono text-xs">
            {shortId}
          </code>
        </Link>
      </p>
      <dl className="grid gap-x-6 gap-y-1 text-xs sm:grid-cols-2">
        {row(
          t('report.reportedKey', { number }),
          <span className="inline-flex flex-wrap items-center gap-2">
            <code dir="ltr" className="font-mono">
              {details.maskedKey ?? '—'}
            </code>
            <span className="rounded bg-surface-2 px-1.5 py-0.5 text-muted">
              {tCore(`orders.keyState.${details.keyState}`)}
            </span>
          </span>,
        )}
        {row(t('report.product'), <bdi>{details.productName}</bdi>)}
        {row(t('report.unitPrice'), <bdi dir="ltr">{formatPrice(details.unitPrice)}</bdi>)}
        {row(t('report.buyer'), <bdi>{details.buyer.username}</bdi>)}
        {row(t('report.stock'), details.poolStock ?? '—')}
      </dl>
      {undecided && !canReplace && <p className="text-xs text-muted">{t('report.noStock')}</p>}
      {undecided && (
        <div className="flex justify-end">
          <KeyAdminActions
            orderId={details.orderId}
            keyIndex={details.keyIndex}
            canReplace={canReplace}
            confirmations={{
              replace: {
                title: t('report.replaceTitle', names),
                description: t('report.replaceText', { ...names, count: stockLeft }),
              },
              refund: {
                title: t('report.refundTitle', names),
                description: t('report.refundText', {
                  ...names,
                  amount: formatPrice(details.unitPrice),
                }),
              },
            }}
          />
        </div>
      )}
    </section>
  );
}
