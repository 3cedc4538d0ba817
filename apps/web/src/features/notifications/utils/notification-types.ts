import type { NotificationType } from '@keymarket/contracts/notifications';
import type { Role } from '@keymarket/contracts/users';

/**
 * The types a role can receive (DESIGN.md §12): the choices of the email preferences and of the
 * notifications screen's type filter.
 */
export const typesByRole: Record<Role, NotificationType[]> = {
  admin: [
    'order.pending',
    'ticket.opened',
    'ticket.replied',
    'stock.low',
    'balance.credited',
    'webhook.disabled',
    'topup.requested',
    'upstream.balance_low',
  ],
  manager: [
    'order.completed',
    'order.rejected',
    'balance.credited',
    'profit.credited',
    'ticket.answered',
    'order.key_replaced',
    'order.unit_refunded',
    'webhook.disabled',
    'topup.requested',
    'topup.approved',
    'topup.rejected',
  ],
  reseller: [
    'order.completed',
    'order.rejected',
    'balance.credited',
    'profit.credited',
    'ticket.answered',
    'order.key_replaced',
    'order.unit_refunded',
    'webhook.disabled',
    'topup.requested',
    'topup.approved',
    'topup.rejected',
  ],
};

/** The translation key of a type's name: `order.key_replaced` → `…typeNames.orderKeyReplaced`. */
export const typeNameKey = (type: NotificationType) =>
  `notifications.typeNames.${type.replace(/[._](\w)/g, (_, letter: string) => letter.toUpperCase())}` as 'notifications.typeNames.orderCompleted';
