import { useTranslation } from 'react-i18next';
import type { Order, OrderStatus } from '@keymarket/contracts/orders';
import { Badge, type BadgeTone } from '@/components/ui/badge';

const toneOf: Record<OrderStatus, BadgeTone> = {
  pending: 'warning',
  completed: 'success',
  rejected: 'danger',
};

/**
 * The order's status; a rejected order the buyer withdrew itself reads "Cancelled by the buyer"
 * (neutral: nobody refused anything), not "Rejected".
 */
export function OrderStatusBadge({
  order,
}: {
  order: Pick<Order, 'status' | 'cancelledByBuyer'> & Partial<Pick<Order, 'backordered'>>;
}) {
  const { t } = useTranslation();
  if (order.status === 'pending' && order.backordered) {
    return <Badge tone="warning">{t('orders.status.backordered')}</Badge>;
  }
  if (order.status === 'rejected' && order.cancelledByBuyer) {
    return <Badge tone="neutral">{t('orders.status.cancelledByBuyer')}</Badge>;
  }
  return <Badge tone={toneOf[order.status]}>{t(`orders.status.${order.status}`)}</Badge>;
}
