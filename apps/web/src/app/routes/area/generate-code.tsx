import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/ui/page-header';
import { GenerateInvitationForm } from '@/features/invitations/components/generate-invitation-form';
import { InvitationsTable } from '@/features/invitations/components/invitations-table';
import { useCurrentRole } from '@/lib/auth/current-role';

export function GenerateCodeRoute() {
  const { t } = useTranslation();
  const { data: role } = useCurrentRole();

  return (
    <>
      <PageHeader title={t('invitations.title')} description={t('invitations.subtitle')} />
      {/* Stacked: the codes table needs the full width for its dates. */}
      <div className="flex flex-col gap-6">
        <GenerateInvitationForm canGrantManager={role === 'admin'} />
        <InvitationsTable />
      </div>
    </>
  );
}
