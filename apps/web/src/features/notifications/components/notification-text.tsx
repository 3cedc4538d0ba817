import { useTranslation } from 'react-i18next';
import type { Notification } from '@keymarket/contracts/notifications';
import type { Role } from '@keymarket/contracts/users';
import { useFormatPrice } from '@/lib/format-price';

/**
 * Where an entry leads: the order, the ticket, the statement of the bucket it credited, the
 * API & webhooks screen of a disabled webhook, the top-up screens, or the suppliers.
 */
export function notificationLink(notification: Notification, role: Role): string {
  switch (notification.type) {
    case 'order.completed':
    case 'order.rejected':
    case 'order.pending':
    case 'order.key_replaced':
    case 'order.unit_refunded':
      return `/${role}/orders?order=${encodeURIComponent(notification.data.orderId)}`;
    case 'ticket.answered':
    case 'ticket.opened':
    case 'ticket.replied':
      return `/${role}/tickets?ticket=${notification.data.ticketId}`;
    case 'balance.credited':
      return `/${role}/statement?bucket=balance`;
    case 'profit.credited':
      return `/${role}/statement?bucket=profit`;
    case 'stock.low':
      return `/${role}/products?search=${encodeURIComponent(notification.data.productName)}`;
    case 'webhook.disabled':
      return `/${role}/api`;
    case 'topup.requested':
      return `/${role}/topup-requests`;
    case 'topup.approved':
    case 'topup.rejected':
      return `/${role}/topup`;
    case 'upstream.balance_low':
      return `/${role}/suppliers`;
  }
}

/**
 * An entry's sentence in the reader's language. Names, products and subjects keep their own
 * direction inside it (`bdi`), so a Latin product name does not reorder an Arabic sentence.
 */
export function NotificationText({ notification }: { notification: Notification }) {
  const { t } = useTranslation('area');
  const formatPrice = useFormatPrice();
  const iso = (text: string) => <bdi>{text}</bdi>;
  const money = (amount: number) => <bdi dir="ltr">{formatPrice(amount)}</bdi>;

  switch (notification.type) {
    case 'order.completed':
      return (
        <>
          {t('notifications.types.orderCompleted')} {iso(notification.data.productName)}
        </>
      );
    case 'order.rejected':
      return (
        <>
          {t('notifications.types.orderRejected')} {iso(notification.data.productName)}
          {' · '}
          {t('notifications.refunded')} {money(notification.data.totalAmount)}
          {notification.data.reason && (
            <span className="block text-muted">{iso(notification.data.reason)}</span>
          )}
        </>
      );
    case 'order.key_replaced':
      return (
        <>
          {t('notifications.types.keyReplaced', { number: notification.data.keyIndex + 1 })}{' '}
          {iso(notification.data.productName)}
        </>
      );
    case 'order.unit_refunded':
      return (
        <>
          {t('notifications.types.unitRefunded', { number: notification.data.keyIndex + 1 })}{' '}
          {iso(notification.data.productName)}
          {' · '}
          {t('notifications.refunded')} {money(notification.data.amount)}
        </>
      );
    case 'order.pending':
      return (
        <>
          {iso(notification.data.buyer.username)} {t('notifications.types.orderPending')}{' '}
          {iso(notification.data.productName)}
        </>
      );
    case 'balance.credited':
      return (
        <>
          {t('notifications.types.balanceCredited')} {money(notification.data.amount)}
          {notification.data.actor && (
            <>
              {' · '}
              {t('notifications.by')} {iso(notification.data.actor.username)}
            </>
          )}
        </>
      );
    case 'profit.credited':
      return (
        <>
          {t('notifications.types.profitCredited', { count: notification.data.orders })}{' '}
          {money(notification.data.amount)}
        </>
      );
    case 'ticket.answered':
      return (
        <>
          {t('notifications.types.ticketAnswered')} {iso(notification.data.subject)}
        </>
      );
    case 'ticket.opened':
      return (
        <>
          {iso(notification.data.author.username)} {t('notifications.types.ticketOpened')}{' '}
          {iso(notification.data.subject)}
        </>
      );
    case 'ticket.replied':
      return (
        <>
          {iso(notification.data.author.username)} {t('notifications.types.ticketReplied')}{' '}
          {iso(notification.data.subject)}
        </>
      );
    case 'stock.low':
      return (
        <>
          {iso(notification.data.productName)} {t('notifications.types.stockLow')}{' '}
          {t('notifications.stockLeft', { stock: notification.data.stock })}
        </>
      );
    case 'webhook.disabled':
      return (
        <>
          {t('notifications.types.webhookDisabled')} <bdi dir="ltr">{notification.data.url}</bdi>
        </>
      );
    case 'topup.requested':
      return (
        <>
          {iso(notification.data.requester.username)} {t('notifications.types.topupRequested')}{' '}
          {money(notification.data.creditAmount)}
        </>
      );
    case 'topup.approved':
      return (
        <>
          {t('notifications.types.topupApproved')} {money(notification.data.creditAmount)}
        </>
      );
    case 'topup.rejected':
      return (
        <>
          {t('notifications.types.topupRejected')}
          <span className="block text-muted">{iso(notification.data.reason)}</span>
        </>
      );
    case 'upstream.balance_low':
      return (
        <>
          {t('notifications.types.upstreamBalanceLow')} {iso(notification.data.upstreamName)}
          {' · '}
          {money(notification.data.balance)}
          <span className="block text-muted">
            {t('notifications.belowAlert')} {money(notification.data.threshold)}
          </span>
        </>
      );
  }
}
