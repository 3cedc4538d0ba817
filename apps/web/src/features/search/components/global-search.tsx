import { clsx } from 'clsx';
import { useCombobox } from 'downshift';
import { Search, X } from 'lucide-react';
import { Suspense, useEffect, useId, useRef, useState, type FocusEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { SEARCH_QUERY_MAX } from '@keymarket/contracts/analytics';
import type { Role } from '@keymarket/contracts/users';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useSearchTerm } from '@/lib/use-debounced';
import { useSearch } from '../api/search';
import type { Option } from './search-options';
import {
  optionsOf,
  isEditable,
  isSearchShortcut,
  ProductOption,
  SeeAllOption,
  UserOption,
} from './search-options';

/**
 * The navbar's search over products and users (admins: everyone; sellers: their downline), as
 * an ARIA 1.2 combobox (downshift's useCombobox): focus stays in the input, arrows move the active
 * option, Enter opens it, Escape closes the list, then clears the text, then the phone's bar.
 */
function SearchCombobox({ role }: { role: Role }) {
  const { t } = useTranslation('search', { useSuspense: true });
  const { t: tCore } = useTranslation();
  const navigate = useNavigate();
  const id = useId();
  const panelId = `${id}-panel`;
  const inputRef = useRef<HTMLInputElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  // Below the `2xl` width the field hides behind a button (the top bar is full of switches), and
  // opens as a bar under the top bar.
  const [expanded, setExpanded] = useState(false);
  const query = useSearchTerm(text);
  const searchQuery = useSearch(query);
  const options = optionsOf(query ? searchQuery.data : undefined, role, query);
  const visible = open && query.length > 0;

  // The field appears when the phone's search button is pressed: typing can start at once.
  useEffect(() => {
    if (expanded) inputRef.current?.focus();
  }, [expanded]);

  // The keyboard shortcut, from anywhere on the page but a text field or an open dialog.
  useEffect(() => {
    function onShortcut(event: globalThis.KeyboardEvent) {
      if (event.defaultPrevented || !isSearchShortcut(event) || isEditable(event.target)) return;
      if (document.querySelector('[role="dialog"], [role="alertdialog"]')) return;
      event.preventDefault();
      setExpanded(true);
      inputRef.current?.focus();
    }
    window.addEventListener('keydown', onShortcut);
    return () => window.removeEventListener('keydown', onShortcut);
  }, []);

  function choose(option: Option) {
    setOpen(false);
    setText('');
    setExpanded(false);
    void navigate(option.to);
  }

  const { getInputProps, getMenuProps, getItemProps, highlightedIndex } = useCombobox<Option>({
    items: options,
    itemToString: (option) =>
      option?.kind === 'product'
        ? option.product.name
        : option?.kind === 'user'
          ? option.user.username
          : '',
    // An option leads to a screen rather than staying chosen in the box.
    selectedItem: null,
    inputValue: text,
    isOpen: open,
    onInputValueChange: ({ inputValue }) => setText(inputValue),
    onIsOpenChange: ({ isOpen }) => setOpen(isOpen),
    onSelectedItemChange: ({ selectedItem }) => {
      if (selectedItem) choose(selectedItem);
    },
    stateReducer: (_state, { type, changes }) => {
      // Leaving the field (Tab, a click elsewhere) opens nothing and keeps the text.
      if (type === useCombobox.stateChangeTypes.InputBlur) {
        return { ...changes, selectedItem: null, inputValue: text };
      }
      // An option picked empties the field behind it.
      return changes.selectedItem ? { ...changes, inputValue: '' } : changes;
    },
  });

  const inputProps = getInputProps({
    ref: inputRef,
    'aria-label': t('label'),
    onFocus: () => setOpen(true),
    onKeyDown: (event) => {
      // With the list closed and the field empty, Escape folds the phone's bar away.
      if (event.key === 'Escape' && !visible && !text) {
        (event.nativeEvent as { preventDownshiftDefault?: boolean }).preventDownshiftDefault = true;
        setExpanded(false);
      }
    },
  });

  function onBlur(event: FocusEvent<HTMLDivElement>) {
    if (event.currentTarget.contains(event.relatedTarget)) return;
    setOpen(false);
    // The toggle button closes the field itself; collapsing here too would reopen it.
    if (!text && event.relatedTarget !== toggleRef.current) setExpanded(false);
  }

  const products = options.filter((option) => option.kind === 'product');
  const users = options.filter((option) => option.kind === 'user');
  const seeAll = options.filter((option) => option.kind === 'all');
  const waiting = searchQuery.isFetching && (searchQuery.isPlaceholderData || !searchQuery.data);
  const failed = searchQuery.isError && !searchQuery.isFetching;
  const found = products.length + users.length;
  const empty = searchQuery.isSuccess && !waiting && found === 0;

  function group(kind: Option['kind'], label: string, members: Option[]) {
    if (members.length === 0) return null;
    const labelId = `${id}-${kind}s`;
    return (
      <div role="group" aria-labelledby={labelId} className="py-1">
        <div
          id={labelId}
          role="presentation"
          className="px-3 pt-2 pb-1 text-xs font-semibold tracking-wide text-muted uppercase"
        >
          {label}
        </div>
        {members.map((option) => {
          const index = options.indexOf(option);
          return (
            <div
              key={`${option.kind}-${option.id}`}
              {...getItemProps({ item: option, index })}
              className={clsx(
                'mx-1 flex cursor-pointer items-center gap-3 rounded-lg px-2 py-1.5 text-sm text-fg',
                index === highlightedIndex && 'bg-primary/15 ring-1 ring-primary/30 ring-inset',
              )}
            >
              {option.kind === 'product' ? (
                <ProductOption product={option.product} />
              ) : option.kind === 'user' ? (
                <UserOption user={option.user} />
              ) : (
                <SeeAllOption label={t(option.id === 'products' ? 'allProducts' : 'allUsers')} />
              )}
            </div>
          );
        })}
      </div>
    );
  }

  return (
    <>
      <Button
        ref={toggleRef}
        variant="ghost"
        size="icon"
        className={clsx('2xl:hidden', expanded && 'bg-surface-2')}
        aria-label={t('open')}
        aria-keyshortcuts="/ Control+K Meta+K"
        title={t('shortcutHint')}
        aria-expanded={expanded}
        aria-controls={panelId}
        onClick={() => setExpanded(!expanded)}
      >
        <Search aria-hidden className="size-5" />
      </Button>
      <div
        id={panelId}
        onBlur={onBlur}
        className={clsx(
          expanded
            ? 'absolute inset-x-0 top-full border-b border-border bg-surface p-3 2xl:static 2xl:border-0 2xl:bg-transparent 2xl:p-0'
            : 'hidden 2xl:block',
        )}
      >
        {/* 15rem at 2xl: at 1536 px, with the music, the widest currency (XAF FCFA) and French
            switches beside it, 18rem pushed the account button into the bar's margin. */}
        <div className="relative mx-auto max-w-2xl 2xl:w-60">
          <Search
            aria-hidden
            className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-muted"
          />
          <input
            {...inputProps}
            // The list shows only once there is a query.
            aria-expanded={visible}
            aria-activedescendant={
              visible && highlightedIndex >= 0 ? inputProps['aria-activedescendant'] : undefined
            }
            type="text"
            aria-keyshortcuts="/ Control+K Meta+K"
            spellCheck={false}
            enterKeyHint="search"
            maxLength={SEARCH_QUERY_MAX}
            placeholder={t('placeholder')}
            className="h-10 w-full rounded-lg border border-border bg-surface-2 ps-9 pe-9 text-sm text-fg transition placeholder:text-muted focus-visible:border-ring"
          />
          {!text && (
            // The shortcut, shown where the eye looks for it (the end of the empty field).
            <kbd
              aria-hidden
              data-testid="search-shortcut"
              title={t('shortcutHint')}
              className="pointer-events-none absolute inset-y-0 end-2 my-auto hidden h-6 items-center rounded border border-border px-1.5 font-mono text-xs text-muted 2xl:flex"
            >
              /
            </kbd>
          )}
          {text && (
            <button
              type="button"
              aria-label={t('clear')}
              onClick={() => {
                setText('');
                inputRef.current?.focus();
              }}
              className="absolute inset-y-0 end-1 my-auto grid size-8 place-items-center rounded-md text-muted hover:text-fg"
            >
              <X aria-hidden className="size-4" />
            </button>
          )}
          {/* The list is always in the page so aria-controls points at something; it shows
              only while there is a query and the field has focus. */}
          <div
            hidden={!visible}
            className="absolute inset-x-0 top-full z-40 mt-2 overflow-hidden rounded-xl border border-border bg-surface shadow-card"
            // Keeps focus in the input when an option is clicked (a blur would close the list).
            onMouseDown={(event) => event.preventDefault()}
          >
            <div
              {...getMenuProps({ 'aria-label': t('results') })}
              className="max-h-[min(28rem,70vh)] overflow-y-auto"
            >
              {group('product', t('products'), products)}
              {group('user', t('users'), users)}
              {group('all', t('seeAll', { query }), seeAll)}
            </div>
            {waiting && (
              <p className="flex items-center gap-2 px-3 py-3 text-sm text-muted">
                <Spinner className="size-4" />
                {t('searching')}
              </p>
            )}
            {failed && (
              <p role="alert" className="px-3 py-3 text-sm text-danger">
                {tCore('messages.failedToLoadResults')}
              </p>
            )}
            {empty && (
              <p className="px-3 pb-3 text-sm text-muted">{tCore('messages.noResultsFound')}</p>
            )}
          </div>
          <p role="status" className="sr-only">
            {visible && searchQuery.isSuccess && !waiting
              ? found > 0
                ? t('resultCount', { results: found })
                : tCore('messages.noResultsFound')
              : ''}
          </p>
        </div>
      </div>
    </>
  );
}

/** Waits for its texts without holding up the rest of the top bar. */
export function GlobalSearch({ role }: { role: Role }) {
  return (
    <Suspense fallback={<span className="size-9 2xl:h-10 2xl:w-72" />}>
      <SearchCombobox role={role} />
    </Suspense>
  );
}
