/**
 * The pipeline list's state: the list state from the URL query
 * (list-state.ts), the page of projects and `update` (app/use-url-list.ts), with the
 * 'Failed to load projects' toast once per failure and a page past the end sent to the last.
 */
import { usePipelineList } from '@solar/api/react';
import { useUrlList, type ListCodec } from '../../app/use-url-list.ts';
import {
  isProjectListFiltered,
  parseProjectListState,
  projectListStateToParams,
  projectListStateToSearch,
  type ProjectListState,
} from './list-state.ts';
import type { ProjectPipelineParams } from '@solar/api';

const LOAD_FAILED = { id: 'projects.list.loadFailed', defaultMessage: 'Failed to load projects' };

const CODEC: ListCodec<ProjectListState, ProjectPipelineParams> = {
  parse: parseProjectListState,
  toSearch: projectListStateToSearch,
  toParams: projectListStateToParams,
  isFiltered: isProjectListFiltered,
};

/** The list for the URL's query. */
export function useProjectsList() {
  return useUrlList(CODEC, usePipelineList, LOAD_FAILED);
}
