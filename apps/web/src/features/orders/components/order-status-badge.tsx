import { useTranslation } from 'react-i18next';
import type { OrderStatus } from '@keymarket/contracts/orders';
import { Badge, type BadgeTone } from '@/components/ui/badge';

const toneOf: Record<OrderStatus, BadgeTone> = {
  pending: 'warning',
  completed: 'success',
  rejected: 'danger',
};

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const { t } = useTranslation();
  return <Badge tone={toneOf[status]}>{t(`orders.status.${status}`)}</Badge>;
}
