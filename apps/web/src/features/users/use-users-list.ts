/**
 * The user list's state (docs/product.md#user-administration and #errors-and-messages): page, size,
 * sort, search and filters from the URL query (list-state.ts), the page of users and `update`
 * (app/use-url-list.ts), with the 'Failed to load users' toast once per failure and a page past the
 * end sent to the last. Create, view and edit come back to the list as it is now.
 */
import type { AdminUserListParams } from '@solar/api';
import { userMessages } from '@solar/domain';
import { useEffect } from 'react';
import { useUrlList, type ListCodec } from '../../app/use-url-list.ts';
import { rememberUsersListQuery } from './list-return.ts';
import {
  isFiltered,
  listStateToParams,
  listStateToSearch,
  parseListState,
  type UserListState,
} from './list-state.ts';
import { useUserList } from './user-queries.ts';

const CODEC: ListCodec<UserListState, AdminUserListParams> = {
  parse: parseListState,
  toSearch: listStateToSearch,
  toParams: listStateToParams,
  isFiltered,
};

/** The list for the URL's query. */
export function useUsersList() {
  const list = useUrlList(CODEC, useUserList, userMessages.loadFailed);
  const { search } = list;
  // Create, view and edit come back to the list as it is now (search, filters, sort, page).
  useEffect(() => rememberUsersListQuery(search), [search]);
  return list;
}
