/**
 * Permissions (docs/product.md#roles-and-permissions): the eleven flags, the role x flag matrix as
 * data, and the one check {@link can} used by route guards, nav links, dashboard cards and the
 * server.
 *
 * Units: a session's `expiresAt` is the access token's `exp`, in epoch seconds; `nowMs`
 * is epoch milliseconds (`Date.now()`).
 */
import { isExpired } from './jwt.ts';
import { isRoleKey, type RoleKey } from './roles.ts';

/** The eleven permission flags (docs/product.md#roles-and-permissions). */
export const PERMISSION_FLAGS = [
  'canViewAllProjects',
  'canCreateProjects',
  'canEditProjects',
  'canDeleteProjects',
  'canManageUsers',
  'canViewReports',
  'canManageSuppliers',
  'canScheduleInspections',
  'canViewClientData',
  'canInstallEquipment',
  'canViewAuditLog',
] as const;

/** One permission flag. */
export type PermissionFlag = (typeof PERMISSION_FLAGS)[number];

/** Every flag with its value, as the web's permission hook exposes it. */
export type Permissions = Readonly<Record<PermissionFlag, boolean>>;

/** The flags that are true for each role (docs/product.md#roles-and-permissions table); all others are false. */
export const PERMISSION_MATRIX: Readonly<Record<RoleKey, readonly PermissionFlag[]>> = {
  admin: [
    'canViewAllProjects',
    'canCreateProjects',
    'canEditProjects',
    'canDeleteProjects',
    'canManageUsers',
    'canViewReports',
    'canManageSuppliers',
    'canScheduleInspections',
    'canViewClientData',
    'canViewAuditLog',
  ],
  project_manager: [
    'canViewAllProjects',
    'canCreateProjects',
    'canEditProjects',
    'canViewReports',
    'canManageSuppliers',
    'canScheduleInspections',
    'canViewClientData',
  ],
  installer: ['canInstallEquipment'],
  roof_inspector: ['canScheduleInspections'],
  client_residential: [],
  client_commercial: [],
  supplier: [],
};

/** What a permission check needs to know about the signed-in user. */
export interface SessionLike {
  /** Session key (`admin`, ...); anything else has no permissions. */
  readonly role?: string | null;
  /** Access token expiry in epoch seconds (JWT `exp`); missing counts as expired. */
  readonly expiresAt?: number | null;
}

/** True when there is a session whose token has not expired at `nowMs` (docs/product.md#roles-and-permissions). */
export function isSignedIn(session: SessionLike | null | undefined, nowMs: number): boolean {
  return session != null && !isExpired(session.expiresAt, nowMs);
}

/** All flags of a role (docs/product.md#roles-and-permissions); an unknown or missing role has none. */
export function permissionsFor(role: string | null | undefined): Permissions {
  const granted: readonly PermissionFlag[] = isRoleKey(role) ? PERMISSION_MATRIX[role] : [];
  return Object.fromEntries(
    PERMISSION_FLAGS.map((flag) => [flag, granted.includes(flag)]),
  ) as Record<PermissionFlag, boolean>;
}

/**
 * The permission check (docs/product.md#roles-and-permissions): false with no session, no role, an
 * unknown role, or an expired token (`expiresAt` epoch seconds <= `nowMs` epoch ms / 1000);
 * otherwise the matrix value.
 */
export function can(
  session: SessionLike | null | undefined,
  flag: PermissionFlag,
  nowMs: number,
): boolean {
  if (!session || !isSignedIn(session, nowMs)) return false;
  return permissionsFor(session.role)[flag];
}

/** Every flag for a session at `nowMs`, each as {@link can} answers it (docs/product.md#roles-and-permissions). */
export function sessionPermissions(
  session: SessionLike | null | undefined,
  nowMs: number,
): Permissions {
  return permissionsFor(isSignedIn(session, nowMs) ? session?.role : null);
}
