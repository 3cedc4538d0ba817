import { useTranslation } from 'react-i18next';
import { SessionsList } from '@/entities/sessions/components/sessions-list';

/** A user's signed-in devices, on its profile's Sessions tab (administrators; audited ends). */
export function UserSessions({ userId, username }: { userId: string; username: string }) {
  const { t } = useTranslation();
  return (
    <div role="tabpanel" className="flex flex-col gap-3">
      <p className="text-sm text-muted">{t('sessions.adminDescription')}</p>
      <SessionsList owner={{ userId }} username={username} />
    </div>
  );
}
