import { useMemo, useState } from 'react';
import { toast } from 'sonner';
import { banCountrySchema, type BannedCountry } from '@keymarket/contracts/settings';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Field } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { ApiError } from '@/lib/api-error';
import { formatDate } from '@/lib/format-date';
import { describeApiError } from '@/lib/translate-error';
import { useContractForm } from '@/lib/use-contract-form';
import { useBanCountry } from '../api/ban-country';
import { useBannedCountries } from '../api/get-banned-countries';
import { useUnbanCountry } from '../api/unban-country';
import { CountryCombobox } from './country-combobox';
import { countryName } from './country-names';
import { useSettingsText } from './use-settings-text';

function BanCountryForm({ banned }: { banned: readonly BannedCountry[] }) {
  const { t, tCore, issue, language } = useSettingsText();
  const ban = useBanCountry();
  // Remounting the combobox is how its text is cleared after a ban.
  const [pickerKey, setPickerKey] = useState(0);
  const excluded = useMemo(() => new Set(banned.map((row) => row.countryCode)), [banned]);
  const {
    handleSubmit,
    setValue,
    reset,
    setError,
    showServerErrors,
    formState: { errors, isSubmitted },
  } = useContractForm(banCountrySchema, { defaultValues: { countryCode: '' } });

  // Banning locks a whole country out at once: asked first, as unbanning is.
  const [confirming, setConfirming] = useState<string | null>(null);
  const confirmingName = confirming ? countryName(confirming, language) : '';
  const onSubmit = handleSubmit(({ countryCode }) => setConfirming(countryCode));

  function confirmBan() {
    if (!confirming) return;
    const countryCode = confirming;
    ban.mutate(
      { countryCode },
      {
        onSettled: () => setConfirming(null),
        onSuccess: () => {
          reset();
          setPickerKey((key) => key + 1);
          toast.success(
            t('bannedCountries.banned', { country: countryName(countryCode, language) }),
          );
        },
        onError: (error) => {
          if (error instanceof ApiError && error.type === 'conflict') {
            setError('countryCode', {
              type: 'conflict',
              message: t('bannedCountries.alreadyBanned'),
            });
            return;
          }
          showServerErrors(error);
        },
      },
    );
  }

  const error =
    errors.countryCode?.type === 'conflict'
      ? errors.countryCode.message
      : issue(errors.countryCode);

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="grid items-start gap-4 sm:grid-cols-[minmax(0,24rem)_auto]"
    >
      <Field label={t('bannedCountries.country')} error={error}>
        {(control) => (
          <CountryCombobox
            key={pickerKey}
            {...control}
            excluded={excluded}
            disabled={ban.isPending}
            onChoose={(code) =>
              setValue('countryCode', code ?? '', { shouldValidate: isSubmitted })
            }
          />
        )}
      </Field>
      <Button type="submit" variant="danger" loading={ban.isPending} className="w-fit sm:mt-6.5">
        {t('bannedCountries.ban')}
      </Button>
      {ban.isError && !errors.countryCode && (
        <div className="sm:col-span-full">
          <Alert>{describeApiError(ban.error, tCore)}</Alert>
        </div>
      )}
      <ConfirmDialog
        open={confirming !== null}
        onCancel={() => setConfirming(null)}
        onConfirm={confirmBan}
        title={t('bannedCountries.banTitle', { country: confirmingName })}
        description={t('bannedCountries.banDescription', { country: confirmingName })}
        confirmLabel={t('bannedCountries.ban')}
        pending={ban.isPending}
      />
    </form>
  );
}

function BannedCountriesTable({
  banned,
  onUnban,
}: {
  banned: readonly BannedCountry[];
  onUnban: (row: BannedCountry) => void;
}) {
  const { t, language } = useSettingsText();
  if (banned.length === 0)
    return <p className="text-sm text-muted">{t('bannedCountries.empty')}</p>;
  const rows = banned
    .map((row) => ({ ...row, name: countryName(row.countryCode, language) }))
    .sort((a, b) => a.name.localeCompare(b.name, language));
  return (
    <Table>
      <TableHead>
        <tr>
          <TableHeader>{t('bannedCountries.country')}</TableHeader>
          <TableHeader>{t('bannedCountries.code')}</TableHeader>
          {/* Left out on phones, so the unban button fits on screen. */}
          <TableHeader>{t('bannedCountries.since')}</TableHeader>
          <TableHeader className="text-end">
            {/* The buttons say what they do; on phones the heading gives its width to them. */}
            <span className="sr-only sm:not-sr-only">{t('bannedCountries.actions')}</span>
          </TableHeader>
        </tr>
      </TableHead>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.id}>
            <TableCell kind="title" className="font-medium text-fg">
              {row.name}
            </TableCell>
            <TableCell label={t('bannedCountries.code')} className="font-mono text-muted">
              {row.countryCode}
            </TableCell>
            <TableCell label={t('bannedCountries.since')} className="text-muted">
              {formatDate(row.createdAt, language)}
            </TableCell>
            <TableCell kind="actions" className="text-end">
              <Button
                variant="secondary"
                size="sm"
                onClick={() => onUnban(row)}
                aria-label={t('bannedCountries.unbanLabel', { country: row.name })}
              >
                {t('bannedCountries.unban')}
              </Button>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

export function BannedCountriesSection() {
  const { t, tCore, language } = useSettingsText();
  const banned = useBannedCountries();
  const unban = useUnbanCountry();
  const [unbanning, setUnbanning] = useState<BannedCountry | null>(null);
  const unbanningName = unbanning ? countryName(unbanning.countryCode, language) : '';

  function close() {
    setUnbanning(null);
    unban.reset();
  }

  function confirmUnban() {
    if (!unbanning) return;
    const country = unbanningName;
    unban.mutate(unbanning.id, {
      onSuccess: () => {
        toast.success(t('bannedCountries.unbanned', { country }));
        close();
      },
    });
  }

  if (banned.isPending) return <Spinner className="size-8" />;
  if (banned.isError) return <Alert>{describeApiError(banned.error, tCore)}</Alert>;
  const list = banned.data.countries;

  return (
    <div className="flex flex-col gap-6">
      <Card title={t('bannedCountries.title')} description={t('bannedCountries.description')}>
        <BanCountryForm banned={list} />
      </Card>
      <Card title={t('bannedCountries.listTitle', { count: list.length })}>
        <BannedCountriesTable banned={list} onUnban={setUnbanning} />
      </Card>
      <ConfirmDialog
        open={unbanning !== null}
        onCancel={close}
        onConfirm={confirmUnban}
        title={t('bannedCountries.unbanTitle', { country: unbanningName })}
        description={t('bannedCountries.unbanDescription', { country: unbanningName })}
        confirmLabel={t('bannedCountries.unban')}
        pending={unban.isPending}
        error={unban.error}
      />
    </div>
  );
}
