import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useActOnOrderKey, type KeyAction } from '../api/act-on-order-key';
import { describeRefusal } from '@/lib/translate-error';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';

/** What a confirmation says will happen, worded by a screen that knows more (the report ticket). */
export type KeyActionConfirmation = { title: string; description: string };

type KeyAdminActionsProps = {
  orderId: string;
  keyIndex: number;
  /** The confirmations' texts; by default they name the key's number only. */
  confirmations?: Record<KeyAction, KeyActionConfirmation>;
  /** A replacement needs an unsold key: without one, Replace is not offered. */
  canReplace?: boolean;
};

/**
 * An administrator's answer to a faulty key (DESIGN.md §11), on the order and on its report
 * ticket alike: a fresh key from the pool, or the unit refunded. Each asks first, saying what
 * will happen.
 */
export function KeyAdminActions({
  orderId,
  keyIndex,
  confirmations,
  canReplace = true,
}: KeyAdminActionsProps) {
  const { t } = useTranslation();
  const act = useActOnOrderKey();
  const [asking, setAsking] = useState<KeyAction | null>(null);
  const number = keyIndex + 1;
  const confirmation = asking
    ? (confirmations?.[asking] ??
      (asking === 'refund'
        ? {
            title: t('orders.afterSale.refundKey', { number }),
            description: t('orders.afterSale.confirmRefund', { number }),
          }
        : {
            title: t('orders.afterSale.replaceKey', { number }),
            description: t('orders.afterSale.confirmReplace', { number }),
          }))
    : { title: '', description: '' };

  function confirm() {
    if (!asking) return;
    act.mutate(
      { orderId, action: asking, keyIndex },
      {
        onSuccess: () => {
          toast.success(
            t(asking === 'replace' ? 'orders.afterSale.replaced' : 'orders.afterSale.refunded'),
          );
          setAsking(null);
        },
      },
    );
  }

  return (
    <span className="flex shrink-0 gap-1">
      {canReplace && (
        <Button
          variant="secondary"
          size="sm"
          onClick={() => setAsking('replace')}
          aria-label={t('orders.afterSale.replaceKey', { number })}
        >
          {t('orders.afterSale.replace')}
        </Button>
      )}
      <Button
        variant="secondary"
        size="sm"
        onClick={() => setAsking('refund')}
        aria-label={t('orders.afterSale.refundKey', { number })}
      >
        {t('orders.afterSale.refund')}
      </Button>
      <ConfirmDialog
        open={asking !== null}
        title={confirmation.title}
        description={confirmation.description}
        confirmLabel={t(
          asking === 'refund' ? 'orders.afterSale.refund' : 'orders.afterSale.replace',
        )}
        confirmVariant={asking === 'refund' ? 'danger' : 'primary'}
        pending={act.isPending}
        failure={act.error ? describeRefusal(act.error, t) : undefined}
        onConfirm={confirm}
        onCancel={() => {
          act.reset();
          setAsking(null);
        }}
      />
    </span>
  );
}
