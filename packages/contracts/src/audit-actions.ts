/**
 * Every action the server writes into the audit log (`audit_log.action`), so the audit screen
 * offers them as a list and names each in the reader's language. A new audited action goes
 * here too: `apps/server/src/modules/audit/audit-actions.test.ts` fails on an action the server
 * writes that this list lacks.
 */
export const auditActions = [
  'user.update',
  'user.upgrade',
  'user.suspend',
  'user.activate',
  'user.ban',
  'user.reset-password',
  'user.limits_set',
  'user.price_rule_set',
  'user.price_rule_deleted',
  'user.two_factor.enable',
  'user.two_factor.disable',
  'user.two_factor.reset',
  'user.sessions_ended',
  'balance.deposit',
  'balance.withdrawal',
  'balance.transfer',
  'profit.convert',
  'thresholds.update',
  'order.placed',
  'order.completed',
  'order.rejected',
  'order.cancelled',
  'order.backorder_filled',
  'order.key_reported',
  'order.key_replaced',
  'order.unit_refunded',
  'product.created',
  'product.updated',
  'product.deleted',
  'product.restored',
  'product.prices_updated',
  'product.prices_bulk_updated',
  'product.seller_price_cleared',
  'product.keys_imported',
  'product.keys_deleted',
  'product.keys_moved',
  'product.keys_exported',
  'product.docked',
  'product.paused',
  'product.unpaused',
  'product.cost_synced',
  'category.created',
  'category.updated',
  'category.deleted',
  'subcategory.created',
  'subcategory.updated',
  'subcategory.deleted',
  'package.created',
  'package.updated',
  'package.deleted',
  'package.price_set',
  'package.assigned',
  'ticket.respond',
  'ticket.message',
  'faq.create',
  'faq.update',
  'faq.delete',
  'alert.create',
  'alert.toggle',
  'alert.delete',
  'currency.create',
  'currency.update',
  'currency.delete',
  'banned_country.ban',
  'banned_country.unban',
  'settings.system.update',
  'settings.social_links.update',
  'settings.music.update',
  'webhook.created',
  'webhook.updated',
  'webhook.deleted',
  'webhook.secret_rolled',
  'api_key.created',
  'api_key.updated',
  'api_key.revoked',
  'topup.approved',
  'topup.rejected',
  'topup.payment_confirmed',
  'topup_method.created',
  'topup_method.updated',
  'topup_method.deleted',
  'topup_method.disabled',
  'upstream.created',
  'upstream.updated',
  'upstream.deleted',
  'product.upstream_failure_set',
] as const;
export type AuditAction = (typeof auditActions)[number];

/** `S` with its dots and dashes made underscores, as `auditActionKey` writes it. */
type Underscored<S extends string> = S extends `${infer A}.${infer B}`
  ? Underscored<`${A}_${B}`>
  : S extends `${infer A}-${infer B}`
    ? Underscored<`${A}_${B}`>
    : S;
export type AuditActionKey = Underscored<AuditAction>;

/** The key of an action's label in the audit screen's texts ("order.placed" → "order_placed"). */
export function auditActionKey(action: AuditAction): AuditActionKey {
  return action.replace(/[.-]/g, '_') as AuditActionKey;
}
