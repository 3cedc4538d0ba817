import { PackageOpen, Pencil, Plus, Tags, Trash2, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { PagedList } from '@/components/ui/paged-list';
import {
  CellText,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { formatDate } from '@/lib/format-date';
import type { PackageKind } from '@/entities/packages/api/assign-package';
import { usePackages, type PackageView } from '../api/packages';
import { AssignPackageDialog } from './assign-package-dialog';
import { DeletePackageDialog } from './delete-package-dialog';
import { PackageFormDialog } from './package-form-dialog';
import { PackagePricesDialog } from './package-prices-dialog';

type Dialogs =
  | { kind: 'create' }
  | { kind: 'edit'; pkg: PackageView }
  | { kind: 'prices'; pkg: PackageView }
  | { kind: 'assign'; pkg: PackageView }
  | { kind: 'delete'; pkg: PackageView }
  | null;

/**
 * Packages: an admin's (manager and reseller prices for the users the platform prices) or a
 * manager's own (reseller prices for the users it invited). List, create, edit, price, assign,
 * delete.
 */
export function PackagesScreen({ kind }: { kind: PackageKind }) {
  const { t, i18n } = useTranslation('pricing');
  const [page, setPage] = useState(1);
  const packagesQuery = usePackages(kind, page);
  const [dialog, setDialog] = useState<Dialogs>(null);
  const close = () => setDialog(null);
  const pkgOf = (name: 'prices' | 'assign' | 'delete') =>
    dialog?.kind === name ? dialog.pkg : null;

  return (
    <Card>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-base font-semibold text-fg">{t('packages.list.title')}</h2>
        <Button onClick={() => setDialog({ kind: 'create' })}>
          <Plus aria-hidden className="size-4" />
          {t('packages.list.create')}
        </Button>
      </div>

      <PagedList
        query={packagesQuery}
        page={page}
        onPageChange={setPage}
        empty={
          <div className="flex flex-col items-center gap-2 py-10 text-center text-muted">
            <PackageOpen aria-hidden className="size-8" />
            <p>{t(`packages.list.empty.${kind}`)}</p>
          </div>
        }
      >
        {(rows) => (
          <Table aria-busy={packagesQuery.isPlaceholderData || undefined}>
            <TableHead>
              <tr>
                <TableHeader>{t('packages.list.name')}</TableHeader>
                <TableHeader>{t('packages.list.products')}</TableHeader>
                <TableHeader>{t('packages.list.holders')}</TableHeader>
                <TableHeader>{t('packages.list.createdAt')}</TableHeader>
                {/* Positioned, so its hidden title stays inside the scrolling table on phones. */}
                <TableHeader className="relative">
                  <span className="sr-only">{t('table.actions')}</span>
                </TableHeader>
              </tr>
            </TableHead>
            <TableBody>
              {rows.map((pkg) => (
                <TableRow key={pkg.id}>
                  <TableCell kind="title" className="sm:max-w-72">
                    <CellText className="font-medium text-fg" title={pkg.name}>
                      {pkg.name}
                    </CellText>
                    {pkg.description && (
                      <span className="block truncate text-xs text-muted" title={pkg.description}>
                        {pkg.description}
                      </span>
                    )}
                  </TableCell>
                  <TableCell label={t('packages.list.products')} className="tabular-nums">
                    {pkg.products.length}
                  </TableCell>
                  <TableCell label={t('packages.list.holders')} className="tabular-nums">
                    {pkg.assignedUsers}
                  </TableCell>
                  <TableCell label={t('packages.list.createdAt')} className="text-muted">
                    {formatDate(pkg.createdAt, i18n.language)}
                  </TableCell>
                  <TableCell kind="actions">
                    <span className="flex justify-end gap-1">
                      <IconAction
                        label={t('packages.list.prices', { name: pkg.name })}
                        onClick={() => setDialog({ kind: 'prices', pkg })}
                        icon={Tags}
                      />
                      <IconAction
                        label={t('packages.list.edit', { name: pkg.name })}
                        onClick={() => setDialog({ kind: 'edit', pkg })}
                        icon={Pencil}
                      />
                      <IconAction
                        label={t('packages.list.assign', { name: pkg.name })}
                        onClick={() => setDialog({ kind: 'assign', pkg })}
                        icon={UserPlus}
                      />
                      <IconAction
                        label={t('packages.list.delete', { name: pkg.name })}
                        onClick={() => setDialog({ kind: 'delete', pkg })}
                        icon={Trash2}
                        danger
                      />
                    </span>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </PagedList>

      <PackageFormDialog
        kind={kind}
        editing={
          dialog?.kind === 'create' ? null : dialog?.kind === 'edit' ? dialog.pkg : undefined
        }
        onClose={close}
      />
      <PackagePricesDialog
        kind={kind}
        pkg={livePackage(pkgOf('prices'), packagesQuery.data?.data)}
        onClose={close}
      />
      <AssignPackageDialog kind={kind} pkg={pkgOf('assign')} onClose={close} />
      <DeletePackageDialog kind={kind} pkg={pkgOf('delete')} onClose={close} />
    </Card>
  );
}

/** The open package as last loaded, so the prices dialog shows what a save just changed. */
function livePackage(pkg: PackageView | null, loaded: PackageView[] | undefined) {
  return pkg ? (loaded?.find((candidate) => candidate.id === pkg.id) ?? pkg) : null;
}

function IconAction({
  label,
  onClick,
  icon: Icon,
  danger = false,
}: {
  label: string;
  onClick: () => void;
  icon: typeof Pencil;
  danger?: boolean;
}) {
  return (
    <Button variant="ghost" size="icon" onClick={onClick} aria-label={label} title={label}>
      <Icon aria-hidden className={danger ? 'size-4 text-danger' : 'size-4'} />
    </Button>
  );
}
