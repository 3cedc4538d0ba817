import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { grantableRoleSchema, invitationStatuses } from '@keymarket/contracts/invitations';
import { TableToolbar } from '@/components/table-toolbar';
import { Card } from '@/components/ui/card';
import { FilterSelect } from '@/components/ui/filter-select';
import { PagedList } from '@/components/ui/paged-list';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { UserName } from '@/components/ui/user-name';
import { formatDateTime } from '@/lib/format-date';
import { useSearchFilter, useTableParams } from '@/lib/use-table-params';
import {
  allInvitationsFilters,
  useAllInvitations,
  type AllInvitationsQuery,
} from '../api/get-all-invitations';
import { InvitationCode } from './invitation-code';
import { InvitationStatusBadge } from './invitation-status-badge';

const roles = grantableRoleSchema.options;

/** Every code of the platform (administrators): who made it, for what, and whom it brought in. */
export function PlatformInvitations() {
  const { t, i18n } = useTranslation();
  const params = useTableParams({ filters: ['status', 'role', 'search'], sortable: [] });
  const { status, role, search } = params.filters;
  const { setFilters } = params;
  const [searchText, setSearchText] = useSearchFilter(
    search,
    useCallback((term) => setFilters({ search: term }), [setFilters]),
  );
  const knownStatus = (invitationStatuses as readonly string[]).includes(status);
  const knownRole = (roles as readonly string[]).includes(role);
  const query: AllInvitationsQuery = {
    page: params.page,
    limit: params.pageSize,
    status: knownStatus ? (status as AllInvitationsQuery['status']) : undefined,
    role: knownRole ? (role as AllInvitationsQuery['role']) : undefined,
    search: search || undefined,
  };
  const invitationsQuery = useAllInvitations(query);
  const filtered = Object.values(allInvitationsFilters(query)).some(Boolean);
  const date = (iso: string) => formatDateTime(iso, i18n.language);

  return (
    <Card title={t('invitations.all.title')} description={t('invitations.all.description')}>
      <TableToolbar
        className="mb-4"
        search={{
          value: searchText,
          onChange: setSearchText,
          placeholder: t('invitations.all.searchPlaceholder'),
          label: t('invitations.all.search'),
        }}
        csv={{
          path: '/invitations/all',
          query: allInvitationsFilters(query),
          label: t('invitations.all.download'),
        }}
      >
        <FilterSelect
          label={t('invitations.list.status')}
          allLabel={t('invitations.all.allStatuses')}
          value={knownStatus ? (status as (typeof invitationStatuses)[number]) : ''}
          options={invitationStatuses}
          optionLabel={(value) => t(`invitations.status.${value}`)}
          onChange={(value) => setFilters({ status: value })}
        />
        <FilterSelect
          label={t('invitations.list.role')}
          allLabel={t('invitations.all.allRoles')}
          value={knownRole ? (role as (typeof roles)[number]) : ''}
          options={roles}
          optionLabel={(value) => t(`roles.${value}`)}
          onChange={(value) => setFilters({ role: value })}
        />
      </TableToolbar>
      <PagedList
        query={invitationsQuery}
        page={params.page}
        onPageChange={params.setPage}
        pageSize={params.pageSize}
        onPageSizeChange={params.setPageSize}
        empty={filtered ? t('invitations.all.emptyFiltered') : t('invitations.all.empty')}
        failure={t('messages.failedToLoadInvitationCodes')}
      >
        {(invitations) => (
          <Table
            aria-label={t('invitations.all.title')}
            aria-busy={invitationsQuery.isPlaceholderData || undefined}
          >
            <TableHead>
              <tr>
                <TableHeader>{t('invitations.list.code')}</TableHeader>
                <TableHeader>{t('invitations.all.createdBy')}</TableHeader>
                <TableHeader>{t('invitations.list.role')}</TableHeader>
                <TableHeader>{t('invitations.list.status')}</TableHeader>
                {/* Seven columns: between phone and wide screens, the creation date gives way. */}
                <TableHeader className="sm:max-2xl:hidden">
                  {t('invitations.list.created')}
                </TableHeader>
                <TableHeader>{t('invitations.list.expires')}</TableHeader>
                <TableHeader>{t('invitations.all.account')}</TableHeader>
              </tr>
            </TableHead>
            <TableBody>
              {invitations.map((invitation) => (
                <TableRow key={invitation.id}>
                  <TableCell kind="title">
                    <InvitationCode invitation={invitation} />
                  </TableCell>
                  <TableCell label={t('invitations.all.createdBy')}>
                    <button
                      type="button"
                      onClick={() => setFilters({ search: invitation.createdBy.username })}
                      title={t('invitations.all.filterBy', {
                        value: invitation.createdBy.username,
                      })}
                      className="hover:text-primary"
                    >
                      <UserName username={invitation.createdBy.username} />
                    </button>
                  </TableCell>
                  <TableCell label={t('invitations.list.role')}>
                    {t(`roles.${invitation.role}`)}
                  </TableCell>
                  <TableCell label={t('invitations.list.status')}>
                    <InvitationStatusBadge status={invitation.status} />
                  </TableCell>
                  <TableCell
                    label={t('invitations.list.created')}
                    className="text-muted sm:max-2xl:hidden"
                  >
                    {date(invitation.createdAt)}
                  </TableCell>
                  <TableCell label={t('invitations.list.expires')} className="text-muted">
                    {date(invitation.expiresAt)}
                  </TableCell>
                  <TableCell label={t('invitations.all.account')}>
                    {invitation.usedBy ? (
                      <UserName username={invitation.usedBy.username} />
                    ) : (
                      <span className="text-muted">{t('invitations.list.notUsed')}</span>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </PagedList>
    </Card>
  );
}
