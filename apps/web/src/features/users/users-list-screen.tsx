/**
 * /users (docs/product.md#user-administration and #errors-and-messages; canManageUsers only, the
 * route guard sends others to /dashboard): the admin user list from `GET /admin/users`.
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
 * - Rows can be selected for bulk activate / deactivate (bulk-status.tsx), one by
 *   one or all of the page at once; Export CSV
 *   downloads every user of the current search and filters (export-csv.tsx).
 */
import {
  DEFAULT_USER_SORT,
  userMessages,
  type AdminUserListItem,
  type SortState,
  type UserSortField,
} from '@solar/domain';
import {
  Button,
  ButtonLink,
  DataTable,
  EmptyState,
  LoadError,
  PlusIcon,
  SearchIcon,
  UsersIcon,
} from '@solar/ui';
import { useIntl } from 'react-intl';
import { useSearch } from 'wouter';
import { ListFooter } from '../../app/list-footer.tsx';
import { SignedInShell } from '../../app/shell.tsx';
import { BulkStatusBar, useBulkSelection, useSelectColumn } from './bulk-status.tsx';
import { ExportCsvButton } from './export-csv.tsx';
import { ListFilters } from './list-filters.tsx';
import { listStateToParams } from './list-state.ts';
import { useUserColumns, type Column } from './user-columns.tsx';
import { useUsersList } from './use-users-list.ts';

export default function UsersListScreen() {
  const intl = useIntl();
  const { state, query, data, failure, filtered, loading, update } = useUsersList();
  const selection = useBulkSelection(useSearch());
  const rows = data?.items ?? [];
  const columns = [useSelectColumn<Column>('select', selection, rows), ...useUserColumns()];

  return (
    <SignedInShell>
      <div className="flex flex-col gap-6">
        <header className="flex flex-wrap items-center justify-between gap-3">
          <h1 className="text-2xl font-semibold">
            {intl.formatMessage({ id: 'users.list.title' })}
          </h1>
          <div className="flex flex-wrap items-center gap-2">
            <ExportCsvButton params={listStateToParams(state)} />
            <ButtonLink href="/users/create">
              <PlusIcon className="size-4" aria-hidden="true" />
              {intl.formatMessage({ id: 'users.list.create' })}
            </ButtonLink>
          </div>
        </header>

        <ListFilters state={state} update={update} />

        {query.isError && (
          <LoadError
            message={intl.formatMessage(failure)}
            onRetry={() => void query.refetch()}
            retryLabel={intl.formatMessage({ id: 'users.list.retry' })}
          />
        )}

        <BulkStatusBar selection={selection} />

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
          sortLabels={{
            sortBy: intl.formatMessage({ id: 'users.list.sortBy' }),
            none: intl.formatMessage({ id: 'users.list.sortNone' }),
            ascending: (column) =>
              intl.formatMessage({ id: 'users.list.sortAscending' }, { column }),
            descending: (column) =>
              intl.formatMessage({ id: 'users.list.sortDescending' }, { column }),
          }}
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

        <ListFooter
          prefix="users.list"
          page={state.page}
          size={state.size}
          data={data}
          update={update}
        />
      </div>
    </SignedInShell>
  );
}
