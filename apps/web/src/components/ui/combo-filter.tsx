import { clsx } from 'clsx';
import { Search, X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchTerm } from '@/lib/use-debounced';
import { Input } from './input';
import { Spinner } from './spinner';

export type ComboChoice = { id: string; label: string; hint?: string };

/** What a picker offers for the text typed so far (a search over the server's list). */
export type ChoicesQuery = (term: string) => {
  choices: ComboChoice[] | undefined;
  isFetching: boolean;
};

type ComboFilterProps = {
  /** The filter's name, said to screen readers and shown in the empty box. */
  label: string;
  /** The chosen id, '' when the filter is off. */
  value: string;
  /** What the chosen id is called, when known (from the rows on screen or the choice made). */
  valueLabel: string | undefined;
  onChange: (choice: ComboChoice | undefined) => void;
  useChoices: ChoicesQuery;
  className?: string;
};

/**
 * A filter that picks one of many (a product, a user) by searching for it: a text box that lists
 * the matches under it as the user types; once one is chosen, the box shows its name and a button
 * that clears it. Works with the keyboard (arrows, Enter, Escape) and fits a phone's width.
 * Typed text is only a search for a choice and filters nothing: leaving the box takes the one
 * choice it names exactly, or else empties it, so the box never shows a filter that the list and
 * its CSV download do not apply.
 */
export function ComboFilter({
  label,
  value,
  valueLabel,
  onChange,
  useChoices,
  className,
}: ComboFilterProps) {
  const { t } = useTranslation();
  const listId = useId();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const term = useSearchTerm(text);
  const { choices, isFetching } = useChoices(open ? term : '');
  const shown = open ? (choices ?? []) : [];
  const leaving = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(leaving.current), []);

  const choose = (choice: ComboChoice | undefined) => {
    onChange(choice);
    setText('');
    setOpen(false);
    setActive(0);
  };

  if (value) {
    const name = valueLabel ?? t('pagination.chosen');
    return (
      <div
        className={clsx(
          'flex h-10 min-w-0 items-center gap-1 rounded-lg border border-primary/60 bg-primary/10 ps-3 text-sm text-fg',
          className,
        )}
      >
        <span className="shrink-0 text-muted">{label}:</span>
        <bdi className="min-w-0 flex-1 truncate font-medium" title={name}>
          {name}
        </bdi>
        <button
          type="button"
          onClick={() => choose(undefined)}
          aria-label={t('pagination.clearFilter', { name: label })}
          className="grid size-9 shrink-0 place-items-center rounded-lg text-muted hover:text-fg"
        >
          <X aria-hidden className="size-4" />
        </button>
      </div>
    );
  }

  const leave = () => {
    const typed = text.trim().toLocaleLowerCase();
    const named = typed ? shown.filter((c) => c.label.toLocaleLowerCase() === typed) : [];
    if (named.length === 1) {
      choose(named[0]);
      return;
    }
    setText('');
    setOpen(false);
    setActive(0);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setOpen(true);
      setActive((index) => Math.min(index + 1, Math.max(shown.length - 1, 0)));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((index) => Math.max(index - 1, 0));
    } else if (event.key === 'Enter' && open && shown[active]) {
      event.preventDefault();
      choose(shown[active]);
    } else if (event.key === 'Escape') {
      setOpen(false);
    }
  };

  const expanded = open && term !== '';
  return (
    <div className={clsx('relative min-w-0', className)}>
      <Search
        aria-hidden
        className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-muted"
      />
      <Input
        role="combobox"
        aria-label={label}
        aria-expanded={expanded}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={expanded && shown[active] ? `${listId}-${active}` : undefined}
        placeholder={label}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
          setActive(0);
        }}
        onFocus={() => {
          clearTimeout(leaving.current);
          setOpen(true);
        }}
        // Later than a click on a choice, which would otherwise never land.
        onBlur={() => {
          leaving.current = setTimeout(leave, 150);
        }}
        onKeyDown={onKeyDown}
        className="ps-9"
      />
      {expanded && (
        <ul
          id={listId}
          role="listbox"
          aria-label={label}
          className="absolute inset-x-0 top-full z-20 mt-1 max-h-64 overflow-y-auto rounded-lg border border-border bg-surface p-1 shadow-card"
        >
          {isFetching && shown.length === 0 && (
            <li className="grid place-items-center py-3">
              <Spinner className="size-5" />
            </li>
          )}
          {!isFetching && shown.length === 0 && (
            <li className="px-3 py-2 text-sm text-muted">{t('messages.noResultsFound')}</li>
          )}
          {shown.map((choice, index) => (
            <li
              key={choice.id}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === active}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(choice)}
              className={clsx(
                'flex cursor-pointer items-baseline gap-2 rounded-md px-3 py-2 text-sm',
                index === active ? 'bg-primary/15 text-fg' : 'text-fg hover:bg-surface-2',
              )}
            >
              <bdi className="min-w-0 flex-1 truncate">{choice.label}</bdi>
              {choice.hint && <bdi className="shrink-0 text-xs text-muted">{choice.hint}</bdi>}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
