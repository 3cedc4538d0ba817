import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TopupStatus } from '@keymarket/contracts/topups';
import { Badge, type BadgeTone } from '@/components/ui/badge';

const tones: Record<TopupStatus, BadgeTone> = {
  pending: 'warning',
  approved: 'success',
  rejected: 'danger',
  cancelled: 'neutral',
  expired: 'neutral',
};

function TopupStatusBadge({ status }: { status: TopupStatus }) {
  const { t } = useTranslation('topups');
  return <Badge tone={tones[status]}>{t(`status.${status}`)}</Badge>;
}

/**
 * A request's status with what goes with it beneath, as one block: why it was rejected or
 * cancelled (or the approver's note), a warning, the funder's buttons. On a phone's card they stay
 * together at the line's end; on a wide table the reason wraps instead of widening its column
 * past the card. The reason, in whatever direction it was written, lines up with the values.
 */
export function StatusWithReason({
  status,
  reason,
  warning,
  children,
}: {
  status: TopupStatus;
  reason: string | null;
  /** A second badge, translated: something for the funder to look at. */
  warning?: string;
  children?: ReactNode;
}) {
  return (
    <div className="flex max-w-full min-w-0 flex-col items-end gap-1 sm:max-w-72 sm:items-start">
      <TopupStatusBadge status={status} />
      {warning && <Badge tone="warning">{warning}</Badge>}
      {reason && (
        <span className="block text-xs break-words whitespace-normal text-muted">
          <bdi>{reason}</bdi>
        </span>
      )}
      {children}
    </div>
  );
}
