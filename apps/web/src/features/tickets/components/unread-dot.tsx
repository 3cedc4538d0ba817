import { clsx } from 'clsx';
import { useTranslation } from 'react-i18next';

/** The other side wrote since this side last read the conversation. */
export function UnreadDot({ className }: { className?: string }) {
  const { t } = useTranslation('tickets');
  return (
    <span
      role="img"
      aria-label={t('conversation.unread')}
      title={t('conversation.unread')}
      className={clsx('inline-block size-2.5 shrink-0 rounded-full bg-primary', className)}
    />
  );
}
