import { clsx } from 'clsx';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/ui/page-header';
import { GenerateInvitationForm } from '@/features/invitations/components/generate-invitation-form';
import { InvitationsTable } from '@/features/invitations/components/invitations-table';
import { PlatformInvitations } from '@/features/invitations/components/platform-invitations';
import { useCurrentRole } from '@/lib/auth/current-role';

const views = ['mine', 'all'] as const;
type View = (typeof views)[number];

export function GenerateCodeRoute() {
  const { t } = useTranslation();
  const { data: role } = useCurrentRole();
  const [params, setParams] = useSearchParams();
  // Administrators also see every code of the platform, on a tab of its own (`?view=all`).
  const view: View = role === 'admin' && params.get('view') === 'all' ? 'all' : 'mine';

  return (
    <>
      <PageHeader title={t('invitations.title')} description={t('invitations.subtitle')} />
      {role === 'admin' && (
        <div role="tablist" className="mb-6 flex gap-1 border-b border-border">
          {views.map((id) => (
            <button
              key={id}
              type="button"
              role="tab"
              aria-selected={view === id}
              // A tab is a history entry of its own: Back returns to the one before.
              onClick={() => setParams(id === 'all' ? { view: 'all' } : {})}
              className={clsx(
                '-mb-px border-b-2 px-3 py-2 text-sm font-medium transition',
                view === id
                  ? 'border-primary text-fg'
                  : 'border-transparent text-muted hover:text-fg',
              )}
            >
              {t(`invitations.views.${id}`)}
            </button>
          ))}
        </div>
      )}
      {view === 'all' ? (
        <div role="tabpanel">
          <PlatformInvitations />
        </div>
      ) : (
        // Stacked: the codes table needs the full width for its dates.
        <div className="flex flex-col gap-6" role={role === 'admin' ? 'tabpanel' : undefined}>
          <GenerateInvitationForm canGrantManager={role === 'admin'} />
          <InvitationsTable />
        </div>
      )}
    </>
  );
}
