/**
 * Address search of the map picker (spec sections 2 and 5; issue 9): a combobox whose
 * suggestions come from `GET /geo/search` after the user stops typing (debounced), shown
 * in a listbox dropdown. A place must be picked from it: Enter on typed text without a
 * picked suggestion shows 'Please select a valid address from the dropdown', and a
 * suggestion without coordinates shows its own message (domain `selectionFromSuggestion`).
 * Keyboard: ArrowDown/ArrowUp move through the suggestions, Enter picks, Escape closes.
 */
import {
  selectionFromSuggestion,
  type GeoPlace,
  type MapSelection,
  type MessageDescriptor,
} from '@solar/domain';
import { useApiClient } from '@solar/api/react';
import { cn, Spinner } from '@solar/ui';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { useDebounce } from 'use-debounce';
import { loadFailure } from '../../app/load-failure.ts';

/** Wait after the last keystroke before searching, ms. */
export const SEARCH_DEBOUNCE_MS = 400;
/** Shortest text searched. */
export const SEARCH_MIN_CHARS = 3;

export interface AddressSearchProps {
  /** Called with the picked place. */
  onSelect: (selection: MapSelection) => void;
}

/** The combobox with its suggestions dropdown. */
export function AddressSearch({ onSelect }: AddressSearchProps) {
  const intl = useIntl();
  const api = useApiClient();
  const t = (id: string) => intl.formatMessage({ id });
  const id = useId();
  const listId = `${id}-list`;
  const errorId = `${id}-error`;
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [error, setError] = useState<MessageDescriptor | null>(null);
  const [query] = useDebounce(text.trim(), SEARCH_DEBOUNCE_MS);
  const search = useQuery({
    queryKey: ['solar', 'geo', 'search', query, intl.locale],
    queryFn: () => api.geo.search(query),
    enabled: query.length >= SEARCH_MIN_CHARS,
    staleTime: 5 * 60_000,
    retry: false,
  });
  const suggestions: readonly GeoPlace[] = search.data ?? [];
  const showList = open && query.length >= SEARCH_MIN_CHARS;

  function pick(suggestion: GeoPlace | undefined) {
    const result = selectionFromSuggestion(suggestion);
    if (!result.ok) {
      setError(result.message);
      return;
    }
    setError(null);
    setText(result.selection.address);
    setOpen(false);
    setActive(-1);
    onSelect(result.selection);
  }

  function onKeyDown(event: React.KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setOpen(true);
      setActive((i) => Math.min(suggestions.length - 1, i + 1));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((i) => Math.max(0, i - 1));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      pick(showList && active >= 0 ? suggestions[active] : undefined);
    } else if (event.key === 'Escape') {
      setOpen(false);
      setActive(-1);
    }
  }

  const activeId = showList && active >= 0 ? `${id}-option-${active}` : undefined;
  return (
    <div className="relative flex flex-col gap-1.5">
      <label htmlFor={`${id}-input`} className="text-sm font-medium text-fg">
        {t('fullCalculator.search.label')}
      </label>
      <input
        id={`${id}-input`}
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={showList}
        aria-controls={listId}
        aria-activedescendant={activeId}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : `${id}-hint`}
        autoComplete="off"
        value={text}
        placeholder={t('fullCalculator.search.placeholder')}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
          setActive(-1);
          setError(null);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
        onFocus={() => setOpen(true)}
        className={cn(
          'h-10 w-full rounded-control border border-border-strong bg-surface-raised px-3 text-sm text-fg',
          'outline-none focus:border-focus focus:outline-2 focus:outline-focus focus:outline-solid',
          error && 'border-danger-fg',
        )}
      />
      {!error && (
        <p id={`${id}-hint`} className="text-xs text-fg-muted">
          {t('fullCalculator.search.hint')}
        </p>
      )}
      {error && (
        <p id={errorId} role="alert" className="text-xs font-medium text-danger-fg">
          {intl.formatMessage(error)}
        </p>
      )}
      <ul
        id={listId}
        role="listbox"
        aria-label={t('fullCalculator.search.suggestions')}
        hidden={!showList}
        className="absolute top-[4.25rem] right-0 left-0 z-[1000] max-h-72 overflow-auto rounded-control border border-border bg-surface-raised p-1 shadow-overlay"
      >
        {search.isFetching && suggestions.length === 0 && (
          <li role="presentation" className="px-2.5 py-2">
            <Spinner label={t('fullCalculator.search.searching')} showLabel size="sm" />
          </li>
        )}
        {search.isError && (
          <li role="presentation" className="px-2.5 py-2 text-sm text-danger-fg">
            {intl.formatMessage(loadFailure(search.error, { id: 'fullCalculator.search.failed' }))}
          </li>
        )}
        {search.isSuccess && suggestions.length === 0 && (
          <li role="presentation" className="px-2.5 py-2 text-sm text-fg-muted">
            {t('fullCalculator.search.none')}
          </li>
        )}
        {suggestions.map((suggestion, index) => (
          // Keys are handled by the combobox input (aria-activedescendant pattern).
          // eslint-disable-next-line jsx-a11y/click-events-have-key-events
          <li
            key={suggestion.placeId}
            id={`${id}-option-${index}`}
            role="option"
            aria-selected={index === active}
            // Keeps focus in the input so the pick is not lost to blur.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => pick(suggestion)}
            className={cn(
              'cursor-default rounded-md px-2.5 py-2 text-sm text-fg',
              index === active && 'bg-brand-50 dark:bg-white/10',
            )}
          >
            {suggestion.address}
          </li>
        ))}
      </ul>
    </div>
  );
}
