import { useTranslation } from 'react-i18next';
import { LoginForm } from '@/features/auth/components/login-form';
import { AuthCard } from '../layouts/auth-card';

export function LoginRoute() {
  const { t } = useTranslation();
  return (
    <AuthCard title={t('auth.login.title')} subtitle={t('auth.login.subtitle')}>
      <LoginForm />
    </AuthCard>
  );
}
