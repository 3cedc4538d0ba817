import { Pencil } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { ApiKey } from '@keymarket/contracts/integration';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { LoadError } from '@/components/ui/load-error';
import { Spinner } from '@/components/ui/spinner';
import {
  CellText,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { formatDateTime } from '@/lib/format-date';
import { useApiKeys } from '../api/get-api-keys';
import { useRevokeApiKey } from '../api/revoke-api-key';
import { EditApiKeyDialog } from './edit-api-key-dialog';

/** The caller's keys, newest first: what can tell them apart, never the keys themselves. */
export function ApiKeysTable() {
  const { t, i18n } = useTranslation('integration');
  const keysQuery = useApiKeys();
  const revokeMutation = useRevokeApiKey();
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const [editing, setEditing] = useState<ApiKey | null>(null);
  const date = (iso: string | null) => (iso ? formatDateTime(iso, i18n.language) : t('never'));

  if (keysQuery.isPending) return <Spinner />;
  if (keysQuery.isError) {
    return (
      <LoadError
        error={keysQuery.error}
        onRetry={() => void keysQuery.refetch()}
        title={t('loadFailed')}
      />
    );
  }
  const keys = keysQuery.data.data;
  if (keys.length === 0) return <p className="text-sm text-muted">{t('empty')}</p>;

  function confirmRevoke() {
    if (!revoking) return;
    revokeMutation.mutate(revoking.id, {
      onSuccess: () => {
        toast.success(t('revoked', { name: revoking.name }));
        setRevoking(null);
      },
    });
  }

  return (
    <>
      <Table>
        <TableHead>
          <tr>
            <TableHeader>{t('name')}</TableHeader>
            <TableHeader>{t('prefix')}</TableHeader>
            <TableHeader>{t('allowedFrom')}</TableHeader>
            <TableHeader>{t('status')}</TableHeader>
            <TableHeader>{t('created')}</TableHeader>
            <TableHeader>{t('lastUsed')}</TableHeader>
            <TableHeader>
              <span className="sr-only">{t('actions')}</span>
            </TableHeader>
          </tr>
        </TableHead>
        <TableBody>
          {keys.map((key) => (
            <TableRow key={key.id}>
              <TableCell kind="title" className="font-medium text-fg">
                <CellText className="sm:max-w-64">{key.name}</CellText>
              </TableCell>
              <TableCell label={t('prefix')}>
                <code dir="ltr" className="font-mono text-muted">
                  {key.prefix}…
                </code>
              </TableCell>
              <TableCell label={t('allowedFrom')}>
                <AllowedFrom addresses={key.allowedIps} />
              </TableCell>
              <TableCell label={t('status')}>
                {key.revokedAt ? (
                  <Badge tone="danger">{t('statusRevoked')}</Badge>
                ) : (
                  <Badge tone="success">{t('statusActive')}</Badge>
                )}
              </TableCell>
              <TableCell label={t('created')} className="text-muted">
                {date(key.createdAt)}
              </TableCell>
              <TableCell label={t('lastUsed')} className="text-muted">
                {date(key.lastUsedAt)}
              </TableCell>
              <TableCell kind="actions" className="text-end">
                {!key.revokedAt && (
                  <div className="flex items-center justify-end gap-1">
                    <Button
                      variant="ghost"
                      size="icon"
                      title={t('editAddresses')}
                      aria-label={t('editAddressesNamed', { name: key.name })}
                      onClick={() => setEditing(key)}
                    >
                      <Pencil aria-hidden className="size-4" />
                    </Button>
                    <Button
                      variant="ghost"
                      size="sm"
                      onClick={() => {
                        revokeMutation.reset();
                        setRevoking(key);
                      }}
                      aria-label={t('revokeNamed', { name: key.name })}
                    >
                      {t('revoke')}
                    </Button>
                  </div>
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <EditApiKeyDialog apiKey={editing} onClose={() => setEditing(null)} />
      <ConfirmDialog
        open={revoking !== null}
        title={t('revokeTitle', { name: revoking?.name ?? '' })}
        description={t('revokeDescription')}
        confirmLabel={t('revoke')}
        pending={revokeMutation.isPending}
        error={revokeMutation.error}
        onConfirm={confirmRevoke}
        onCancel={() => setRevoking(null)}
      />
    </>
  );
}

/** Where a key may be used from: its addresses and ranges, or any address. */
function AllowedFrom({ addresses }: { addresses: string[] }) {
  const { t } = useTranslation('integration');
  if (addresses.length === 0) return <span className="text-muted">{t('anyAddress')}</span>;
  return (
    <span className="inline-flex max-w-52 flex-wrap justify-end gap-1 whitespace-normal sm:justify-start">
      {addresses.map((address) => (
        <code
          key={address}
          dir="ltr"
          className="rounded bg-surface-2 px-1.5 py-0.5 font-mono text-xs break-all text-fg"
        >
          {address}
        </code>
      ))}
    </span>
  );
}
