import { describe, expect, it } from 'vitest';
import {
  DEFAULT_ROLE,
  ROLE_BADGE_COLORS,
  ROLE_KEYS,
  UNKNOWN_ROLE_BADGE_COLOR,
  USER_TYPE_NAMES,
  isRoleKey,
  isUserTypeCode,
  parseRole,
  roleBadgeColor,
  roleLabel,
  roleToUserType,
  roleToUserTypeName,
  userTypeNameToCode,
  userTypeNameToRole,
  userTypeToName,
  userTypeToRole,
} from './roles.ts';

describe('roles', () => {
  it.each([
    ['admin', 0, 'Admin', 'Administrator'],
    ['project_manager', 1, 'ProjectManager', 'Project Manager'],
    ['installer', 2, 'Installer', 'Installer'],
    ['roof_inspector', 3, 'RoofInspector', 'Roof Inspector'],
    ['client_residential', 4, 'ClientResidential', 'Residential Client'],
    ['client_commercial', 5, 'ClientCommercial', 'Commercial Client'],
    ['supplier', 6, 'Supplier', 'Supplier'],
  ] as const)('%s is user type %i, %s, shown as %s', (role, code, name, display) => {
    expect(roleToUserType(role)).toBe(code);
    expect(userTypeToRole(code)).toBe(role);
    expect(userTypeToName(code)).toBe(name);
    expect(userTypeNameToCode(name)).toBe(code);
    expect(roleToUserTypeName(role)).toBe(name);
    expect(userTypeNameToRole(name)).toBe(role);
    expect(roleLabel(role)).toEqual({ id: `role.${role}`, defaultMessage: display });
    expect(parseRole(role.toUpperCase())).toBe(role);
    expect(parseRole(name)).toBe(role);
    expect(parseRole(code)).toBe(role);
  });

  it('has seven roles and refuses unknown codes, names and keys', () => {
    expect(ROLE_KEYS).toHaveLength(7);
    expect(USER_TYPE_NAMES).toHaveLength(7);
    expect(DEFAULT_ROLE).toBe('client_residential');
    for (const bad of [7, -1, 1.5, Number.NaN]) {
      expect(userTypeToRole(bad)).toBeUndefined();
      expect(userTypeToName(bad)).toBeUndefined();
      expect(isUserTypeCode(bad)).toBe(false);
    }
    expect(isUserTypeCode('1')).toBe(false);
    expect(userTypeNameToCode('admin')).toBeUndefined();
    expect(userTypeNameToRole('Boss')).toBeUndefined();
    expect(isRoleKey('Admin')).toBe(false);
    expect(isRoleKey('admin')).toBe(true);
    expect(isRoleKey(0)).toBe(false);
    expect(parseRole('superuser')).toBeUndefined();
    expect(parseRole(null)).toBeUndefined();
    expect(parseRole(' Admin ')).toBe('admin');
  });
});

/** WCAG relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const channels = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
  const [r, g, b] = channels.map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
};

describe('role badge colours', () => {
  it('gives every role its own colour', () => {
    const colors = ROLE_KEYS.map((role) => ROLE_BADGE_COLORS[role].color);
    expect(new Set([...colors, UNKNOWN_ROLE_BADGE_COLOR.color]).size).toBe(8);
  });

  it.each([
    ...ROLE_KEYS.map((r) => [r, ROLE_BADGE_COLORS[r]] as const),
    ['unknown', UNKNOWN_ROLE_BADGE_COLOR] as const,
  ])('%s text meets WCAG AA contrast (4.5:1)', (_, token) => {
    expect(contrast(token.text, token.background)).toBeGreaterThanOrEqual(4.5);
  });

  it('reads the role in any form and falls back to gray', () => {
    expect(roleBadgeColor('ADMIN').color).toBe('red');
    expect(roleBadgeColor(6).color).toBe('slate');
    expect(roleBadgeColor('nobody')).toBe(UNKNOWN_ROLE_BADGE_COLOR);
    expect(roleBadgeColor(undefined)).toBe(UNKNOWN_ROLE_BADGE_COLOR);
  });
});
