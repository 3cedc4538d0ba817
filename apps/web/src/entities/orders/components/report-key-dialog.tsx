import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { reportKeySchema } from '@keymarket/contracts/orders';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Textarea } from '@/components/ui/input';
import { useReportOrderKey } from '../api/report-order-key';
import { describeRefusal, translateFieldError } from '@/lib/translate-error';
import { useContractForm } from '@/lib/use-contract-form';

type ReportKeyDialogProps = {
  orderId: string;
  productName: string;
  /** The key reported, from 0; null when the dialog is closed. */
  keyIndex: number | null;
  onClose: () => void;
};

/** The buyer says one delivered key does not work: this opens a ticket for the administrators. */
export function ReportKeyDialog({ orderId, productName, keyIndex, onClose }: ReportKeyDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={keyIndex !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t('orders.afterSale.reportTitle')}
      description={t('orders.afterSale.reportDescription', {
        number: (keyIndex ?? 0) + 1,
        name: productName,
      })}
    >
      {keyIndex !== null && <ReportForm orderId={orderId} keyIndex={keyIndex} onClose={onClose} />}
    </Dialog>
  );
}

function ReportForm({
  orderId,
  keyIndex,
  onClose,
}: {
  orderId: string;
  keyIndex: number;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const report = useReportOrderKey();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useContractForm(reportKeySchema, { defaultValues: { keyIndex, reason: '' } });

  const submit = handleSubmit((body) =>
    report.mutate(
      { orderId, report: body },
      {
        onSuccess: () => {
          toast.success(t('orders.afterSale.reported'));
          onClose();
        },
      },
    ),
  );

  return (
    <form onSubmit={submit} noValidate className="mt-5 flex flex-col gap-4">
      <Field label={t('orders.afterSale.reason')} error={translateFieldError(errors.reason, t)}>
        {(control) => <Textarea {...control} rows={3} {...register('reason')} />}
      </Field>
      {report.isError && <RefusalAlert error={report.error} />}
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" loading={report.isPending}>
          {t('orders.afterSale.submitReport')}
        </Button>
      </div>
    </form>
  );
}

/** The server's refusal: translated when it is one of the contract's texts, else its own words. */
function RefusalAlert({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const { title, text } = describeRefusal(error, t);
  return <Alert title={text ? title : undefined}>{text ?? title}</Alert>;
}
