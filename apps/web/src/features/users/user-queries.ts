/**
 * The user screens' reads (docs/product.md#errors-and-messages; the OpenAPI document): the shared
 * query options of '@solar/api/react' with one retry for a network or server failure and none for a
 * refusal (a 404 detail goes straight back to the list with its toast).
 */
import { toApiError, type AdminUserListParams, type ApiError } from '@solar/api';
import { adminUserListQuery, adminUserQuery, useApiClient } from '@solar/api/react';
import {
  ERROR_CODE_MESSAGES,
  isApiErrorCode,
  userMessages,
  type MessageDescriptor,
} from '@solar/domain';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { useNotify } from '../../app/notices.tsx';
import { usersListPath } from './list-return.ts';

/** Retry once, unless the server refused (4xx). */
export function retryServerFailures(count: number, error: Error): boolean {
  const status = (error as Partial<ApiError>).status ?? 0;
  return count < 1 && !(status >= 400 && status < 500);
}

/** `GET /admin/users` for the list; the previous page stays while the next loads. */
export function useUserList(params: AdminUserListParams) {
  const api = useApiClient();
  return useQuery({ ...adminUserListQuery(api, params), retry: retryServerFailures });
}

/** `GET /admin/users/{id}`. */
export function useUserDetail(id: string) {
  const api = useApiClient();
  return useQuery({ ...adminUserQuery(api, id), retry: retryServerFailures });
}

/**
 * Loads a user; on failure raises 'Failed to load user details' (with the server's
 * reason) and goes back to /users (docs/product.md#errors-and-messages). Shared by the view and
 * edit screens.
 */
export function useUserDetailOrLeave(id: string) {
  const notify = useNotify();
  const [, navigate] = useLocation();
  const query = useUserDetail(id);
  const { isError, error } = query;
  useEffect(() => {
    if (!isError) return;
    notify({ kind: 'error', title: userMessages.detailLoadFailed, message: failureReason(error) });
    navigate(usersListPath(), { replace: true });
  }, [isError, error, notify, navigate]);
  return query;
}

/**
 * Why a call failed, for a toast's description: the translated message of the contract's
 * error code, else the error's own text (e.g. a network failure).
 */
export function failureReason(error: unknown): MessageDescriptor | string {
  const failure = toApiError(error);
  return isApiErrorCode(failure.code) ? ERROR_CODE_MESSAGES[failure.code] : failure.message;
}
