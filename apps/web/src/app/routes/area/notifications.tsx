import { useTranslation } from 'react-i18next';
import type { Role } from '@keymarket/contracts/users';
import { PageHeader } from '@/components/ui/page-header';
import { NotificationsScreen } from '@/features/notifications/components/notifications-screen';

/** Every area's notifications page: what the bell's panel shows, in full. */
export function NotificationsRoute({ role }: { role: Role }) {
  const { t } = useTranslation('area');
  return (
    <>
      <PageHeader title={t('notifications.title')} description={t('notifications.subtitle')} />
      <NotificationsScreen role={role} />
    </>
  );
}
