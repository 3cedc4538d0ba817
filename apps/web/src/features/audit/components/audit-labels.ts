import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { auditActionKey, auditActions, type AuditAction } from '@keymarket/contracts/audit-actions';
import type { AuditEntry } from '@keymarket/contracts/balance';
import { formatUsdAmount } from '@/lib/format-price';

const isAuditAction = (action: string): action is AuditAction =>
  (auditActions as readonly string[]).includes(action);

/** An order's number as operators quote it (the statement's, the order details'). */
const shortOrderId = (id: string) => `#${id.slice(0, 8)}`;

/** What an id of `entry` stands for, as a person reads it; the id itself when it names nothing. */
export function nameOf(entry: AuditEntry, id: string): string {
  const named = entry.names[id.toLowerCase()];
  if (!named) return id;
  switch (named.type) {
    case 'user':
      return `@${named.name}`;
    case 'order':
      return `${shortOrderId(id)} ${named.name}`;
    case 'product':
    case 'category':
    case 'subcategory':
    case 'package':
    case 'ticket':
    case 'upstream':
      return named.name;
  }
}

/**
 * The audit screen's words for an entry: its action by its label (the code where the list has
 * none), its target by name, and its values as a person reads them: amounts kept in cents
 * (`refundCents`) as money, ids as the names of what they point at.
 */
export function useAuditLabels() {
  const { t, i18n } = useTranslation('money');
  const language = i18n.language;
  const actionLabel = useCallback(
    (action: string) =>
      isAuditAction(action) ? t(`audit.actions.${auditActionKey(action)}`) : action,
    [t],
  );
  const shownValue = useCallback(
    (entry: AuditEntry, field: string, value: unknown): string | undefined => {
      if (value === undefined) return undefined;
      const digits = typeof value === 'string' || typeof value === 'number' ? String(value) : '';
      if (/Cents$/.test(field) && /^-?\d+$/.test(digits)) {
        return formatUsdAmount(Number(value) / 100, language);
      }
      if (typeof value === 'string') return nameOf(entry, value);
      return JSON.stringify(value);
    },
    [language],
  );
  return { actionLabel, shownValue };
}
