import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { API_BASE_URL } from '@/lib/api-client';

/** The proof's address in the API (the answer names it from the API's root, `/api/…`). */
const proofHref = (proofUrl: string) => `${API_BASE_URL}${proofUrl.replace(/^\/api/, '')}`;

/**
 * A request's proof of payment, shown in place: a picture in a dialog, a PDF embedded in it with a
 * link to open it whole. Served only to the requester and its funder (the session's cookie).
 */
export function ProofView({ proofUrl, title }: { proofUrl: string | null; title: string }) {
  const { t } = useTranslation('topups');
  const [open, setOpen] = useState(false);
  const [isPdf, setIsPdf] = useState(false);
  if (!proofUrl) return <span className="text-muted">{t('requests.noProof')}</span>;
  const href = proofHref(proofUrl);
  return (
    <>
      <Button size="sm" variant="ghost" onClick={() => setOpen(true)}>
        {t('requests.showProof')}
      </Button>
      <Dialog open={open} onOpenChange={setOpen} title={t('requests.proof')} description={title}>
        {isPdf ? (
          <div className="flex flex-col gap-2">
            <iframe src={href} title={t('requests.proof')} className="h-[60vh] w-full rounded" />
            <a
              href={href}
              target="_blank"
              rel="noreferrer"
              className="text-sm text-primary underline"
            >
              {t('requests.openPdf')}
            </a>
          </div>
        ) : (
          <img
            src={href}
            alt={t('requests.proof')}
            className="max-h-[60vh] w-full rounded object-contain"
            // Not a picture: the proof is a PDF.
            onError={() => setIsPdf(true)}
          />
        )}
      </Dialog>
    </>
  );
}
