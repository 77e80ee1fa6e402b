/**
 * /users (spec sections 2, 3 and 8; canManageUsers only, the route guard sends others to
 * /dashboard): the admin user list from `GET /admin/users`.
 *
 * - Search by name or email, sent 800 ms after the last keystroke (SEARCH_DEBOUNCE_MS) or
 *   at once on Enter or clear; filters by user type and email verified/unverified.
 * - Header sort cycles descending -> ascending -> none (`aria-sort` on the header); none
 *   is the server default, newest first.
 * - Rows per page 10/25/50/100 (default 10); a pager of at most five page buttons.
 * - While a page loads, the previous page stays visible under a loading overlay.
 * - Empty states: 'No users found' with a create link when nothing exists, 'No users
 *   match your current filters' when a search or filter is applied.
 * - Failure: the 'Failed to load users' toast and an inline retry.
 * Page, size, sort, search and filters live in the URL query (list-state.ts), so a reload
 * or the back button keeps them.
 */
import {
  DEFAULT_USER_SORT,
  roleMessages,
  SEARCH_DEBOUNCE_MS,
  userMessages,
  userEditPath,
  userPath,
  userTypeToRole,
  type AdminUserListItem,
  type PageSize,
  type RoleKey,
  type SortState,
  type UserSortField,
} from '@solar/domain';
import {
  Button,
  ButtonLink,
  DataTable,
  EmptyState,
  Link,
  PageSizeSelect,
  Pagination,
  PlusIcon,
  RoleBadge,
  SearchField,
  SearchIcon,
  Select,
  StatusBadge,
  UsersIcon,
  type DataTableColumn,
} from '@solar/ui';
import { useEffect, useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { useDebouncedCallback } from 'use-debounce';
import { useLocation, useSearch } from 'wouter';
import { SignedInShell } from '../../app/shell.tsx';
import { useNotify } from '../../app/notices.tsx';
import { rememberUsersListQuery } from './list-return.ts';
import {
  isFiltered,
  listStateToParams,
  listStateToSearch,
  parseListState,
  type UserListState,
} from './list-state.ts';
import { useRoleOptions, useUserDates } from './user-format.ts';
import { useUserList } from './user-queries.ts';
import { loadFailure } from '../../app/load-failure.ts';

type VerifiedFilter = 'all' | 'verified' | 'unverified';
/** The table's column ids: the sortable fields plus the row actions. */
type Column = UserSortField | 'actions';

export default function UsersListScreen() {
  const intl = useIntl();
  const notify = useNotify();
  const search = useSearch();
  // Create, view and edit come back to the list as it is now (search, filters, sort, page).
  useEffect(() => rememberUsersListQuery(search), [search]);
  const [location, navigate] = useLocation();
  const state = useMemo(() => parseListState(search), [search]);
  const params = useMemo(() => listStateToParams(state), [state]);
  const query = useUserList(params);
  const filtered = isFiltered(state);

  /** Writes a new list state into the URL (replace: typing must not flood history). */
  const update = (changes: Partial<UserListState>, replace = false) => {
    const next = listStateToSearch({ ...state, ...changes });
    navigate(next ? `${location}?${next}` : location, { replace });
  };

  // Spec section 8: 'Failed to load users' (or, when the server cannot be reached, 'Unable
  // to connect...'), once per failure.
  const { isError, errorUpdatedAt, error } = query;
  const failure = loadFailure(error, userMessages.loadFailed);
  useEffect(() => {
    if (isError) notify({ kind: 'error', message: failure });
  }, [isError, errorUpdatedAt, failure, notify]);

  // A page past the end (e.g. after users left the filter): go to the last page.
  const data = query.data;
  const pastEnd =
    !query.isPlaceholderData && data && data.items.length === 0 && data.totalPages > 0;
  useEffect(() => {
    if (pastEnd) {
      navigate(`${location}?${listStateToSearch({ ...state, page: data.totalPages })}`, {
        replace: true,
      });
    }
  }, [pastEnd, data, location, navigate, state]);

  const columns = useUserColumns();
  const rows = data?.items ?? [];
  const loading = query.isFetching || (query.isPending && !query.isError);

  return (
    <SignedInShell>
      <div className="flex flex-col gap-6">
        <header className="flex flex-wrap items-center justify-between gap-3">
          <h1 className="text-2xl font-semibold">
            {intl.formatMessage({ id: 'users.list.title' })}
          </h1>
          <ButtonLink href="/users/create">
            <PlusIcon className="size-4" aria-hidden="true" />
            {intl.formatMessage({ id: 'users.list.create' })}
          </ButtonLink>
        </header>

        <ListFilters state={state} update={update} />

        {query.isError && (
          <div
            role="alert"
            className="flex flex-wrap items-center justify-between gap-3 rounded-card border border-danger-fg/30 bg-danger-soft p-4 text-sm text-danger-fg"
          >
            <span>{intl.formatMessage(failure)}</span>
            <Button variant="secondary" size="sm" onPress={() => void query.refetch()}>
              {intl.formatMessage({ id: 'users.list.retry' })}
            </Button>
          </div>
        )}

        <DataTable<AdminUserListItem, Column>
          caption={intl.formatMessage({ id: 'users.list.caption' })}
          columns={columns}
          rows={rows}
          getRowId={(row) => row.id}
          // The order shown: with no header sort, Created (newest first) carries aria-sort.
          sort={state.sort ?? DEFAULT_USER_SORT}
          onSortChange={(sort) =>
            update({ sort: sort as SortState<UserSortField> | null, page: 1 })
          }
          isLoading={loading}
          loadingLabel={intl.formatMessage({ id: 'users.list.loading' })}
          isFiltered={filtered}
          emptyState={
            query.isError ? (
              <div className="h-40" />
            ) : (
              <EmptyState
                icon={<UsersIcon />}
                title={intl.formatMessage(userMessages.emptyNone)}
                action={
                  <ButtonLink href="/users/create" variant="secondary">
                    {intl.formatMessage({ id: 'users.list.createFirst' })}
                  </ButtonLink>
                }
              />
            )
          }
          filteredEmptyState={
            query.isError ? (
              <div className="h-40" />
            ) : (
              <EmptyState
                icon={<SearchIcon />}
                title={intl.formatMessage(userMessages.emptyFiltered)}
                action={
                  <Button
                    variant="secondary"
                    onPress={() => update({ search: '', role: null, verified: null, page: 1 })}
                  >
                    {intl.formatMessage({ id: 'users.list.clearFilters' })}
                  </Button>
                }
              />
            )
          }
        />

        <footer className="flex flex-wrap items-center justify-between gap-4">
          <PageSizeSelect
            label={intl.formatMessage({ id: 'users.list.pageSize' })}
            value={state.size}
            onChange={(size: PageSize) => update({ size, page: 1 })}
          />
          {data && data.totalCount > 0 && (
            <p className="text-sm text-fg-muted" aria-live="polite">
              {intl.formatMessage(
                { id: 'users.list.range' },
                {
                  from: (data.pageNumber - 1) * data.pageSize + 1,
                  to: (data.pageNumber - 1) * data.pageSize + data.items.length,
                  total: data.totalCount,
                },
              )}
            </p>
          )}
          <Pagination
            page={state.page}
            totalPages={data?.totalPages ?? 0}
            onPageChange={(page) => update({ page })}
            labels={{
              nav: intl.formatMessage({ id: 'users.list.pagination' }),
              previous: intl.formatMessage({ id: 'users.list.previous' }),
              next: intl.formatMessage({ id: 'users.list.next' }),
              page: (page) => intl.formatMessage({ id: 'users.list.page' }, { page }),
            }}
          />
        </footer>
      </div>
    </SignedInShell>
  );
}

/**
 * The search box and the two filters. The box keeps what is typed and commits it to the
 * URL 800 ms after the last keystroke; a change of the URL's search (back button, clear
 * filters) is copied back into the box.
 */
function ListFilters({
  state,
  update,
}: {
  state: UserListState;
  update: (changes: Partial<UserListState>, replace?: boolean) => void;
}) {
  const intl = useIntl();
  const roles = useRoleOptions();
  const [text, setText] = useState(state.search);
  const [seen, setSeen] = useState(state.search);
  if (seen !== state.search) {
    // The URL's search changed from outside the box: show it.
    setSeen(state.search);
    setText(state.search);
  }
  // The typed text becomes the URL's search a moment after the user stops typing.
  const commitSearch = useDebouncedCallback(
    (search: string) => update({ search, page: 1 }, true),
    SEARCH_DEBOUNCE_MS,
  );
  const type = (value: string) => {
    setText(value);
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
          update({ search: value, page: 1 }, true);
        }}
        onClear={() => {
          commitSearch.cancel();
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

/** The table's columns (spec section 2): name, email, user type, status, verified, dates. */
function useUserColumns(): DataTableColumn<AdminUserListItem, Column>[] {
  const intl = useIntl();
  const dates = useUserDates();
  const t = (id: string) => intl.formatMessage({ id });
  return [
    {
      id: 'name',
      header: t('users.list.column.name'),
      sortable: true,
      cell: (row) => (
        <Link href={userPath(row.id)} className="font-medium">
          {row.name}
        </Link>
      ),
    },
    {
      id: 'email',
      header: t('users.list.column.email'),
      sortable: true,
      cell: (row) => <span className="break-all">{row.email}</span>,
    },
    {
      id: 'userType',
      header: t('users.list.column.userType'),
      sortable: true,
      cell: (row) => {
        const role = userTypeToRole(row.userType);
        return (
          <RoleBadge
            userRole={row.userType}
            label={role ? intl.formatMessage(roleMessages[role]) : String(row.userType)}
          />
        );
      },
    },
    {
      id: 'isActive',
      header: t('users.list.column.status'),
      sortable: true,
      cell: (row) => (
        <StatusBadge
          tone={row.isActive ? 'positive' : 'negative'}
          label={intl.formatMessage(row.isActive ? userMessages.active : userMessages.inactive)}
        />
      ),
    },
    {
      id: 'emailConfirmed',
      header: t('users.list.column.emailVerified'),
      sortable: true,
      cell: (row) => (
        <StatusBadge
          tone={row.emailConfirmed ? 'positive' : 'warning'}
          label={intl.formatMessage(
            row.emailConfirmed ? userMessages.verified : userMessages.unverified,
          )}
        />
      ),
    },
    {
      id: 'createdAt',
      header: t('users.list.column.createdAt'),
      sortable: true,
      cell: (row) => (
        <time dateTime={row.createdAt} className="whitespace-nowrap">
          {dates.date(row.createdAt)}
        </time>
      ),
    },
    {
      id: 'lastLoginAt',
      header: t('users.list.column.lastLogin'),
      sortable: true,
      cell: (row) =>
        row.lastLoginAt ? (
          <time
            dateTime={row.lastLoginAt}
            title={dates.dateTime(row.lastLoginAt)}
            className="whitespace-nowrap"
          >
            {dates.relative(row.lastLoginAt)}
          </time>
        ) : (
          <span className="text-fg-muted">{dates.never}</span>
        ),
    },
    {
      id: 'actions',
      header: t('users.list.column.actions'),
      hideHeader: true,
      cell: (row) => (
        <Link
          href={userEditPath(row.id)}
          aria-label={intl.formatMessage({ id: 'users.list.editUser' }, { name: row.name })}
        >
          {t('users.list.edit')}
        </Link>
      ),
    },
  ];
}
