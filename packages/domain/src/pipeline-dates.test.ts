import { describe, expect, it } from 'vitest';
import {
  projectAssigneesRequestSchema,
  projectPipelineQuerySchema,
  projectTransitionRequestSchema,
} from './pipeline-contract.ts';
import { calendarDayOf, isPastDate, transitionDateErrors } from './pipeline-dates.ts';
import { canSeeProject, isPipelineStaff } from './pipeline.ts';
import { ROLE_KEYS } from './roles.ts';

// 2026-11-22 23:30 UTC is already 2026-11-23 in Bishkek (UTC+6).
const NOW = Date.parse('2026-11-22T23:30:00Z');

describe('today', () => {
  it('is the calendar day of the clock in UTC by default, or in the given zone', () => {
    expect(calendarDayOf(NOW)).toBe('2026-11-22');
    expect(calendarDayOf(NOW, 'Asia/Bishkek')).toBe('2026-11-23');
    expect(calendarDayOf(NOW, 'America/New_York')).toBe('2026-11-22');
  });

  it('is not in the past; yesterday is', () => {
    expect(isPastDate('2026-11-22', NOW)).toBe(false);
    expect(isPastDate('2026-11-23', NOW)).toBe(false);
    expect(isPastDate('2026-11-21', NOW)).toBe(true);
    expect(isPastDate('2025-12-31', NOW)).toBe(true);
    expect(isPastDate('2026-11-22', NOW, 'Asia/Bishkek')).toBe(true);
  });
});

describe('the transition date rule', () => {
  it.each(['scheduleInspection', 'scheduleInstallation'] as const)(
    'refuses a %s in the past and allows today and later',
    (action) => {
      expect(transitionDateErrors({ action, date: '2026-11-21' }, NOW)).toEqual({
        date: 'pipeline.datePast',
      });
      expect(transitionDateErrors({ action, date: '2026-11-22' }, NOW)).toBeNull();
      expect(transitionDateErrors({ action, date: '2027-01-05' }, NOW)).toBeNull();
      expect(transitionDateErrors({ action, date: '2026-11-22' }, NOW, 'Asia/Bishkek')).toEqual({
        date: 'pipeline.datePast',
      });
    },
  );

  it('leaves other actions, missing and malformed dates to the request schema', () => {
    expect(transitionDateErrors({ action: 'requestQuote', date: '2000-01-01' }, NOW)).toBeNull();
    expect(transitionDateErrors({ action: 'scheduleInspection' }, NOW)).toBeNull();
    expect(
      transitionDateErrors({ action: 'scheduleInspection', date: '2026-02-30' }, NOW),
    ).toBeNull();
    expect(
      projectTransitionRequestSchema.safeParse({ action: 'scheduleInspection', date: '2026-02-30' })
        .success,
    ).toBe(false);
  });
});

describe('participants', () => {
  it('keep seeing a project in any status when their role is pipeline staff', () => {
    for (const role of ROLE_KEYS) {
      const staff = isPipelineStaff(role);
      expect(staff).toBe(
        ['admin', 'project_manager', 'installer', 'roof_inspector'].includes(role),
      );
      expect(canSeeProject(role, false, 'installed', true)).toBe(
        staff || role === 'installer' || role === 'admin' || role === 'project_manager',
      );
    }
    expect(canSeeProject('roof_inspector', false, 'proposal_accepted')).toBe(false);
    expect(canSeeProject('roof_inspector', false, 'proposal_accepted', true)).toBe(true);
    expect(canSeeProject('client_residential', false, 'inspected', true)).toBe(false);
    expect(canSeeProject(null, false, 'inspected', true)).toBe(false);
  });
});

describe('the assignees request', () => {
  const id = '0B8E2C1A-5D4F-4E3B-9A2C-1F0E9D8C7B6A';
  it('takes a user id or null for each part', () => {
    expect(projectAssigneesRequestSchema.parse({ roofInspectorId: id, installerId: null })).toEqual(
      { roofInspectorId: id.toLowerCase(), installerId: null },
    );
  });
  it.each([
    [{ roofInspectorId: 'x', installerId: null }, 'roofInspectorId'],
    [{ roofInspectorId: null }, 'installerId'],
    [{ roofInspectorId: null, installerId: 7 }, 'installerId'],
  ])('refuses %o on its field', (body, field) => {
    const result = projectAssigneesRequestSchema.safeParse(body);
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      [field, 'pipeline.assigneeId'],
    ]);
  });
  it('lets the pipeline list put the caller’s assignments first', () => {
    expect(projectPipelineQuerySchema.parse({ assignedTo: 'me' }).assignedTo).toBe('me');
    expect(
      projectPipelineQuerySchema.safeParse({ assignedTo: 'you' }).error?.issues[0]?.message,
    ).toBe('pipeline.assignedTo');
  });
});
