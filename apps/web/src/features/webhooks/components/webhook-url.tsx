import { clsx } from 'clsx';

/**
 * An endpoint's URL, laid out left to right and isolated from the text around it (an Arabic
 * page would otherwise move its "https://" to the far end), broken anywhere when it is long.
 */
export function WebhookUrl({ url, className }: { url: string; className?: string }) {
  return (
    <bdi dir="ltr" className={clsx('font-mono break-all', className)}>
      {url}
    </bdi>
  );
}
