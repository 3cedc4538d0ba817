import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form';
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form';
import { useSignedInHome } from '@/lib/auth/signed-in-home';
import { useSystemSettings } from '@/entities/system-settings/api/get-system-settings';
import { AuthCard } from '../layouts/auth-card';
import { NotFoundRoute } from './not-found';

/** Without email on the server (the public settings say so) the flow does not exist. */
function usePasswordResetAvailable(): boolean | undefined {
  return useSystemSettings().data?.passwordReset;
}

export function ForgotPasswordRoute() {
  const { t } = useTranslation('public', { useSuspense: true });
  const home = useSignedInHome();
  const available = usePasswordResetAvailable();
  if (home) return <Navigate to={home} replace />;
  if (available === false) return <NotFoundRoute />;
  return (
    <AuthCard title={t('passwordReset.forgotTitle')} subtitle={t('passwordReset.forgotSubtitle')}>
      <ForgotPasswordForm />
    </AuthCard>
  );
}

/** The emailed link's page: `/reset-password?token=…`. */
export function ResetPasswordRoute() {
  const { t } = useTranslation('public', { useSuspense: true });
  const [searchParams] = useSearchParams();
  const available = usePasswordResetAvailable();
  if (available === false) return <NotFoundRoute />;
  return (
    <AuthCard title={t('passwordReset.resetTitle')} subtitle={t('passwordReset.resetSubtitle')}>
      <ResetPasswordForm token={searchParams.get('token') ?? ''} />
    </AuthCard>
  );
}
