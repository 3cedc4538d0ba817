import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { describeApiError } from '@/lib/translate-error';
import { Alert } from './alert';
import { Button } from './button';
import { Dialog } from './dialog';

type ConfirmDialogProps = {
  open: boolean;
  title: string;
  description: string;
  confirmLabel: string;
  pending: boolean;
  /** The last refusal of the action, described in the reader's language; the dialog stays open. */
  error?: unknown;
  /** Or the failure already worded, where the screen can say more than the error's type. */
  failure?: { title: string; text?: string };
  onConfirm: () => void;
  onCancel: () => void;
  /** What the action will change, shown above the buttons (a bulk change's products). */
  children?: ReactNode;
  /** The confirm button's look: `danger` for what destroys, `primary` for a change. */
  confirmVariant?: 'danger' | 'primary';
  /** The action cannot be confirmed as it stands (the children say why). */
  confirmDisabled?: boolean;
};

/** Asks before a destructive action; Cancel has the focus first, so Enter never deletes. */
export function ConfirmDialog({
  open,
  title,
  description,
  confirmLabel,
  pending,
  error,
  failure,
  onConfirm,
  onCancel,
  children,
  confirmVariant = 'danger',
  confirmDisabled = false,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  const shown = failure ?? (error != null ? { title: describeApiError(error, t) } : undefined);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && onCancel()}
      title={title}
      description={description}
    >
      <div className="mt-5 flex flex-col gap-4">
        {children}
        {shown && (
          <Alert title={shown.text ? shown.title : undefined}>{shown.text ?? shown.title}</Alert>
        )}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
          <Button
            variant={confirmVariant}
            loading={pending}
            disabled={confirmDisabled}
            onClick={onConfirm}
          >
            {confirmLabel}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
