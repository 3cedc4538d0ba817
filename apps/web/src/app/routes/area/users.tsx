import { useTranslation } from 'react-i18next';
import type { Role } from '@keymarket/contracts/users';
import { PageHeader } from '@/components/ui/page-header';
import { UsersScreen } from '@/features/users/components/users-screen';

/** The admin's Users screen; a manager's or reseller's own downline ("My users"). */
export function UsersRoute({ role }: { role: Role }) {
  const { t } = useTranslation('users', { useSuspense: true });
  const isAdmin = role === 'admin';
  return (
    <>
      <PageHeader
        title={t(isAdmin ? 'page.adminTitle' : 'page.downlineTitle')}
        description={t(isAdmin ? 'page.adminSubtitle' : 'page.downlineSubtitle')}
      />
      <UsersScreen scope={isAdmin ? 'all' : 'downline'} />
    </>
  );
}
