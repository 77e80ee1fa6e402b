import { describe, expect, it } from 'vitest';
import {
  PERMISSION_FLAGS,
  PERMISSION_MATRIX,
  can,
  isSignedIn,
  permissionsFor,
  sessionPermissions,
  type PermissionFlag,
} from './permissions.ts';
import { ROLE_KEYS, type RoleKey } from './roles.ts';

const NOW = Date.parse('2026-11-22T12:00:00Z');
const LATER = NOW / 1000 + 900; // token expires 15 minutes from now (epoch seconds)

/**
 * The table of docs/product.md#roles-and-permissions, written out by hand: Y = true. Columns in
 * PERMISSION_FLAGS order: viewAllProjects createProjects editProjects deleteProjects manageUsers
 * viewReports manageSuppliers scheduleInspections viewClientData installEquipment viewAuditLog.
 */
const TABLE: Record<RoleKey, string> = {
  admin: 'Y Y Y Y Y Y Y Y Y . Y',
  project_manager: 'Y Y Y . . Y Y Y Y . .',
  installer: '. . . . . . . . . Y .',
  roof_inspector: '. . . . . . . Y . . .',
  client_residential: '. . . . . . . . . . .',
  client_commercial: '. . . . . . . . . . .',
  supplier: '. . . . . . . . . . .',
};

const pairs = ROLE_KEYS.flatMap((role) => {
  const marks = TABLE[role].split(' ');
  return PERMISSION_FLAGS.map((flag, i) => [role, flag, marks[i] === 'Y'] as const);
});

describe('permission matrix', () => {
  it('has eleven flags and 77 role x flag pairs', () => {
    expect(PERMISSION_FLAGS).toHaveLength(11);
    expect(pairs).toHaveLength(77);
  });

  it.each(pairs)('%s / %s is %s', (role, flag, expected) => {
    const session = { role, expiresAt: LATER };
    expect(can(session, flag, NOW)).toBe(expected);
    expect(permissionsFor(role)[flag]).toBe(expected);
    expect(PERMISSION_MATRIX[role].includes(flag)).toBe(expected);
    expect(sessionPermissions(session, NOW)[flag]).toBe(expected);
    // With the token expired, every pair is false.
    expect(can({ role, expiresAt: NOW / 1000 }, flag, NOW)).toBe(false);
  });

  it.each(PERMISSION_FLAGS)(
    '%s is false without a session, role, or with an unknown role',
    (flag: PermissionFlag) => {
      expect(can(null, flag, NOW)).toBe(false);
      expect(can(undefined, flag, NOW)).toBe(false);
      expect(can({ expiresAt: LATER }, flag, NOW)).toBe(false);
      expect(can({ role: null, expiresAt: LATER }, flag, NOW)).toBe(false);
      expect(can({ role: 'superuser', expiresAt: LATER }, flag, NOW)).toBe(false);
      expect(can({ role: 'Admin', expiresAt: LATER }, flag, NOW)).toBe(false);
      expect(can({ role: 'admin' }, flag, NOW)).toBe(false); // no expiry known: fail closed
      expect(sessionPermissions(null, NOW)[flag]).toBe(false);
    },
  );

  it('counts a token as expired from its exp second on', () => {
    const exp = NOW / 1000;
    expect(can({ role: 'admin', expiresAt: exp }, 'canManageUsers', NOW - 1)).toBe(true);
    expect(can({ role: 'admin', expiresAt: exp }, 'canManageUsers', NOW)).toBe(false);
    expect(isSignedIn({ role: 'supplier', expiresAt: exp }, NOW - 1)).toBe(true);
    expect(isSignedIn({ role: 'supplier', expiresAt: exp }, NOW)).toBe(false);
    expect(isSignedIn(null, NOW)).toBe(false);
  });
});
