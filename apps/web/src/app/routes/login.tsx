import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { LoginForm } from '@/features/auth/components/login-form';
import { useSignedInHome } from '@/lib/auth/signed-in-home';
import { AuthCard } from '../layouts/auth-card';

export function LoginRoute() {
  const { t } = useTranslation();
  const home = useSignedInHome();
  // Already signed in (the server says so): back to the user's own area.
  if (home) return <Navigate to={home} replace />;
  return (
    <AuthCard title={t('auth.login.title')} subtitle={t('auth.login.subtitle')}>
      <LoginForm />
    </AuthCard>
  );
}
