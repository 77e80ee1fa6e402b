/**
 * Address search of the location step (docs/product.md#full-calculator;
 * docs/decisions/032-geocoding-providers-and-fallback-estimate.md). The geocoder
 * (`GET /geo/search`, Nominatim) is asked only when the user submits the text, with Enter or
 * the Search button: its usage policy forbids searching as the user types. The places found
 * are listed as buttons to pick from (a place must be picked: typed text alone is no
 * location). When the server offers type-ahead (`GET /config` `addressSuggestions`, a
 * Photon-compatible service), the field is a combobox whose suggestions come from
 * `GET /geo/suggest` a moment after the user stops typing; picking one chooses it at once.
 * `onSearchState` tells the parent whether the last search failed (so it can offer the
 * other ways on) and what was typed.
 */
import {
  globalErrorMessages,
  SUGGEST_DEBOUNCE_MS,
  validationMessages,
  type GeoPlace,
  type MapSelection,
  type MessageDescriptor,
} from '@solar/domain';
import { ApiError } from '@solar/api';
import { geoSearchQuery, geoSuggestQuery, useApiClient, useConfig } from '@solar/api/react';
import { Button, ComboBox, Spinner, TextField } from '@solar/ui';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { useDebounce } from 'use-debounce';
import { loadValidation, preloadValidation } from '../../forms/load-validation.ts';

/** Shortest text that gets suggestions. */
export const SUGGEST_MIN_CHARS = 3;

/** What the parent hears after each search. */
export interface AddressSearchState {
  /** The text the user typed (trimmed). */
  text: string;
  /** The last submitted search could not be done (the geocoder is down or busy). */
  failed: boolean;
}

export interface AddressSearchProps {
  /** Called with the picked place. */
  onSelect: (selection: MapSelection) => void;
  /** Hears the typed text and whether the last search failed. */
  onSearchState?: (state: AddressSearchState) => void;
}

