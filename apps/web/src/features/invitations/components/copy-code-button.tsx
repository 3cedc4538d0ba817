import { Copy } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button, type ButtonProps } from '@/components/ui/button';

type CopyCodeButtonProps = { code: string; variant?: ButtonProps['variant'] };

export function CopyCodeButton({ code, variant = 'ghost' }: CopyCodeButtonProps) {
  const { t } = useTranslation();

  async function copy() {
    try {
      await navigator.clipboard.writeText(code);
      toast.success(t('invitations.copied', { code }));
    } catch {
      // The clipboard needs a secure context and permission; the code stays selectable on screen.
      toast.error(t('invitations.copyFailed'));
    }
  }

  return (
    <Button
      variant={variant}
      size="icon"
      onClick={() => void copy()}
      aria-label={t('invitations.copy', { code })}
      title={t('invitations.copy', { code })}
    >
      <Copy aria-hidden className="size-4" />
    </Button>
  );
}
