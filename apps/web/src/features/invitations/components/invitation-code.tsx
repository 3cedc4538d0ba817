import type { Invitation } from '@keymarket/contracts/invitations';
import { CopyCodeButton, CopyLinkButton } from './copy-code-button';
import { InviteQrButton } from './invite-qr-button';

/** A code in a table: copy it, and while it can still be used copy its link or show its QR. */
export function InvitationCode({
  invitation,
}: {
  invitation: Pick<Invitation, 'code' | 'status'>;
}) {
  return (
    <span className="flex items-center gap-1">
      <code dir="ltr" className="font-mono font-semibold tracking-widest text-fg">
        {invitation.code}
      </code>
      <CopyCodeButton code={invitation.code} />
      {/* A link is worth sharing while the code can still be used. */}
      {invitation.status === 'unused' && (
        <>
          <CopyLinkButton code={invitation.code} />
          <InviteQrButton code={invitation.code} />
        </>
      )}
    </span>
  );
}
