/**
 * Address search of the map picker (spec sections 2 and 5; issue 9): a combobox (@solar/ui
 * `ComboBox`, react-aria's) whose suggestions come from `GET /geo/search` after the user
 * stops typing (debounced). A place must be picked from it: Enter on typed text without a
 * picked suggestion shows 'Please select a valid address from the dropdown', and a
 * suggestion without coordinates shows its own message (domain `selectionFromSuggestion`).
 * Keyboard: ArrowDown/ArrowUp move through the suggestions, Enter picks, Escape closes.
 * Only what the user types is searched: a pick fills the input without a new search.
 */
import {
  selectionFromSuggestion,
  type GeoPlace,
  type MapSelection,
  type MessageDescriptor,
} from '@solar/domain';
import { useApiClient } from '@solar/api/react';
import { ComboBox, Spinner } from '@solar/ui';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState, type ReactNode } from 'react';
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

/** The combobox with its suggestions, and its searching, nothing-found and failure states. */
export function AddressSearch({ onSelect }: AddressSearchProps) {
  const intl = useIntl();
  const api = useApiClient();
  const t = (id: string) => intl.formatMessage({ id });
  /** What the input shows: the typed text, or the picked address. */
  const [text, setText] = useState('');
  /** What the user typed last: the search term. */
  const [typed, setTyped] = useState('');
  /** The picked suggestion's placeId. */
  const [picked, setPicked] = useState<string | null>(null);
  /**
   * Set when a suggestion was picked since the last Enter or keystroke: Enter on the
   * highlighted suggestion picks it just before `onKeyDown` sees that Enter.
   */
  const justPicked = useRef(false);
  const [error, setError] = useState<MessageDescriptor | null>(null);
  const term = typed.trim();
  const [query] = useDebounce(term, SEARCH_DEBOUNCE_MS);
  const search = useQuery({
    queryKey: ['solar', 'geo', 'search', query, intl.locale],
    queryFn: () => api.geo.search(query),
    enabled: query.length >= SEARCH_MIN_CHARS,
    staleTime: 5 * 60_000,
    retry: false,
  });
  const searching = term.length >= SEARCH_MIN_CHARS;
  const suggestions: readonly GeoPlace[] = searching ? (search.data ?? []) : [];
  const pending = term !== query || search.isFetching;

  let emptyState: ReactNode = undefined;
  if (searching && pending) {
    emptyState = <Spinner label={t('fullCalculator.search.searching')} showLabel size="sm" />;
  } else if (searching && search.isError) {
    emptyState = (
      <span className="text-danger-fg">
        {intl.formatMessage(loadFailure(search.error, { id: 'fullCalculator.search.failed' }))}
      </span>
    );
  } else if (searching) {
    emptyState = t('fullCalculator.search.none');
  }

  function pick(suggestion: GeoPlace | undefined) {
    const result = selectionFromSuggestion(suggestion);
    if (!result.ok) {
      setError(result.message);
      return;
    }
    setError(null);
    setPicked(result.selection.placeId);
    setText(result.selection.address);
    onSelect(result.selection);
  }

  return (
    <ComboBox
      label={t('fullCalculator.search.label')}
      placeholder={t('fullCalculator.search.placeholder')}
      description={error ? undefined : t('fullCalculator.search.hint')}
      errorMessage={error ? intl.formatMessage(error) : undefined}
      options={suggestions.map((s) => ({ id: s.placeId, label: s.address }))}
      emptyState={emptyState}
      // Typed text stays in the input (Enter on it says to pick from the list).
      allowsCustomValue
      inputValue={text}
      onInputChange={(value) => {
        if (value === text) return;
        setText(value);
        setTyped(value);
        setPicked(null);
        setError(null);
        justPicked.current = false;
      }}
      selectedKey={picked}
      onSelectionChange={(key) => {
        if (key === null) return;
        justPicked.current = true;
        pick(suggestions.find((s) => s.placeId === key));
      }}
      onKeyDown={(event) => {
        if (event.key !== 'Enter') return;
        if (!justPicked.current && picked === null) pick(undefined);
        justPicked.current = false;
      }}
    />
  );
}
