import { clsx } from 'clsx';
import { Search, X } from 'lucide-react';
import { useCombobox } from 'downshift';
import { useState } from 'react';
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
 * that clears it. An ARIA 1.2 combobox (downshift's useCombobox): arrows move the active choice,
 * Enter picks it, Escape closes the list; it fits a phone's width.
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
          onClick={() => onChange(undefined)}
          aria-label={t('pagination.clearFilter', { name: label })}
          className="grid size-9 shrink-0 place-items-center rounded-lg text-muted hover:text-fg"
        >
          <X aria-hidden className="size-4" />
        </button>
      </div>
    );
  }

  return (
    <ComboSearch label={label} onChange={onChange} useChoices={useChoices} className={className} />
  );
}

function ComboSearch({
  label,
  onChange,
  useChoices,
  className,
}: Pick<ComboFilterProps, 'label' | 'onChange' | 'useChoices' | 'className'>) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const term = useSearchTerm(text);
  const { choices, isFetching } = useChoices(open ? term : '');
  const shown = open ? (choices ?? []) : [];
  const expanded = open && term !== '';

  const { getInputProps, getMenuProps, getItemProps, highlightedIndex } = useCombobox<ComboChoice>({
    items: shown,
    itemToString: (choice) => choice?.label ?? '',
    // Nothing stays chosen inside the box: a choice becomes the chip above, and the box empties.
    selectedItem: null,
    inputValue: text,
    isOpen: open,
    defaultHighlightedIndex: 0,
    onInputValueChange: ({ inputValue }) => setText(inputValue),
    onIsOpenChange: ({ isOpen }) => setOpen(isOpen),
    onSelectedItemChange: ({ selectedItem }) => {
      if (selectedItem) onChange(selectedItem);
    },
    stateReducer: (_state, { type, changes }) => {
      const { InputBlur, InputKeyDownEnter, ItemClick } = useCombobox.stateChangeTypes;
      // Leaving the box picks no highlighted choice: `leave` decides from the text.
      if (type === InputBlur) return { ...changes, selectedItem: null, inputValue: text };
      const picked = (type === InputKeyDownEnter || type === ItemClick) && changes.selectedItem;
      if (picked) return { ...changes, inputValue: '' };
      return changes;
    },
  });

  // Typed text filters nothing: leaving takes the one choice it names in full, or empties it.
  const leave = () => {
    const typed = text.trim().toLocaleLowerCase();
    const named = typed ? shown.filter((c) => c.label.toLocaleLowerCase() === typed) : [];
    if (named.length === 1) onChange(named[0]);
    setText('');
    setOpen(false);
  };

  const inputProps = getInputProps({
    'aria-label': label,
    placeholder: label,
    onFocus: () => setOpen(true),
    onBlur: leave,
    className: 'ps-9',
  });
  return (
    <div className={clsx('relative min-w-0', className)}>
      <Search
        aria-hidden
        className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-muted"
      />
      <Input
        {...inputProps}
        // The list shows only once there is a term to search for.
        aria-expanded={expanded}
        aria-activedescendant={
          expanded && shown[highlightedIndex] ? inputProps['aria-activedescendant'] : undefined
        }
      />
      <ul
        {...getMenuProps({ 'aria-label': label })}
        hidden={!expanded}
        className="absolute inset-x-0 top-full z-20 mt-1 max-h-64 overflow-y-auto rounded-lg border border-border bg-surface p-1 shadow-card"
      >
        {expanded && isFetching && shown.length === 0 && (
          <li className="grid place-items-center py-3">
            <Spinner className="size-5" />
          </li>
        )}
        {expanded && !isFetching && shown.length === 0 && (
          <li className="px-3 py-2 text-sm text-muted">{t('messages.noResultsFound')}</li>
        )}
        {expanded &&
          shown.map((choice, index) => (
            <li
              key={choice.id}
              {...getItemProps({ item: choice, index })}
              className={clsx(
                'flex cursor-pointer items-baseline gap-2 rounded-md px-3 py-2 text-sm',
                index === highlightedIndex ? 'bg-primary/15 text-fg' : 'text-fg hover:bg-surface-2',
              )}
            >
              <bdi className="min-w-0 flex-1 truncate">{choice.label}</bdi>
              {choice.hint && <bdi className="shrink-0 text-xs text-muted">{choice.hint}</bdi>}
            </li>
          ))}
      </ul>
    </div>
  );
}
