import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { Product } from '@keymarket/contracts/catalogue';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { describeApiError } from '@/lib/translate-error';
import { useClearSellingPrice } from '../api/clear-selling-price';

/**
 * A seller's hand-set price cleared, so its standing rules (or the reseller price) price the
 * product again. Shown only while the price is hand-set.
 */
export function ClearSellingPrice({ product, onDone }: { product: Product; onDone: () => void }) {
  const { t } = useTranslation('priceRules');
  const { t: tCore } = useTranslation();
  const clear = useClearSellingPrice();
  if (product.sellingPriceSource !== 'hand_set') return null;
  return (
    <div className="flex flex-col gap-2 rounded-lg border border-border bg-surface-2 p-3">
      <p className="text-sm text-muted">{t('clear.hint')}</p>
      <Button
        variant="secondary"
        size="sm"
        className="self-start"
        loading={clear.isPending}
        onClick={() =>
          clear.mutate(product.id, {
            onSuccess: () => {
              toast.success(t('clear.done', { name: product.name }));
              onDone();
            },
          })
        }
      >
        {t('clear.action')}
      </Button>
      {clear.isError && <Alert>{describeApiError(clear.error, tCore)}</Alert>}
    </div>
  );
}
