import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LIMIT } from '@keymarket/contracts/pagination';
import { Card } from '@/components/ui/card';
import { PagedList } from '@/components/ui/paged-list';
import { UserName } from '@/components/ui/user-name';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { formatDateTime } from '@/lib/format-date';
import { useInvitations } from '../api/get-invitations';
import { InvitationCode } from './invitation-code';
import { InvitationStatusBadge } from './invitation-status-badge';

export function InvitationsTable() {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const invitationsQuery = useInvitations({ page, limit: DEFAULT_LIMIT });
  const date = (iso: string) => formatDateTime(iso, i18n.language);

  return (
    <Card title={t('invitations.list.title')}>
      <PagedList
        query={invitationsQuery}
        page={page}
        onPageChange={setPage}
        empty={t('invitations.list.empty')}
        failure={t('messages.failedToLoadInvitationCodes')}
      >
        {(invitations) => (
          <Table aria-busy={invitationsQuery.isPlaceholderData || undefined}>
            <TableHead>
              <tr>
                <TableHeader>{t('invitations.list.code')}</TableHeader>
                <TableHeader>{t('invitations.list.role')}</TableHeader>
                <TableHeader>{t('invitations.list.status')}</TableHeader>
                <TableHeader>{t('invitations.list.created')}</TableHeader>
                <TableHeader>{t('invitations.list.expires')}</TableHeader>
                <TableHeader>{t('invitations.list.usedBy')}</TableHeader>
              </tr>
            </TableHead>
            <TableBody>
              {invitations.map((invitation) => (
                <TableRow key={invitation.id}>
                  <TableCell kind="title">
                    <InvitationCode invitation={invitation} />
                  </TableCell>
                  <TableCell label={t('invitations.list.role')}>
                    {t(`roles.${invitation.role}`)}
                  </TableCell>
                  <TableCell label={t('invitations.list.status')}>
                    <InvitationStatusBadge status={invitation.status} />
                  </TableCell>
                  <TableCell label={t('invitations.list.created')} className="text-muted">
                    {date(invitation.createdAt)}
                  </TableCell>
                  <TableCell label={t('invitations.list.expires')} className="text-muted">
                    {date(invitation.expiresAt)}
                  </TableCell>
                  <TableCell label={t('invitations.list.usedBy')}>
                    {invitation.usedBy ? (
                      <UserName username={invitation.usedBy.username} at={false} />
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
