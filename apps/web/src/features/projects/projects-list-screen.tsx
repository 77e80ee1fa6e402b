/**
 * /projects (every signed-in user): the projects the caller may see from
 * `GET /projects/pipeline`: a client their own, staff also those their flags bring into
 * view (pipeline.ts). Like the user list: search (debounced), status filter, header sort,
 * rows per page and pager, cards on phones, the previous page under an overlay while the
 * next loads, and the whole list state in the URL (list-state.ts). Rows link to the
 * project's page; with no project yet, the empty state invites the first assessment.
 */
import { ROUTES, visibleStatuses, type ProjectListItem } from '@solar/domain';
import {
  Button,
  ButtonLink,
  CalculatorIcon,
  DataTable,
  EmptyState,
  LoadError,
  SearchIcon,
} from '@solar/ui';
import { useIntl } from 'react-intl';
import { useSessionLike } from '../../app/session-gate.tsx';
import { ListFooter } from '../../app/list-footer.tsx';
import { SignedInShell } from '../../app/shell.tsx';
import { DEFAULT_PROJECT_SORT } from './list-state.ts';
import { ProjectListFilters } from './list-filters.tsx';
import { useProjectColumns, type ProjectColumn } from './project-columns.tsx';
import { useProjectsList } from './use-projects-list.ts';

export default function ProjectsListScreen() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id }, values);
  const { state, query, data, failure, filtered, loading, update } = useProjectsList();
  const isStaff = visibleStatuses(useSessionLike()?.role).length > 0;
  const columns = useProjectColumns(isStaff);
  const blank = query.isError ? <div className="h-40" /> : null;

  return (
    <SignedInShell>
      <div className="flex flex-col gap-6">
        <header className="flex flex-wrap items-center justify-between gap-3">
          <h1 className="text-2xl font-semibold">{t('projects.list.title')}</h1>
          <ButtonLink href={ROUTES.fullCalculator} variant="secondary">
            <CalculatorIcon className="size-4" aria-hidden="true" />
            {t('projects.list.emptyAction')}
          </ButtonLink>
        </header>

        <ProjectListFilters state={state} update={update} />

        {query.isError && (
          <LoadError
            message={intl.formatMessage(failure)}
            onRetry={() => void query.refetch()}
            retryLabel={t('projects.list.retry')}
          />
        )}

        <DataTable<ProjectListItem, ProjectColumn>
          caption={t('projects.list.caption')}
          columns={columns}
          rows={data?.items ?? []}
          getRowId={(row) => row.id}
          sort={state.sort ?? DEFAULT_PROJECT_SORT}
          onSortChange={(sort) => update({ sort: sort as typeof state.sort, page: 1 })}
          isLoading={loading}
          loadingLabel={t('projects.list.loading')}
          sortLabels={{
            sortBy: t('projects.list.sortBy'),
            none: t('projects.list.sortNone'),
            ascending: (column) => t('projects.list.sortAscending', { column }),
            descending: (column) => t('projects.list.sortDescending', { column }),
          }}
          isFiltered={filtered}
          emptyState={
            blank ?? (
              <EmptyState
                icon={<CalculatorIcon />}
                title={t('projects.list.emptyTitle')}
                description={t('projects.list.emptyBody')}
                action={
                  <ButtonLink href={ROUTES.fullCalculator}>
                    {t('projects.list.emptyAction')}
                  </ButtonLink>
                }
              />
            )
          }
          filteredEmptyState={
            blank ?? (
              <EmptyState
                icon={<SearchIcon />}
                title={t('projects.list.filteredTitle')}
                action={
                  <Button
                    variant="secondary"
                    onPress={() => update({ search: '', status: null, page: 1 })}
                  >
                    {t('projects.list.clearFilters')}
                  </Button>
                }
              />
            )
          }
        />

        <ListFooter
          prefix="projects.list"
          page={state.page}
          size={state.size}
          data={data}
          update={update}
        />
      </div>
    </SignedInShell>
  );
}
