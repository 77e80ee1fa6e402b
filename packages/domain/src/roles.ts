/**
 * Roles (docs/product.md#roles-and-permissions): the seven session keys, their display names, the
 * numeric `userType` codes of the admin API (0 Admin ... 6 Supplier), the API text names
 * (`Admin` ... `Supplier`) and one badge colour per role.
 */
import { roleMessages, type MessageDescriptor } from './messages.ts';

/** The seven session keys, in userType order (docs/product.md#roles-and-permissions). */
export const ROLE_KEYS = [
  'admin',
  'project_manager',
  'installer',
  'roof_inspector',
  'client_residential',
  'client_commercial',
  'supplier',
] as const;

/** A session key, as stored in the session user and the access token's `role` claim. */
export type RoleKey = (typeof ROLE_KEYS)[number];

/** The numeric user type of the admin API: the index of the role in {@link ROLE_KEYS}. */
export type UserTypeCode = 0 | 1 | 2 | 3 | 4 | 5 | 6;

/** The API text names of the user types, in code order (docs/product.md#roles-and-permissions, admin user detail). */
export const USER_TYPE_NAMES = [
  'Admin',
  'ProjectManager',
  'Installer',
  'RoofInspector',
  'ClientResidential',
  'ClientCommercial',
  'Supplier',
] as const;

/** A user type as text, as in the admin user detail (`Admin`, `ProjectManager`, ...). */
export type UserTypeName = (typeof USER_TYPE_NAMES)[number];

/** The role new accounts get and the admin create form's default (docs/product.md#user-administration and #roles-and-permissions). */
export const DEFAULT_ROLE: RoleKey = 'client_residential';

/** True when `value` is one of the seven session keys (case-sensitive) (docs/product.md#roles-and-permissions). */
export function isRoleKey(value: unknown): value is RoleKey {
  return typeof value === 'string' && (ROLE_KEYS as readonly string[]).includes(value);
}

/** True when `value` is an integer user type code 0..6 (docs/product.md#roles-and-permissions). */
export function isUserTypeCode(value: unknown): value is UserTypeCode {
  return Number.isInteger(value) && (value as number) >= 0 && (value as number) <= 6;
}

/** Session key -> numeric user type (docs/product.md#roles-and-permissions: 0 Admin ... 6 Supplier). */
export function roleToUserType(role: RoleKey): UserTypeCode {
  return ROLE_KEYS.indexOf(role) as UserTypeCode;
}

/** Numeric user type -> session key; undefined for a code outside 0..6 (docs/product.md#roles-and-permissions). */
export function userTypeToRole(code: number): RoleKey | undefined {
  return isUserTypeCode(code) ? ROLE_KEYS[code] : undefined;
}

/**
 * Numeric user type -> API text name (`4` -> `ClientResidential`); undefined outside 0..6
 * (docs/product.md#roles-and-permissions).
 */
export function userTypeToName(code: number): UserTypeName | undefined {
  return isUserTypeCode(code) ? USER_TYPE_NAMES[code] : undefined;
}

/**
 * API text name -> numeric user type (`Admin` -> 0); undefined for an unknown name
 * (docs/product.md#roles-and-permissions).
 */
export function userTypeNameToCode(name: string): UserTypeCode | undefined {
  const index = (USER_TYPE_NAMES as readonly string[]).indexOf(name);
  return index < 0 ? undefined : (index as UserTypeCode);
}

/** Session key -> API text name (`project_manager` -> `ProjectManager`) (docs/product.md#roles-and-permissions). */
export function roleToUserTypeName(role: RoleKey): UserTypeName {
  return USER_TYPE_NAMES[roleToUserType(role)];
}

/**
 * API text name -> session key (`ProjectManager` -> `project_manager`); undefined if unknown
 * (docs/product.md#roles-and-permissions).
 */
export function userTypeNameToRole(name: string): RoleKey | undefined {
  const code = userTypeNameToCode(name);
  return code === undefined ? undefined : ROLE_KEYS[code];
}

/**
 * Reads a role in any of its three forms: a session key in any letter case (the start-up
 * rule of docs/product.md#roles-and-permissions lowercases the token's role), an API text name, or
 * a numeric code 0..6. Undefined for anything else.
 */
export function parseRole(value: unknown): RoleKey | undefined {
  if (typeof value === 'number') return userTypeToRole(value);
  if (typeof value !== 'string') return undefined;
  const lower = value.trim().toLowerCase();
  return isRoleKey(lower) ? lower : userTypeNameToRole(value.trim());
}

/** Display name of a role as a message descriptor (`admin` -> Administrator; docs/product.md#roles-and-permissions). */
export function roleLabel(role: RoleKey): MessageDescriptor {
  return roleMessages[role];
}

/** The colour names a role badge can take (Tailwind palette names). */
export type BadgeColor = 'red' | 'violet' | 'amber' | 'sky' | 'green' | 'teal' | 'slate' | 'gray';

/** A badge colour token: palette name plus background and text hex colours. */
export interface BadgeColorToken {
  readonly color: BadgeColor;
  readonly background: string;
  readonly text: string;
}

/**
 * One distinct badge colour per role (docs/product.md#roles-and-permissions leaves the colours
 * open). Text on background has a contrast ratio of at least 4.5:1 (WCAG AA for normal text).
 */
export const ROLE_BADGE_COLORS: Readonly<Record<RoleKey, BadgeColorToken>> = {
  admin: { color: 'red', background: '#fee2e2', text: '#991b1b' },
  project_manager: { color: 'violet', background: '#ede9fe', text: '#5b21b6' },
  installer: { color: 'amber', background: '#fef3c7', text: '#92400e' },
  roof_inspector: { color: 'sky', background: '#e0f2fe', text: '#075985' },
  client_residential: { color: 'green', background: '#dcfce7', text: '#166534' },
  client_commercial: { color: 'teal', background: '#ccfbf1', text: '#115e59' },
  supplier: { color: 'slate', background: '#f1f5f9', text: '#334155' },
};

/** The neutral badge of a missing or unknown role. */
export const UNKNOWN_ROLE_BADGE_COLOR: BadgeColorToken = {
  color: 'gray',
  background: '#f3f4f6',
  text: '#374151',
};

/**
 * Badge colour of a role in any form {@link parseRole} reads; neutral gray when unknown
 * (docs/product.md#roles-and-permissions).
 */
export function roleBadgeColor(role: unknown): BadgeColorToken {
  const key = parseRole(role);
  return key ? ROLE_BADGE_COLORS[key] : UNKNOWN_ROLE_BADGE_COLOR;
}
