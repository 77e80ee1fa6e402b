/** The pipeline list's search box and status filter. */
import { PROJECT_STATUSES, type ProjectStatus } from '@solar/domain';
import { SearchField, Select } from '@solar/ui';
import { useSearchBox } from '../../app/use-search-box.ts';
import { SavedViews } from '../saved-views/saved-views.tsx';
import type { ProjectListState } from './list-state.ts';
import { useProjectText } from './project-text.ts';

/**
 * The search box (app/use-search-box.ts: committed to the URL 800 ms after the last
 * keystroke) and the status filter.
 */
export function ProjectListFilters({
  state,
  update,
}: {
  state: ProjectListState;
  update: (changes: Partial<ProjectListState>, replace?: boolean) => void;
}) {
  const { t, status } = useProjectText();
  const box = useSearchBox(state.search, (search) => update({ search, page: 1 }, true));

  return (
    <div className="grid gap-4 sm:grid-cols-[2fr_1fr]">
      <SearchField
        label={t('projects.list.search')}
        placeholder={t('projects.list.searchPlaceholder')}
        clearLabel={t('projects.list.clearSearch')}
        {...box}
      />
      <Select<ProjectStatus | 'all'>
        label={t('projects.list.filterStatus')}
        options={[
          { id: 'all', label: t('projects.list.allStatuses') },
          ...PROJECT_STATUSES.map((s) => ({ id: s, label: status(s) })),
        ]}
        value={state.status ?? 'all'}
        onChange={(value) => update({ status: value === 'all' ? null : value, page: 1 })}
      />
      <SavedViews list="projects" className="sm:col-span-2" />
    </div>
  );
}
