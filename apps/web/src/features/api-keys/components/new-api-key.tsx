import { Copy } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { CreatedApiKey } from '@keymarket/contracts/integration';
import { Button } from '@/components/ui/button';

type NewApiKeyProps = { created: CreatedApiKey; onDone: () => void };

/**
 * The whole key, the one time it exists outside its owner's shop: the server keeps only a hash,
 * so once this panel is closed nobody can show it again.
 */
export function NewApiKey({ created, onDone }: NewApiKeyProps) {
  const { t } = useTranslation('integration');

  async function copy() {
    try {
      await navigator.clipboard.writeText(created.key);
      toast.success(t('copied'));
    } catch {
      // The clipboard needs a secure context and permission; the key stays selectable on screen.
      toast.error(t('copyFailed'));
    }
  }

  return (
    <div
      role="status"
      className="mt-5 flex flex-col gap-3 rounded-lg border border-dashed border-accent/50 bg-accent/5 p-4"
    >
      <p className="text-sm font-medium text-fg">{t('newKeyTitle', { name: created.name })}</p>
      <div className="flex flex-wrap items-center gap-2">
        <code
          dir="ltr"
          className="min-w-0 flex-1 rounded-md bg-surface-2 px-3 py-2 font-mono text-sm break-all text-fg select-all"
        >
          {created.key}
        </code>
        <Button variant="secondary" onClick={() => void copy()}>
          <Copy aria-hidden className="size-4" />
          {t('copy')}
        </Button>
      </div>
      <p className="text-sm text-warning">{t('newKeyWarning')}</p>
      <div>
        <Button variant="ghost" size="sm" onClick={onDone}>
          {t('done')}
        </Button>
      </div>
    </div>
  );
}
