import { useTranslation } from 'react-i18next';
import {
  auditTargetTypes,
  type AuditEntry,
  type AuditTargetType,
} from '@keymarket/contracts/balance';
import { nameOf } from './audit-labels';

/**
 * An entry's target: its kind, then what it names (a user's @name, a product's name, an order's
 * number and product), its id in the tooltip and the target-id filter a click away.
 */
export function AuditTarget({ entry, full = false }: { entry: AuditEntry; full?: boolean }) {
  const { t } = useTranslation('money');
  const known = (auditTargetTypes as readonly string[]).includes(entry.targetType);
  const kind = known
    ? t(`audit.targetTypes.${entry.targetType as AuditTargetType}`)
    : entry.targetType;
  const id = entry.targetId;
  const named = id ? nameOf(entry, id) : null;
  return (
    <span className="flex flex-col gap-0.5">
      <span>{kind}</span>
      {id && (
        <bdi dir="auto" title={id} className="text-xs wrap-anywhere text-fg">
          {named !== id ? named : id.slice(0, 8)}
        </bdi>
      )}
      {full && id && (
        <bdi dir="ltr" className="font-mono text-xs wrap-anywhere text-muted">
          {id}
        </bdi>
      )}
    </span>
  );
}
