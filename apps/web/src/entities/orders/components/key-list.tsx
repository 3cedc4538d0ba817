import { Check, Copy } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';

/**
 * Delivered keys or account details, each copyable, and all of them at once. `aside` adds what
 * belongs beside one key (its after-sale state and actions).
 */
export function KeyList({ keys, aside }: { keys: string[]; aside?: (index: number) => ReactNode }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState<number | 'all' | null>(null);

  async function copy(text: string, which: number | 'all') {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(which);
      toast.success(which === 'all' ? t('orders.keys.copiedAll') : t('orders.keys.copied'));
    } catch {
      // The clipboard needs a secure context and permission; the keys stay selectable on screen.
      toast.error(t('orders.keys.copyFailed'));
    }
  }

  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-center justify-between gap-2">
        <h3 className="text-sm font-medium text-fg">
          {t('orders.keys.title', { count: keys.length })}
        </h3>
        <Button variant="secondary" size="sm" onClick={() => void copy(keys.join('\n'), 'all')}>
          {copied === 'all' ? (
            <Check aria-hidden className="size-4" />
          ) : (
            <Copy aria-hidden className="size-4" />
          )}
          {t('orders.keys.copyAll')}
        </Button>
      </div>
      {/* A line between keys: a key's state and actions may wrap under it, and must not read as
          the next key's. */}
      <ol className="flex max-h-60 flex-col divide-y divide-border overflow-y-auto rounded-lg border border-border bg-surface-2 px-2 py-1">
        {keys.map((key, index) => (
          <li key={index} className="flex flex-wrap items-center gap-2 py-1.5">
            <code
              dir="ltr"
              // 12rem at least before the state and actions beside it: past that, they wrap
              // under the key instead of squeezing it to a few characters a line.
              className="min-w-0 flex-[1_1_12rem] font-mono text-sm break-all text-fg select-all"
            >
              {key}
            </code>
            <Button
              variant="ghost"
              size="icon"
              onClick={() => void copy(key, index)}
              aria-label={t('orders.keys.copyOne', { number: index + 1 })}
              title={t('orders.keys.copyOne', { number: index + 1 })}
            >
              {copied === index ? (
                <Check aria-hidden className="size-4 text-success" />
              ) : (
                <Copy aria-hidden className="size-4" />
              )}
            </Button>
            {aside?.(index)}
          </li>
        ))}
      </ol>
    </div>
  );
}
