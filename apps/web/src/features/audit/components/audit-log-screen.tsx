import { Eye } from 'lucide-react';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  auditTargetTypes,
  type AuditEntry,
  type AuditTargetType,
} from '@keymarket/contracts/balance';
import { auditActions, type AuditAction } from '@keymarket/contracts/audit-actions';
import { sortText } from '@keymarket/contracts/pagination';
import { TableToolbar, ToolbarSearch } from '@/components/table-toolbar';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { validRange } from '@/components/ui/date-range';
import { FilterSelect } from '@/components/ui/filter-select';
import { PagedList } from '@/components/ui/paged-list';
import { SortableHeader } from '@/components/ui/sortable-header';
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
import { firstSpoken } from '@/lib/language-choice';
import { useSearchFilter, useTableParams } from '@/lib/use-table-params';
import { auditFilters, useAuditLog, type AuditLogQuery } from '../api/get-audit-log';
import { AuditEntryDialog } from './audit-entry-dialog';
import { useAuditLabels } from './audit-labels';
import { AuditTarget } from './audit-target';

/** Every admin action and money movement: filter, sort by date, read before and after, export. */
export function AuditLogScreen() {
  const { t, i18n } = useTranslation('money');
  const params = useTableParams({
    filters: ['actor', 'action', 'targetType', 'targetId', 'from', 'to'],
    sortable: ['createdAt'],
  });
  const { actor, action, targetType, targetId, from, to } = params.filters;
  const { setFilters } = params;
  const [actorText, setActorText] = useSearchFilter(
    actor,
    useCallback((term) => setFilters({ actor: term }), [setFilters]),
  );
  const [targetIdText, setTargetIdText] = useSearchFilter(
    targetId,
    useCallback((term) => setFilters({ targetId: term }), [setFilters]),
  );
  const [reading, setReading] = useState<AuditEntry | null>(null);

  const query: AuditLogQuery = {
    page: params.page,
    limit: params.pageSize,
    actor: actor || undefined,
    action: action || undefined,
    targetType: targetType || undefined,
    targetId: targetId || undefined,
    ...validRange(from, to),
    sort: params.sort && sortText(params.sort),
  };
  const auditQuery = useAuditLog(query);
  const filtered = Object.values(auditFilters(query)).some(Boolean);
  const knownTarget = (auditTargetTypes as readonly string[]).includes(targetType);
  const knownAction = (auditActions as readonly string[]).includes(action);
  const { actionLabel } = useAuditLabels();
  // The actions by their names, in the reader's alphabet's order.
  const actionChoices = [...auditActions].sort((a, b) =>
    actionLabel(a).localeCompare(actionLabel(b), i18n.language),
  );

  return (
    <Card>
      <div className="mb-4 flex flex-col gap-3">
        <TableToolbar
          search={{
            value: actorText,
            onChange: setActorText,
            placeholder: t('audit.actorPlaceholder'),
            label: t('audit.actor'),
          }}
        >
          <FilterSelect
            label={t('audit.action')}
            allLabel={t('audit.allActions')}
            value={knownAction ? (action as AuditAction) : ''}
            options={actionChoices}
            optionLabel={actionLabel}
            onChange={(choice) => setFilters({ action: choice })}
            className="min-w-44"
          />
          <FilterSelect
            label={t('audit.targetType')}
            allLabel={t('audit.allTargets')}
            value={knownTarget ? (targetType as AuditTargetType) : ''}
            options={auditTargetTypes}
            optionLabel={(type) => t(`audit.targetTypes.${type}`)}
            onChange={(type) => setFilters({ targetType: type })}
          />
          <ToolbarSearch
            value={targetIdText}
            onChange={setTargetIdText}
            placeholder={t('audit.targetIdPlaceholder')}
            label={t('audit.targetId')}
          />
        </TableToolbar>
        <TableToolbar
          range={{
            from: query.from ?? '',
            to: query.to ?? '',
            onChange: (range) => setFilters(range),
          }}
          sort={{
            columns: [{ column: 'createdAt', label: t('audit.date') }],
            sort: params.sort,
            onSort: params.setSort,
          }}
          csv={{
            path: '/audit',
            // The export names the actions in the language the screen is read in.
            query: { ...auditFilters(query), lang: firstSpoken([i18n.language]) },
            label: t('audit.download'),
          }}
        />
      </div>

      <PagedList
        query={auditQuery}
        page={params.page}
        onPageChange={params.setPage}
        pageSize={params.pageSize}
        onPageSizeChange={params.setPageSize}
        empty={filtered ? t('audit.emptyFiltered') : t('audit.empty')}
        failure={t('audit.failed')}
      >
        {(rows) => (
          <Table
            aria-label={t('audit.title')}
            aria-busy={auditQuery.isPlaceholderData || undefined}
          >
            <TableHead>
              <tr>
                <SortableHeader
                  column="createdAt"
                  sort={params.sort}
                  onSort={params.setSort}
                  firstDirection="desc"
                >
                  {t('audit.date')}
                </SortableHeader>
                <TableHeader>{t('audit.action')}</TableHeader>
                <TableHeader>{t('audit.actor')}</TableHeader>
                <TableHeader className="sm:max-lg:hidden">{t('audit.target')}</TableHeader>
                <TableHeader>
                  <span className="sr-only">{t('audit.changes')}</span>
                </TableHeader>
              </tr>
            </TableHead>
            <TableBody>
              {rows.map((entry) => (
                <TableRow key={entry.id}>
                  <TableCell kind="title" className="text-muted max-sm:text-sm">
                    {formatDateTime(entry.createdAt, i18n.language)}
                  </TableCell>
                  <TableCell label={t('audit.action')}>
                    <button
                      type="button"
                      onClick={() => setFilters({ action: entry.action })}
                      title={t('audit.filterBy', { value: actionLabel(entry.action) })}
                      className="text-start text-fg hover:text-primary"
                    >
                      {actionLabel(entry.action)}
                    </button>
                  </TableCell>
                  <TableCell label={t('audit.actor')}>
                    {entry.actor ? (
                      <button
                        type="button"
                        onClick={() => setFilters({ actor: entry.actor?.username ?? '' })}
                        title={t('audit.filterBy', { value: entry.actor.username })}
                        className="hover:text-primary"
                      >
                        <UserName username={entry.actor.username} />
                      </button>
                    ) : (
                      <span className="text-muted">{t('audit.system')}</span>
                    )}
                  </TableCell>
                  <TableCell label={t('audit.target')} className="text-muted sm:max-lg:hidden">
                    <AuditTarget entry={entry} />
                  </TableCell>
                  <TableCell kind="actions">
                    <span className="flex justify-end">
                      <Button
                        size="sm"
                        variant="secondary"
                        onClick={() => setReading(entry)}
                        aria-label={t('audit.viewChangesOf', { action: actionLabel(entry.action) })}
                      >
                        <Eye aria-hidden className="size-4" />
                        {t('audit.viewChanges')}
                      </Button>
                    </span>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </PagedList>

      <AuditEntryDialog entry={reading} onClose={() => setReading(null)} />
    </Card>
  );
}
