import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { describeApiError } from '@/lib/translate-error';

type FormActionsProps = {
  submitLabel: string;
  pending: boolean;
  onCancel: () => void;
  /** The failed save, if any, and what to call it. */
  error: unknown;
  errorTitle: string;
};

/** The end of a catalogue dialog's form: why the last save failed, then Cancel and Save. */
export function FormActions({
  submitLabel,
  pending,
  onCancel,
  error,
  errorTitle,
}: FormActionsProps) {
  const { t } = useTranslation();
  return (
    <>
      {error !== null && <Alert title={errorTitle}>{describeApiError(error, t)}</Alert>}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" loading={pending}>
          {submitLabel}
        </Button>
      </div>
    </>
  );
}
