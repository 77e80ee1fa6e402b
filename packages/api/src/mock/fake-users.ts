/**
 * The fake's user administration (docs/product.md#user-administration; the OpenAPI document): the
 * searched, filtered, sorted and paged list, one user, creation and update. Every call
 * needs the canManageUsers permission (403 otherwise).
 */
import type { AdminUserDetail, AdminUserListItem } from '@solar/domain/contract';
import { apiMessages } from '@solar/domain/messages';
import { toPage } from '@solar/domain/paging';
import {
  adminCreateUserRequestSchema,
  adminUpdateUserRequestSchema,
  adminUserStatusRequestSchema,
  adminUserListQuerySchema,
} from '@solar/domain/requests';
import { userTypeToName } from '@solar/domain/roles';
import { recordAudit, userAuditView } from './fake-audit.ts';
import { ok, parse, refuse, reply, type FakeReply } from './reply.ts';
import type { FakeStore, FakeUser } from './store.ts';

/** The admin user calls of the fake; `auth` is the Authorization header. */
export interface FakeAdminUsers {
  listUsers(auth: string | null, query: Record<string, string>): FakeReply;
  getUser(auth: string | null, id: string): FakeReply;
  createUser(auth: string | null, body: unknown): FakeReply;
  updateUser(auth: string | null, id: string, body: unknown): FakeReply;
  /** `PUT /admin/users/{id}/status`: only isActive changes. */
  setUserStatus(auth: string | null, id: string, body: unknown): FakeReply;
}

const detailOf = (user: FakeUser, crmConfigured: boolean): AdminUserDetail => ({
  id: user.id,
  user: {
    name: user.name,
    email: user.email,
    emailVerified: user.emailConfirmed,
    picture: user.picture,
  },
  userType: userTypeToName(user.userType)!,
  isActive: user.isActive,
  createdAt: user.createdAt,
  lastLoginAt: user.lastLoginAt,
  pipedrivePersonId: user.pipedrivePersonId,
  crmConfigured,
  locale: user.locale,
});

const listItemOf = (user: FakeUser): AdminUserListItem => ({
  id: user.id,
  name: user.name,
  email: user.email,
  userType: user.userType,
  isActive: user.isActive,
  emailConfirmed: user.emailConfirmed,
  createdAt: user.createdAt,
  lastLoginAt: user.lastLoginAt,
});

/** The admin user calls over `store`. */
export function fakeAdminUsers(store: FakeStore): FakeAdminUsers {
  const { users } = store;
  const manager = (auth: string | null) => store.requireFlag(auth, 'canManageUsers');
  return {
    listUsers: (auth, query) =>
      reply(() => {
        manager(auth);
        const q = parse(adminUserListQuerySchema, query);
        const search = q.searchTerm?.toLowerCase();
        const rows = [...users.values()].filter(
          (u) =>
            (!search ||
              u.name.toLowerCase().includes(search) ||
              u.email.toLowerCase().includes(search)) &&
            (q.userType === undefined || u.userType === q.userType) &&
            (q.isEmailConfirmed === undefined || u.emailConfirmed === q.isEmailConfirmed),
        );
        const key = q.sortBy;
        const value = (u: FakeUser): string | number => {
          const v = key === 'lastLoginAt' ? u.lastLoginAt : u[key];
          if (v === null) return '';
          if (typeof v === 'boolean') return v ? 1 : 0;
          return typeof v === 'string' && key !== 'createdAt' ? v.toLowerCase() : v;
        };
        rows.sort((a, b) => {
          const x = value(a);
          const y = value(b);
          const order = x < y ? -1 : x > y ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
          return q.descending ? -order : order;
        });
        const start = (q.pageNumber - 1) * q.pageSize;
        return ok(
          toPage(
            rows.slice(start, start + q.pageSize).map(listItemOf),
            rows.length,
            q.pageNumber,
            q.pageSize,
          ),
        );
      }),
    getUser: (auth, id) =>
      reply(() => {
        manager(auth);
        const user = users.get(id);
        if (!user) refuse(404, 'not_found', 'User not found');
        return ok(detailOf(user, store.options.crmConfigured ?? true));
      }),
    createUser: (auth, body) =>
      reply(() => {
        const actor = manager(auth);
        const input = parse(adminCreateUserRequestSchema, body);
        store.checkEmailFree(input.email);
        const user = store.addUser({
          name: input.name,
          email: input.email,
          password: input.password,
          userType: input.userType,
          emailConfirmed: input.emailConfirmed,
          locale: input.locale,
        });
        const after = userAuditView(user);
        recordAudit(store, {
          actorId: actor.id,
          action: 'user.create',
          targetId: user.id,
          before: null,
          after,
        });
        return ok(
          { ...detailOf(user, store.options.crmConfigured ?? true), userType: user.userType },
          201,
        );
      }),
    updateUser: (auth, id, body) =>
      reply(() => {
        const actor = manager(auth);
        const input = parse(adminUpdateUserRequestSchema, body);
        const user = users.get(id);
        if (!user) refuse(404, 'not_found', 'User not found');
        if (user.id === actor.id && (!input.isActive || input.userType !== 0)) {
          refuse(409, 'own_account', apiMessages.ownAccount.defaultMessage);
        }
        store.checkEmailFree(input.email, user.id);
        const before = userAuditView(user);
        Object.assign(user, {
          name: input.name,
          email: input.email,
          userType: input.userType,
          emailConfirmed: input.emailConfirmed,
          isActive: input.isActive,
          ...(input.locale === undefined ? {} : { locale: input.locale }),
        });
        if (!user.isActive) store.revokeUserTokens(user.id);
        const after = userAuditView(user);
        recordAudit(store, {
          actorId: actor.id,
          action: 'user.update',
          targetId: user.id,
          before,
          after,
        });
        return ok(detailOf(user, store.options.crmConfigured ?? true));
      }),
    setUserStatus: (auth, id, body) =>
      reply(() => {
        const actor = manager(auth);
        const { isActive } = parse(adminUserStatusRequestSchema, body);
        const user = users.get(id);
        if (!user) refuse(404, 'not_found', 'User not found');
        if (user.id === actor.id && !isActive) {
          refuse(409, 'own_account', apiMessages.ownAccount.defaultMessage);
        }
        const before = userAuditView(user);
        user.isActive = isActive;
        if (!user.isActive) store.revokeUserTokens(user.id);
        const after = userAuditView(user);
        recordAudit(store, {
          actorId: actor.id,
          action: 'user.status',
          targetId: user.id,
          before,
          after,
        });
        return ok(detailOf(user, store.options.crmConfigured ?? true));
      }),
  };
}
