import { clsx } from 'clsx';
import { ChevronDown } from 'lucide-react';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Faq } from '@keymarket/contracts/settings';
import { localisedFaq } from './localised-faq';

/**
 * The WAI-ARIA accordion pattern: each question is a button in a heading that shows or hides
 * its answer region. Tab moves between questions like any buttons; the arrow keys, Home and End
 * move between them too, as the pattern suggests. Several answers may be open at once.
 */
export function FaqAccordion({ faqs }: { faqs: readonly Faq[] }) {
  const { i18n } = useTranslation();
  const baseId = useId();
  const [openIds, setOpenIds] = useState<ReadonlySet<string>>(new Set());
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);

  function toggle(id: string) {
    setOpenIds((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  }

  function moveFocus(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    const last = faqs.length - 1;
    const target = {
      ArrowDown: index === last ? 0 : index + 1,
      ArrowUp: index === 0 ? last : index - 1,
      Home: 0,
      End: last,
    }[event.key];
    if (target === undefined) return;
    event.preventDefault();
    buttons.current[target]?.focus();
  }

  return (
    <div className="divide-y divide-border rounded-xl border border-border bg-surface shadow-card">
      {faqs.map((faq, index) => {
        const { question, answer } = localisedFaq(faq, i18n.language);
        const open = openIds.has(faq.id);
        const buttonId = `${baseId}-q${index}`;
        const panelId = `${baseId}-a${index}`;
        return (
          <div key={faq.id}>
            <h3>
              <button
                ref={(element) => {
                  buttons.current[index] = element;
                }}
                id={buttonId}
                type="button"
                aria-expanded={open}
                aria-controls={panelId}
                onClick={() => toggle(faq.id)}
                onKeyDown={(event) => moveFocus(event, index)}
                className="flex w-full items-center justify-between gap-4 px-5 py-4 text-start text-sm font-medium text-fg transition hover:bg-surface-2/60 sm:px-6"
              >
                <span className="min-w-0 [overflow-wrap:anywhere]">{question}</span>
                <ChevronDown
                  aria-hidden
                  className={clsx(
                    'size-4 shrink-0 text-muted transition-transform',
                    open && 'rotate-180',
                  )}
                />
              </button>
            </h3>
            <div
              id={panelId}
              role="region"
              aria-labelledby={buttonId}
              hidden={!open}
              className="px-5 pb-5 text-sm whitespace-pre-wrap text-muted [overflow-wrap:anywhere] sm:px-6"
            >
              {answer}
            </div>
          </div>
        );
      })}
    </div>
  );
}
