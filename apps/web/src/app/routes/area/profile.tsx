import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { Spinner } from '@/components/ui/spinner';
import { BalanceCard } from '@/features/profile/components/balance-card';
import { ChangePasswordForm } from '@/features/profile/components/change-password-form';
import { PersonalInfoCard } from '@/features/profile/components/personal-info-card';
import { SessionsCard } from '@/features/profile/components/sessions-card';
import { EmailPreferences } from '@/features/notifications/components/email-preferences';
import { useCurrentUser } from '@/lib/auth/current-user';
import { describeApiError } from '@/lib/translate-error';

export function ProfileRoute() {
  const { t } = useTranslation();
  const userQuery = useCurrentUser();

  return (
    <>
      <PageHeader title={t('profile.title')} description={t('profile.subtitle')} />
      {userQuery.isPending && (
        <div className="grid place-items-center py-24">
          <Spinner className="size-8" />
        </div>
      )}
      {userQuery.isError && (
        <Alert
          action={
            <Button variant="secondary" size="sm" onClick={() => void userQuery.refetch()}>
              {t('common.retry')}
            </Button>
          }
        >
          {describeApiError(userQuery.error, t)}
        </Alert>
      )}
      {userQuery.isSuccess && (
        // grid-cols-1 (minmax(0, 1fr)) on phones: an implicit column grows to the longest
        // unbroken name, and pushed the cards past the window's edge.
        <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-2">
          <div className="flex flex-col gap-6">
            <PersonalInfoCard user={userQuery.data} />
            <BalanceCard balance={userQuery.data.balance} />
          </div>
          <div className="flex flex-col gap-6">
            <ChangePasswordForm />
            <EmailPreferences role={userQuery.data.role} />
          </div>
          {/* Full width: a device's line (browser, system, address, country) reads on one row. */}
          <div className="lg:col-span-2">
            <SessionsCard />
          </div>
        </div>
      )}
    </>
  );
}
