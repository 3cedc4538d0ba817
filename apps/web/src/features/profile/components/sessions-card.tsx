import { useTranslation } from 'react-i18next';
import { Card } from '@/components/ui/card';
import { SessionsList } from '@/entities/sessions/components/sessions-list';

/** The Profile's Sessions section: the caller's signed-in devices, each one can be signed out. */
export function SessionsCard() {
  const { t } = useTranslation();
  return (
    <Card title={t('sessions.title')} description={t('sessions.description')}>
      <SessionsList owner={{ me: true }} />
    </Card>
  );
}
