import { useTranslation } from 'react-i18next';
import type { UserStatus } from '@keymarket/contracts/users';
import { Badge, type BadgeTone } from '@/components/ui/badge';

const toneOf: Record<UserStatus, BadgeTone> = {
  active: 'success',
  inactive: 'warning',
  banned: 'danger',
};

export function UserStatusBadge({ status }: { status: UserStatus }) {
  const { t } = useTranslation('users');
  return <Badge tone={toneOf[status]}>{t(`status.${status}`)}</Badge>;
}
