import { QrCode } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button, type ButtonProps } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { CopyLinkButton, inviteLinkOf } from './copy-code-button';

type InviteQrButtonProps = { code: string; variant?: ButtonProps['variant'] };

/** Shows a code's invite link as a QR code, for a phone to scan from the screen. */
export function InviteQrButton({ code, variant = 'ghost' }: InviteQrButtonProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const label = t('invitations.qr.show', { code });
  return (
    <>
      <Button
        variant={variant}
        size="icon"
        onClick={() => setOpen(true)}
        aria-label={label}
        title={label}
      >
        <QrCode aria-hidden className="size-4" />
      </Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title={t('invitations.qr.title', { code })}
        description={t('invitations.qr.description')}
      >
        {open && <InviteQr code={code} />}
      </Dialog>
    </>
  );
}

function InviteQr({ code }: { code: string }) {
  const { t } = useTranslation();
  const link = inviteLinkOf(code);
  const image = useQrImage(link);
  return (
    <div className="mt-5 flex flex-col items-center gap-4">
      {/* Dark on white in both themes: scanners read a light code on dark badly. */}
      <div className="grid size-60 place-items-center rounded-lg bg-white p-3">
        {image.state === 'ready' && (
          <img
            src={image.src}
            alt={t('invitations.qr.alt', { code })}
            width={216}
            height={216}
            className="size-full"
          />
        )}
        {image.state === 'loading' && <Spinner className="size-6 text-neutral-500" />}
      </div>
      {image.state === 'failed' && <Alert>{t('invitations.qr.failed')}</Alert>}
      <div className="flex w-full items-center gap-2 rounded-lg bg-surface-2 px-3 py-2">
        <code dir="ltr" className="min-w-0 flex-1 font-mono text-sm break-all text-fg">
          {link}
        </code>
        <CopyLinkButton code={code} />
      </div>
    </div>
  );
}

type QrImage = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; src: string };

/**
 * `text` as a QR code (an SVG image). The `qrcode` library is loaded when a code is first shown,
 * in a chunk of its own: the codes screen and the sign-in page do not carry it.
 */
function useQrImage(text: string): QrImage {
  const [image, setImage] = useState<QrImage>({ state: 'loading' });
  useEffect(() => {
    let live = true;
    import('qrcode')
      .then((qrcode) =>
        qrcode.toString(text, { type: 'svg', margin: 0, errorCorrectionLevel: 'M' }),
      )
      .then((svg) => {
        if (live)
          setImage({ state: 'ready', src: `data:image/svg+xml;utf8,${encodeURIComponent(svg)}` });
      })
      .catch(() => {
        if (live) setImage({ state: 'failed' });
      });
    return () => {
      live = false;
    };
  }, [text]);
  return image;
}
