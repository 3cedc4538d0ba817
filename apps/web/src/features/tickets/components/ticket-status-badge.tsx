import { useTranslation } from 'react-i18next';
import type { TicketStatus } from '@keymarket/contracts/tickets';
import { Badge, type BadgeTone } from '@/components/ui/badge';

const toneOf: Record<TicketStatus, BadgeTone> = {
  open: 'warning',
  pending: 'neutral',
  closed: 'success',
};

export function TicketStatusBadge({ status }: { status: TicketStatus }) {
  const { t } = useTranslation('tickets');
  return <Badge tone={toneOf[status]}>{t(`status.${status}`)}</Badge>;
}
