import { toast } from 'sonner';
import {
  ALERT_MESSAGE_MAX,
  alertSeverities,
  createAlertSchema,
} from '@keymarket/contracts/settings';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Select } from '@/components/ui/select';
import { describeApiError } from '@/lib/translate-error';
import { useContractForm } from '@/lib/use-contract-form';
import { useCreateAlert } from '../api/create-alert';
import { LocalisedTextField } from './localised-text-field';
import { SwitchField } from '@/components/ui/switch-field';
import { useSettingsText } from './use-settings-text';

const messageFields = [
  { name: 'messageEn', language: 'en' },
  { name: 'messageFr', language: 'fr' },
  { name: 'messageAr', language: 'ar' },
] as const;
const emptyAlert = {
  messageEn: '',
  messageFr: '',
  messageAr: '',
  severity: 'info',
  active: true,
} as const;

export function AlertForm() {
  const { t, tCore, issue } = useSettingsText();
  const create = useCreateAlert();
  const {
    register,
    handleSubmit,
    reset,
    showServerErrors,
    formState: { errors },
  } = useContractForm(createAlertSchema, { defaultValues: emptyAlert });

  const onSubmit = handleSubmit((alert) => {
    create.mutate(alert, {
      onSuccess: () => {
        reset();
        toast.success(t('alerts.added'));
      },
      onError: (error) => showServerErrors(error),
    });
  });

  return (
    <Card title={t('alerts.addTitle')}>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <div className="grid gap-4 lg:grid-cols-3">
          {messageFields.map(({ name, language }) => (
            <LocalisedTextField
              key={name}
              label={t(`alerts.${name}`)}
              language={language}
              registration={register(name)}
              error={issue(errors[name])}
              maxLength={ALERT_MESSAGE_MAX}
              rows={3}
            />
          ))}
        </div>
        <div className="grid items-center gap-4 sm:grid-cols-2">
          <Field label={t('alerts.severity')} error={issue(errors.severity)}>
            {(control) => (
              <Select {...control} {...register('severity')}>
                {alertSeverities.map((severity) => (
                  <option key={severity} value={severity}>
                    {t(`alerts.severities.${severity}`)}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <SwitchField
            label={t('alerts.active')}
            hint={t('alerts.activeHint')}
            {...register('active')}
          />
        </div>
        {create.isError && !Object.keys(errors).length && (
          <Alert>{describeApiError(create.error, tCore)}</Alert>
        )}
        <Button type="submit" loading={create.isPending} className="w-fit">
          {t('alerts.add')}
        </Button>
      </form>
    </Card>
  );
}
