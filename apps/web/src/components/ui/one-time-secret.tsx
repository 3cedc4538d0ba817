import { Copy } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from './button';

type OneTimeSecretProps = {
  /** The whole secret (an API key, a webhook's signing secret). */
  secret: string;
  title: string;
  warning: string;
  copyLabel: string;
  copiedText: string;
  copyFailedText: string;
  doneLabel: string;
  onDone: () => void;
};

/**
 * A secret the one time it exists outside the server, which keeps only a hash or a sealed copy:
 * once this panel is closed nobody can show it again. Selectable as well as copyable, since the
 * clipboard needs a secure context and permission.
 */
export function OneTimeSecret({
  secret,
  title,
  warning,
  copyLabel,
  copiedText,
  copyFailedText,
  doneLabel,
  onDone,
}: OneTimeSecretProps) {
  async function copy() {
    try {
      await navigator.clipboard.writeText(secret);
      toast.success(copiedText);
    } catch {
      toast.error(copyFailedText);
    }
  }

  return (
    <div
      role="status"
      className="mt-5 flex flex-col gap-3 rounded-lg border border-dashed border-accent/50 bg-accent/5 p-4"
    >
      <p className="text-sm font-medium text-fg">{title}</p>
      <div className="flex flex-wrap items-center gap-2">
        <code
          dir="ltr"
          className="min-w-0 flex-1 rounded-md bg-surface-2 px-3 py-2 font-mono text-sm break-all text-fg select-all"
        >
          {secret}
        </code>
        <Button variant="secondary" onClick={() => void copy()}>
          <Copy aria-hidden className="size-4" />
          {copyLabel}
        </Button>
      </div>
      <p className="text-sm text-warning">{warning}</p>
      <div>
        <Button variant="ghost" size="sm" onClick={onDone}>
          {doneLabel}
        </Button>
      </div>
    </div>
  );
}
