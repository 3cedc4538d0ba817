import { CircleAlert } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { UseFormRegisterReturn } from 'react-hook-form';
import type { WebhookEventType } from '@keymarket/contracts/integration';

/** The events an endpoint subscribes to; `ping` is what "Send test" sends, to every endpoint. */
export const subscribableEvents = [
  'order.created',
  'order.completed',
  'order.rejected',
  'order.key_replaced',
  'order.unit_refunded',
  'balance.credited',
] as const satisfies readonly WebhookEventType[];

const hintKeys = {
  'order.created': 'eventHints.orderCreated',
  'order.completed': 'eventHints.orderCompleted',
  'order.rejected': 'eventHints.orderRejected',
  'order.key_replaced': 'eventHints.keyReplaced',
  'order.unit_refunded': 'eventHints.unitRefunded',
  'balance.credited': 'eventHints.balanceCredited',
} as const;

type EventCheckboxesProps = {
  /** `register('events')`: react-hook-form gathers the checked values into an array. */
  registration: UseFormRegisterReturn;
  /** Already translated. */
  error?: string;
};

/** One checkbox per event, named by its wire name (what the receiver sees) and what it means. */
export function EventCheckboxes({ registration, error }: EventCheckboxesProps) {
  const { t } = useTranslation('webhooks');
  const id = useId();
  return (
    <fieldset
      aria-describedby={error ? `${id}-error` : `${id}-hint`}
      aria-invalid={Boolean(error)}
      className="flex min-w-0 flex-col gap-2"
    >
      <legend className="mb-1.5 text-sm font-medium text-fg">{t('events')}</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {subscribableEvents.map((event) => (
          <label
            key={event}
            className="flex cursor-pointer items-start gap-2.5 rounded-lg border border-border p-3 text-sm transition hover:bg-surface-2/60 has-checked:border-accent/60 has-checked:bg-accent/5"
          >
            <input
              type="checkbox"
              value={event}
              {...registration}
              className="mt-0.5 size-4 shrink-0 accent-(--color-primary)"
            />
            <span className="flex min-w-0 flex-col gap-0.5">
              <code dir="ltr" className="self-start font-mono text-fg">
                {event}
              </code>
              <span className="text-muted">{t(hintKeys[event])}</span>
            </span>
          </label>
        ))}
      </div>
      {error ? (
        <p id={`${id}-error`} className="flex items-start gap-1.5 text-xs font-medium text-danger">
          <CircleAlert aria-hidden className="mt-px size-3.5 shrink-0" />
          {error}
        </p>
      ) : (
        <p id={`${id}-hint`} className="text-xs text-muted">
          {t('eventsHint')}
        </p>
      )}
    </fieldset>
  );
}
