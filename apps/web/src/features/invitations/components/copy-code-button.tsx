import { Copy, Link2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button, type ButtonProps } from '@/components/ui/button';

type CopyButtonProps = {
  text: string;
  /** The button's accessible name and tooltip. */
  label: string;
  /** The toast once copied. */
  copied: string;
  icon?: typeof Copy;
  variant?: ButtonProps['variant'];
};

/** Copies `text` to the clipboard, an icon button. */
function CopyButton({
  text,
  label,
  copied,
  icon: Icon = Copy,
  variant = 'ghost',
}: CopyButtonProps) {
  const { t } = useTranslation();

  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      toast.success(copied);
    } catch {
      // The clipboard needs a secure context and permission; the text stays selectable on screen.
      toast.error(t('invitations.copyFailed'));
    }
  }

  return (
    <Button
      variant={variant}
      size="icon"
      onClick={() => void copy()}
      aria-label={label}
      title={label}
    >
      <Icon aria-hidden className="size-4" />
    </Button>
  );
}

type CopyCodeButtonProps = { code: string; variant?: ButtonProps['variant'] };

export function CopyCodeButton({ code, variant }: CopyCodeButtonProps) {
  const { t } = useTranslation();
  return (
    <CopyButton
      text={code}
      label={t('invitations.copy', { code })}
      copied={t('invitations.copied', { code })}
      variant={variant}
    />
  );
}

/** The page that signs up with `code` already filled in (the signup page reads `?code=`). */
export function inviteLinkOf(code: string, origin = window.location.origin): string {
  return `${origin}/signup?code=${encodeURIComponent(code)}`;
}

export function CopyLinkButton({ code, variant }: CopyCodeButtonProps) {
  const { t } = useTranslation();
  return (
    <CopyButton
      text={inviteLinkOf(code)}
      label={t('invitations.copyLink', { code })}
      copied={t('invitations.linkCopied', { code })}
      icon={Link2}
      variant={variant}
    />
  );
}
