import { useTranslation } from 'react-i18next';
import type { Invitation } from '@keymarket/contracts/invitations';
import { formatDateTime } from '@/lib/format-date';
import { CopyCodeButton, CopyLinkButton } from './copy-code-button';
import { InviteQrButton } from './invite-qr-button';

/** The code just generated, large enough to read aloud or screenshot. */
export function LatestInvitation({ invitation }: { invitation: Invitation }) {
  const { t, i18n } = useTranslation();
  return (
    <div
      role="status"
      className="mt-5 flex flex-wrap items-center gap-x-8 gap-y-3 rounded-lg border border-dashed border-accent/50 bg-accent/5 p-4"
    >
      <div>
        <p className="text-xs font-medium tracking-wide text-muted uppercase">
          {t('invitations.latest.title')}
        </p>
        <div className="mt-1 flex items-center gap-3">
          <code
            dir="ltr"
            className="font-mono text-2xl font-semibold tracking-[0.25em] text-accent"
          >
            {invitation.code}
          </code>
          <span className="flex items-center gap-1">
            <CopyCodeButton code={invitation.code} variant="secondary" />
            <CopyLinkButton code={invitation.code} variant="secondary" />
            <InviteQrButton code={invitation.code} variant="secondary" />
          </span>
        </div>
      </div>
      <p className="max-w-sm text-sm text-muted">
        {t('invitations.latest.hint', {
          date: formatDateTime(invitation.expiresAt, i18n.language),
        })}
      </p>
    </div>
  );
}
