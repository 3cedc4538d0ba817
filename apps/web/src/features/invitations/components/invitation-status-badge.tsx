import { useTranslation } from 'react-i18next';
import type { InvitationStatus } from '@keymarket/contracts/invitations';
import { Badge, type BadgeTone } from '@/components/ui/badge';

const toneOf: Record<InvitationStatus, BadgeTone> = {
  unused: 'success',
  used: 'neutral',
  expired: 'danger',
  pending: 'warning',
};

export function InvitationStatusBadge({ status }: { status: InvitationStatus }) {
  const { t } = useTranslation();
  return <Badge tone={toneOf[status]}>{t(`invitations.status.${status}`)}</Badge>;
}