/** The field, the Search button and the places found. */
export function AddressSearch({ onSelect, onSearchState }: AddressSearchProps) {
  const intl = useIntl();
  const api = useApiClient();
  const config = useConfig();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id }, values);
  const resultsId = useId();
  const typeAhead = config.data?.addressSuggestions === true;
  const [text, setText] = useState('');
  /** The picked place's id (its address fills the field). */
  const [picked, setPicked] = useState<string | null>(null);
  /** The text last submitted (null: nothing submitted since the last edit or pick). */
  const [submitted, setSubmitted] = useState<string | null>(null);
  const [error, setError] = useState<MessageDescriptor | null>(null);
  /**
   * Set when a suggestion was picked since the last Enter: Enter on the highlighted
   * suggestion picks it just before `onKeyDown` sees that Enter.
   */
  const justPicked = useRef(false);
  const term = text.trim();

  const [suggestTerm] = useDebounce(term, SUGGEST_DEBOUNCE_MS);
  const suggest = useQuery({
    ...geoSuggestQuery(api, suggestTerm, intl.locale),
    enabled: typeAhead && picked === null && suggestTerm.length >= SUGGEST_MIN_CHARS,
  });
  const suggesting = typeAhead && picked === null && term.length >= SUGGEST_MIN_CHARS;
  const suggestions: readonly GeoPlace[] = suggesting ? (suggest.data ?? []) : [];
  // Opens the list as the user types, before the suggestions arrive (react-aria opens it on
  // input only while it has something to show).
  const suggestState: ReactNode = !suggesting ? undefined : term !== suggestTerm ||
    suggest.isFetching ? (
    <Spinner label={t('fullCalculator.search.suggesting')} showLabel size="sm" />
  ) : (
    t('fullCalculator.search.noSuggestion')
  );

  const search = useQuery({
    ...geoSearchQuery(api, submitted ?? '', intl.locale),
    enabled: submitted !== null,
  });
  const failed = submitted !== null && search.isError;

  useEffect(() => {
    onSearchState?.({ text: term, failed });
    // Tell the parent when the text or the outcome changes, not on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [term, failed]);

  function edit(value: string) {
    if (value === text) return;
    setText(value);
    setPicked(null);
    setSubmitted(null);
    setError(null);
  }

  // The rules that check a picked place load while the visitor types (forms/load-validation.ts).
  useEffect(() => {
    if (term !== '') preloadValidation();
  }, [term]);

  async function pick(place: GeoPlace | undefined) {
    const rules = await loadValidation();
    if (!rules) {
      setError(globalErrorMessages.connection);
      return;
    }
    const result = rules.selectionFromSuggestion(place);
    if (!result.ok) {
      setError(result.message);
      return;
    }
    setError(null);
    setPicked(result.selection.placeId);
    setText(result.selection.address);
    setSubmitted(null);
    onSelect(result.selection);
  }

  function submit() {
    if (term === '') {
      setError(validationMessages.searchRequired);
      return;
    }
    setError(null);
    if (submitted === term && search.isError) void search.refetch();
    setSubmitted(term);
  }

  const fieldProps = {
    label: t('fullCalculator.search.label'),
    placeholder: t('fullCalculator.search.placeholder'),
    description: error
      ? undefined
      : t(typeAhead ? 'fullCalculator.search.hintSuggest' : 'fullCalculator.search.hint'),
    errorMessage: error ? intl.formatMessage(error) : undefined,
  };

  return (
    <div className="flex flex-col gap-3">
      <form
        role="search"
        aria-label={t('fullCalculator.search.label')}
        noValidate
        className="flex flex-wrap items-start gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        {typeAhead ? (
          <ComboBox
            {...fieldProps}
            className="min-w-0 flex-1 basis-44"
            options={suggestions.map((s) => ({ id: s.placeId, label: s.address }))}
            emptyState={suggestState}
            // Typed text stays in the input; Enter on it submits the search.
            allowsCustomValue
            menuTrigger="input"
            inputValue={text}
            onInputChange={edit}
            selectedKey={picked}
            onSelectionChange={(key) => {
              if (key === null) return;
              justPicked.current = true;
              void pick(suggestions.find((s) => s.placeId === key));
            }}
            // The open list keeps Enter from submitting the form: submit it here, unless
            // that Enter picked a suggestion.
            onKeyDown={(event) => {
              if (event.key !== 'Enter') return;
              const picking = justPicked.current;
              justPicked.current = false;
              if (picking) return;
              event.preventDefault();
              submit();
            }}
          />
        ) : (
          <TextField
            {...fieldProps}
            className="min-w-0 flex-1 basis-44"
            value={text}
            onChange={edit}
            enterKeyHint="search"
            autoComplete="street-address"
          />
        )}
        {/* Aligned with the input: the label's line height above it. */}
        <Button type="submit" variant="secondary" className="mt-6.5">
          {t('fullCalculator.search.submit')}
        </Button>
      </form>
      {submitted !== null && (
        <div id={resultsId} className="flex flex-col gap-2">
          {search.isFetching ? (
            <div role="status">
              <Spinner label={t('fullCalculator.search.searching')} showLabel size="sm" />
            </div>
          ) : failed ? (
            <p role="alert" className="text-sm font-medium text-danger-fg">
              {t(
                search.error instanceof ApiError && search.error.status === 503
                  ? 'fullCalculator.search.busy'
                  : 'fullCalculator.search.failed',
              )}
            </p>
          ) : search.data && search.data.length === 0 ? (
            <p role="status" className="text-sm">
              {t('fullCalculator.search.none')}
            </p>
          ) : search.data ? (
            <section aria-labelledby={`${resultsId}-title`} className="flex flex-col gap-2">
              <p id={`${resultsId}-title`} role="status" className="text-sm font-medium">
                {t('fullCalculator.search.found', { count: search.data.length })}
              </p>
              <ul className="flex flex-col gap-1.5">
                {search.data.map((place) => (
                  <li key={place.placeId}>
                    <Button
                      variant="secondary"
                      className="h-auto w-full justify-start py-2 text-left break-words whitespace-normal"
                      onPress={() => void pick(place)}
                    >
                      {place.address}
                    </Button>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </div>
      )}
    </div>
  );
}
