/** The user list's search box and filters (spec section 2). */
import { SEARCH_DEBOUNCE_MS, userMessages, type RoleKey } from '@solar/domain';
import { SearchField, Select } from '@solar/ui';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useDebouncedCallback } from 'use-debounce';
import type { UserListState } from './list-state.ts';
import { useRoleOptions } from './user-format.ts';

type VerifiedFilter = 'all' | 'verified' | 'unverified';

/**
 * The search box and the two filters. The box keeps what is typed and commits it to the
 * URL 800 ms after the last keystroke; a change of the URL's search (back button, clear
 * filters) is copied back into the box.
 */
export function ListFilters({
  state,
  update,
}: {
  state: UserListState;
  update: (changes: Partial<UserListState>, replace?: boolean) => void;
}) {
  const intl = useIntl();
  const roles = useRoleOptions();
  // What is typed and not yet in the URL, with the URL's search it was typed over: when the
  // URL's search changes (committed, back button, clear filters) the box shows the URL's.
  const [draft, setDraft] = useState<{ text: string; over: string } | null>(null);
  const text = draft !== null && draft.over === state.search ? draft.text : state.search;
  // The typed text becomes the URL's search a moment after the user stops typing.
  const commitSearch = useDebouncedCallback((search: string) => {
    setDraft(null);
    update({ search, page: 1 }, true);
  }, SEARCH_DEBOUNCE_MS);
  const type = (value: string) => {
    setDraft({ text: value, over: state.search });
    if (value === state.search) commitSearch.cancel();
    else commitSearch(value);
  };

  const verified: VerifiedFilter =
    state.verified === null ? 'all' : state.verified ? 'verified' : 'unverified';

  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr]">
      <SearchField
        label={intl.formatMessage({ id: 'users.list.search' })}
        placeholder={intl.formatMessage({ id: 'users.list.searchPlaceholder' })}
        clearLabel={intl.formatMessage({ id: 'users.list.clearSearch' })}
        value={text}
        onChange={type}
        onSubmit={(value) => {
          commitSearch.cancel();
          setDraft(null);
          update({ search: value, page: 1 }, true);
        }}
        onClear={() => {
          commitSearch.cancel();
          setDraft(null);
          update({ search: '', page: 1 }, true);
        }}
        className="sm:col-span-2 lg:col-span-1"
      />
      <Select<RoleKey | 'all'>
        label={intl.formatMessage({ id: 'users.list.filterType' })}
        options={[
          { id: 'all', label: intl.formatMessage({ id: 'users.list.allTypes' }) },
          ...roles,
        ]}
        value={state.role ?? 'all'}
        onChange={(role) => update({ role: role === 'all' ? null : role, page: 1 })}
      />
      <Select<VerifiedFilter>
        label={intl.formatMessage({ id: 'users.list.filterVerified' })}
        options={[
          { id: 'all', label: intl.formatMessage({ id: 'users.list.allVerification' }) },
          { id: 'verified', label: intl.formatMessage(userMessages.verified) },
          { id: 'unverified', label: intl.formatMessage(userMessages.unverified) },
        ]}
        value={verified}
        onChange={(value) =>
          update({ verified: value === 'all' ? null : value === 'verified', page: 1 })
        }
      />
    </div>
  );
}
