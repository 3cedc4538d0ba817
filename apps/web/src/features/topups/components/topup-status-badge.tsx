import { useTranslation } from 'react-i18next';
import type { TopupStatus } from '@keymarket/contracts/topups';
import { Badge, type BadgeTone } from '@/components/ui/badge';

const tones: Record<TopupStatus, BadgeTone> = {
  pending: 'warning',
  approved: 'success',
  rejected: 'danger',
  cancelled: 'neutral',
  expired: 'neutral',
};

export function TopupStatusBadge({ status }: { status: TopupStatus }) {
  const { t } = useTranslation('topups');
  return <Badge tone={tones[status]}>{t(`status.${status}`)}</Badge>;
}
