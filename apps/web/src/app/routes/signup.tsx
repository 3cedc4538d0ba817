import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import type { User } from '@keymarket/contracts/users';
import { PendingApproval } from '@/features/auth/components/pending-approval';
import { SignupForm } from '@/features/auth/components/signup-form';
import {
  RegistrationClosed,
  useRegistrationOpen,
} from '@/features/shell-settings/components/registration-closed';
import { useSignedInHome } from '@/lib/auth/signed-in-home';
import { AuthCard } from '../layouts/auth-card';

export function SignupRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [awaitingApproval, setAwaitingApproval] = useState<User | null>(null);
  const registrationOpen = useRegistrationOpen();
  const home = useSignedInHome();

  function onRegistered({ user, pendingApproval }: { user: User; pendingApproval: boolean }) {
    if (pendingApproval) {
      setAwaitingApproval(user);
      return;
    }
    toast.success(t('auth.signup.welcome', { name: user.firstName }));
    void navigate('/', { replace: true });
  }

  // Signed in already (not the account just made, which waits for approval): back to its area.
  if (home && !awaitingApproval) return <Navigate to={home} replace />;

  return (
    <AuthCard title={t('auth.signup.title')} subtitle={t('auth.signup.subtitle')}>
      {awaitingApproval ? (
        <PendingApproval firstName={awaitingApproval.firstName} />
      ) : !registrationOpen ? (
        <RegistrationClosed />
      ) : (
        <SignupForm inviteCode={searchParams.get('code') ?? ''} onRegistered={onRegistered} />
      )}
    </AuthCard>
  );
}
