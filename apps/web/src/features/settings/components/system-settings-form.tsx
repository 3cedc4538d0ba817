import { TriangleAlert } from 'lucide-react';
import { toast } from 'sonner';
import {
  defaultSystemSettings,
  languages,
  updateSystemSettingsSchema,
  type SystemSettingsView,
} from '@keymarket/contracts/system-settings';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { describeApiError } from '@/lib/translate-error';
import { useContractForm } from '@/lib/use-contract-form';
import { useSystemSettings } from '@/entities/system-settings/api/get-system-settings';
import { useUpdateSystemSettings } from '../api/update-system-settings';
import { SwitchField } from '@/components/ui/switch-field';
import { useSettingsText } from './use-settings-text';

const switches = [
  'maintenanceMode',
  'registrationOpen',
  'signupApproval',
  'adminTwoFactorRequired',
] as const;

/** Every setting an administrator reads, with the admin-only ones filled in. */
function formValuesOf(settings: SystemSettingsView) {
  return {
    siteName: settings.siteName,
    maintenanceMode: settings.maintenanceMode,
    registrationOpen: settings.registrationOpen,
    signupApproval: settings.signupApproval ?? false,
    adminTwoFactorRequired: settings.adminTwoFactorRequired ?? false,
    defaultLanguage: settings.defaultLanguage,
    supportContact: settings.supportContact,
    lowStockThreshold: settings.lowStockThreshold ?? defaultSystemSettings.lowStockThreshold,
  };
}

function MaintenanceNotice() {
  const { t } = useSettingsText();
  return (
    <p
      role="status"
      className="mb-5 flex items-start gap-2 rounded-lg border border-warning/40 bg-warning/10 px-4 py-3 text-sm text-warning"
    >
      <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
      {t('system.maintenanceOn')}
    </p>
  );
}

function SystemSettingsFields({ settings }: { settings: SystemSettingsView }) {
  const { t, tCore, issue } = useSettingsText();
  const update = useUpdateSystemSettings();
  const {
    register,
    handleSubmit,
    reset,
    showServerErrors,
    formState: { errors },
  } = useContractForm(updateSystemSettingsSchema, {
    defaultValues: formValuesOf(settings),
  });

  const onSubmit = handleSubmit((values) => {
    update.mutate(values, {
      onSuccess: (saved) => {
        reset(formValuesOf(saved));
        toast.success(t('common.saved'));
      },
      onError: (error) => showServerErrors(error),
    });
  });

  return (
    <Card title={t('system.title')} description={t('system.description')}>
      {settings.maintenanceMode && <MaintenanceNotice />}
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label={t('system.siteName')}
            hint={t('system.siteNameHint')}
            error={issue(errors.siteName)}
          >
            {(control) => <Input {...control} {...register('siteName')} maxLength={80} />}
          </Field>
          <Field
            label={t('system.defaultLanguage')}
            hint={t('system.defaultLanguageHint')}
            error={issue(errors.defaultLanguage)}
          >
            {(control) => (
              <Select {...control} {...register('defaultLanguage')}>
                {languages.map((language) => (
                  <option key={language} value={language}>
                    {tCore(`preferences.languages.${language}`)}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field
            label={t('system.supportContact')}
            hint={t('system.supportContactHint')}
            error={issue(errors.supportContact)}
            className="sm:col-span-2"
          >
            {(control) => <Input {...control} {...register('supportContact')} maxLength={200} />}
          </Field>
          <Field
            label={t('system.lowStockThreshold')}
            hint={t('system.lowStockThresholdHint')}
            error={issue(errors.lowStockThreshold)}
            className="sm:col-span-2"
          >
            {(control) => (
              <Input
                {...control}
                {...register('lowStockThreshold', { valueAsNumber: true })}
                type="number"
                inputMode="numeric"
                min={0}
                step={1}
                dir="ltr"
                className="max-w-40"
              />
            )}
          </Field>
        </div>
        <div className="divide-y divide-border border-y border-border">
          {switches.map((name) => (
            <SwitchField
              key={name}
              label={t(`system.${name}`)}
              hint={t(`system.${name}Hint`)}
              {...register(name)}
            />
          ))}
        </div>
        {update.isError && <Alert>{describeApiError(update.error, tCore)}</Alert>}
        <Button type="submit" loading={update.isPending} className="w-fit">
          {t('common.save')}
        </Button>
      </form>
    </Card>
  );
}

export function SystemSettingsForm() {
  const { tCore } = useSettingsText();
  const settings = useSystemSettings();
  if (settings.isPending) return <Spinner className="size-8" />;
  if (settings.isError) return <Alert>{describeApiError(settings.error, tCore)}</Alert>;
  return <SystemSettingsFields settings={settings.data} />;
}
