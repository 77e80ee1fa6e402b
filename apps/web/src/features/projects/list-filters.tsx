/** The pipeline list's search box and status filter (issue 22 item 3). */
import { PROJECT_STATUSES, SEARCH_DEBOUNCE_MS, type ProjectStatus } from '@solar/domain';
import { SearchField, Select } from '@solar/ui';
import { useState } from 'react';
import { useDebouncedCallback } from 'use-debounce';
import type { ProjectListState } from './list-state.ts';
import { useProjectText } from './project-text.ts';

/**
 * The search box commits what is typed to the URL 800 ms after the last keystroke (at once
 * on Enter or clear); a change of the URL's search (back button, clear) is copied back.
 */
export function ProjectListFilters({
  state,
  update,
}: {
  state: ProjectListState;
  update: (changes: Partial<ProjectListState>, replace?: boolean) => void;
}) {
  const { t, status } = useProjectText();
  const [draft, setDraft] = useState<{ text: string; over: string } | null>(null);
  const text = draft !== null && draft.over === state.search ? draft.text : state.search;
  const commitSearch = useDebouncedCallback((search: string) => {
    setDraft(null);
    update({ search, page: 1 }, true);
  }, SEARCH_DEBOUNCE_MS);
  const commitNow = (search: string) => {
    commitSearch.cancel();
    setDraft(null);
    update({ search, page: 1 }, true);
  };

  return (
    <div className="grid gap-4 sm:grid-cols-[2fr_1fr]">
      <SearchField
        label={t('projects.list.search')}
        placeholder={t('projects.list.searchPlaceholder')}
        clearLabel={t('projects.list.clearSearch')}
        value={text}
        onChange={(value) => {
          setDraft({ text: value, over: state.search });
          if (value === state.search) commitSearch.cancel();
          else commitSearch(value);
        }}
        onSubmit={commitNow}
        onClear={() => commitNow('')}
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
    </div>
  );
}
