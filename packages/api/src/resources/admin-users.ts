/**
 * Admin users resource (docs/product.md#user-administration; the OpenAPI document). Needs the
 * canManageUsers permission: others get 403 (which raises the 'Authorization Error' event).
 * Rejects with ApiError.
 */
import type {
  AdminCreateUserRequest,
  AdminUpdateUserRequest,
  AdminUserCreated,
  AdminUserDetail,
  UserListQuery,
  UserListResponse,
} from '@solar/domain/contract';
import type { Transport } from '../transport.ts';

/** The user list query as the client sends it: every field optional (server defaults). */
export type AdminUserListParams = Partial<UserListQuery>;

/** The admin user calls. */
export interface AdminUsersResource {
  /**
   * `GET /admin/users?pageNumber&pageSize&sortBy&descending&searchTerm&userType&isEmailConfirmed`
   * -> 200 one page `{items, pageNumber, pageSize, totalCount, totalPages, hasPreviousPage,
   * hasNextPage}`; 400 for a bad value; 403.
   */
  list(params?: AdminUserListParams): Promise<UserListResponse>;
  /** `GET /admin/users/{id}` -> 200 AdminUserDetail (userType as text); 404. */
  get(id: string): Promise<AdminUserDetail>;
  /** `POST /admin/users {name,email,password,userType,emailConfirmed}` -> 201 detail with userType 0..6; 400, 409. */
  create(body: AdminCreateUserRequest): Promise<AdminUserCreated>;
  /** `PUT /admin/users/{id} {name,email,userType,emailConfirmed,isActive}` -> 200 AdminUserDetail; 400, 404, 409. */
  update(id: string, body: AdminUpdateUserRequest): Promise<AdminUserDetail>;
  /**
   * `PUT /admin/users/{id}/status {isActive}` -> 200 AdminUserDetail: activates or
   * deactivates and changes nothing else (bulk changes); 400, 404, 409 own_account or
   * last_admin.
   */
  setActive(id: string, isActive: boolean): Promise<AdminUserDetail>;
}

/** The query string of a user list request: absent and empty values are left out. */
export function userListSearchParams(params: AdminUserListParams = {}): URLSearchParams {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    search.set(key, String(value));
  }
  return search;
}

/** Creates the admin users resource. */
export function adminUsersResource(t: Transport): AdminUsersResource {
  const path = (id: string) => `admin/users/${encodeURIComponent(id)}`;
  return {
    list: (params) =>
      t.authed((http) =>
        http
          .get('admin/users', { searchParams: userListSearchParams(params) })
          .json<UserListResponse>(),
      ),
    get: (id) => t.authed((http) => http.get(path(id)).json<AdminUserDetail>()),
    create: (body) =>
      t.authed((http) => http.post('admin/users', { json: body }).json<AdminUserCreated>()),
    update: (id, body) =>
      t.authed((http) => http.put(path(id), { json: body }).json<AdminUserDetail>()),
    setActive: (id, isActive) =>
      t.authed((http) =>
        http.put(`${path(id)}/status`, { json: { isActive } }).json<AdminUserDetail>(),
      ),
  };
}
