/** The user list's search box and filters (docs/product.md#user-administration). */
import { userMessages, type RoleKey } from '@solar/domain';
import { SearchField, Select } from '@solar/ui';
import { useIntl } from 'react-intl';
import { useSearchBox } from '../../app/use-search-box.ts';
import { SavedViews } from '../saved-views/saved-views.tsx';
import type { UserListState } from './list-state.ts';
import { useRoleOptions } from './user-format.ts';

type VerifiedFilter = 'all' | 'verified' | 'unverified';

/**
 * The search box (app/use-search-box.ts: committed to the URL 800 ms after the last
 * keystroke; a change of the URL's search is copied back) and the two filters.
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
  const box = useSearchBox(state.search, (search) => update({ search, page: 1 }, true));

  const verified: VerifiedFilter =
    state.verified === null ? 'all' : state.verified ? 'verified' : 'unverified';

  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr]">
      <SearchField
        label={intl.formatMessage({ id: 'users.list.search' })}
        placeholder={intl.formatMessage({ id: 'users.list.searchPlaceholder' })}
        clearLabel={intl.formatMessage({ id: 'users.list.clearSearch' })}
        {...box}
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
      <SavedViews list="users" className="sm:col-span-2 lg:col-span-3" />
    </div>
  );
}
