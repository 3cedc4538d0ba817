import { Copy } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { Delivery } from '@keymarket/contracts/integration';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';

type PayloadDialogProps = { delivery: Delivery | null; onClose: () => void };

/** The JSON body the receiver gets for a delivery (the same on every attempt; never any key). */
export function PayloadDialog({ delivery, onClose }: PayloadDialogProps) {
  const { t } = useTranslation('webhooks');
  const json = delivery ? JSON.stringify(delivery.payload, null, 2) : '';

  async function copy() {
    try {
      await navigator.clipboard.writeText(json);
      toast.success(t('deliveries.payloadCopied'));
    } catch {
      toast.error(t('copyFailed'));
    }
  }

  return (
    <Dialog
      open={delivery !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t('deliveries.payloadTitle', { event: delivery?.event ?? '' })}
      description={t('deliveries.payloadDescription', { id: delivery?.id ?? '' })}
      size="lg"
    >
      <pre
        dir="ltr"
        tabIndex={0}
        className="mt-4 max-h-[55dvh] overflow-auto rounded-lg bg-surface-2 p-4 text-start font-mono text-xs leading-relaxed text-fg"
      >
        {json}
      </pre>
      <div className="mt-4 flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={() => void copy()}>
          <Copy aria-hidden className="size-4" />
          {t('deliveries.copyPayload')}
        </Button>
        <Button onClick={onClose}>{t('deliveries.closePayload')}</Button>
      </div>
    </Dialog>
  );
}
