import { describe, expect, it } from 'vitest';
import type { ProjectListItem } from './pipeline-contract.ts';
import type { ProjectStatus } from './pipeline.ts';
import {
  actingStatuses,
  clientSteps,
  isOverdue,
  nextStep,
  pipelineOverview,
  scheduledDate,
  staffStatuses,
  workQueue,
} from './work-queue.ts';

/** 2026-03-14 10:30 UTC, the fixed clock. */
const NOW = Date.parse('2026-03-14T10:30:00Z');

const item = (
  id: string,
  status: ProjectStatus,
  dates: { inspectionDate?: string; installationDate?: string; updatedAt?: string } = {},
): ProjectListItem => ({
  id,
  address: `Address ${id}`,
  status,
  ownerId: 'o1',
  ownerName: 'Owner',
  ownerEmail: 'owner@example.com',
  systemSizeKw: 4,
  inspectionDate: dates.inspectionDate ?? null,
  installationDate: dates.installationDate ?? null,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: dates.updatedAt ?? '2026-03-01T00:00:00Z',
});

describe('nextStep (who a project waits on, from the pipeline rules)', () => {
  it('waits on the client to request a visit and accept the proposal, on staff otherwise', () => {
    expect(nextStep('draft')).toMatchObject({ action: 'requestQuote', waitingOn: 'client' });
    expect(nextStep('quote_requested')).toMatchObject({
      action: 'scheduleInspection',
      waitingOn: 'staff',
      flags: ['canScheduleInspections'],
    });
    // Rescheduling stays in the status: the step forward is recording the inspection.
    expect(nextStep('inspection_scheduled')).toMatchObject({ action: 'recordInspection' });
    expect(nextStep('inspected')).toMatchObject({ action: 'acceptProposal', waitingOn: 'client' });
    expect(nextStep('proposal_accepted')).toMatchObject({ action: 'scheduleInstallation' });
    expect(nextStep('installation_scheduled')).toMatchObject({ action: 'markInstalled' });
    expect(nextStep('installed')).toBeNull();
    expect(nextStep('cancelled')).toBeNull();
  });

  it('lists the statuses waiting on staff and those each role acts in', () => {
    expect(staffStatuses()).toEqual([
      'quote_requested',
      'inspection_scheduled',
      'proposal_accepted',
      'installation_scheduled',
    ]);
    expect(actingStatuses('roof_inspector')).toEqual(['quote_requested', 'inspection_scheduled']);
    expect(actingStatuses('installer')).toEqual(['installation_scheduled']);
    expect(actingStatuses('client_residential')).toEqual([]);
    expect(actingStatuses(null)).toEqual([]);
  });
});

describe('scheduledDate and isOverdue (fixed clock)', () => {
  it("reads the date of the project's status only", () => {
    expect(scheduledDate(item('a', 'inspection_scheduled', { inspectionDate: '2026-03-20' }))).toBe(
      '2026-03-20',
    );
    expect(
      scheduledDate(item('b', 'installation_scheduled', { installationDate: '2026-04-01' })),
    ).toBe('2026-04-01');
    // An inspected project keeps its past inspection date, but it is not scheduled any more.
    expect(scheduledDate(item('c', 'inspected', { inspectionDate: '2026-03-01' }))).toBeNull();
    expect(scheduledDate(item('d', 'quote_requested'))).toBeNull();
  });

  it('is overdue when the date is before today; today and later are not', () => {
    const on = (date: string) => item('x', 'inspection_scheduled', { inspectionDate: date });
    expect(isOverdue(on('2026-03-13'), NOW)).toBe(true);
    expect(isOverdue(on('2026-03-14'), NOW)).toBe(false);
    expect(isOverdue(on('2026-03-15'), NOW)).toBe(false);
    expect(isOverdue(item('y', 'quote_requested'), NOW)).toBe(false);
    // In Bishkek (UTC+6) it is already the 14th at 20:00 UTC on the 13th.
    expect(isOverdue(on('2026-03-13'), Date.parse('2026-03-13T20:00:00Z'), 'Asia/Bishkek')).toBe(
      true,
    );
  });
});

describe('workQueue', () => {
  const projects = [
    item('waiting-new', 'quote_requested', { updatedAt: '2026-03-10T00:00:00Z' }),
    item('later', 'inspection_scheduled', { inspectionDate: '2026-03-20' }),
    item('install', 'installation_scheduled', { installationDate: '2026-03-16' }),
    item('waiting-old', 'quote_requested', { updatedAt: '2026-03-02T00:00:00Z' }),
    item('late', 'inspection_scheduled', { inspectionDate: '2026-03-12' }),
    item('inspected', 'inspected'),
    item('today', 'inspection_scheduled', { inspectionDate: '2026-03-14' }),
  ];

  it('gives the inspector visits to record by date, then visits to schedule, longest waiting first', () => {
    const queue = workQueue('roof_inspector', projects, NOW);
    expect(queue.map((row) => [row.project.id, row.action, row.overdue])).toEqual([
      ['late', 'recordInspection', true],
      ['today', 'recordInspection', false],
      ['later', 'recordInspection', false],
      ['waiting-old', 'scheduleInspection', false],
      ['waiting-new', 'scheduleInspection', false],
    ]);
  });

  it('gives the installer the installations due, and a client nothing', () => {
    expect(workQueue('installer', projects, NOW).map((row) => row.project.id)).toEqual(['install']);
    expect(workQueue('client_residential', projects, NOW)).toEqual([]);
  });

  it('keeps a project listed twice once', () => {
    expect(workQueue('installer', [projects[2]!, projects[2]!], NOW)).toHaveLength(1);
  });
});

describe('pipelineOverview (project manager and admin)', () => {
  const projects = [
    item('q1', 'quote_requested'),
    item('q2', 'quote_requested'),
    item('late-install', 'installation_scheduled', { installationDate: '2026-03-01' }),
    item('late-visit', 'inspection_scheduled', { inspectionDate: '2026-03-10' }),
    item('soon', 'inspection_scheduled', { inspectionDate: '2026-03-18' }),
    item('draft', 'draft'),
    item('done', 'installed', { installationDate: '2026-01-01' }),
  ];

  it('counts projects waiting on staff by status and lists the overdue, oldest date first', () => {
    const overview = pipelineOverview(projects, NOW);
    expect(overview.waiting).toEqual([
      { status: 'quote_requested', count: 2 },
      { status: 'inspection_scheduled', count: 2 },
      { status: 'proposal_accepted', count: 0 },
      { status: 'installation_scheduled', count: 1 },
    ]);
    expect(overview.total).toBe(5);
    expect(overview.overdue.map((row) => row.project.id)).toEqual(['late-install', 'late-visit']);
  });

  it("takes a status's count from the list totals when given", () => {
    const overview = pipelineOverview(projects, NOW, { totals: { quote_requested: 42 } });
    expect(overview.waiting[0]).toEqual({ status: 'quote_requested', count: 42 });
    expect(overview.total).toBe(45);
  });

  it('is empty with no projects', () => {
    expect(pipelineOverview([], NOW)).toMatchObject({ total: 0, overdue: [] });
  });
});

describe('clientSteps', () => {
  it('gives each moving project its next step, newest first; finished ones are left out', () => {
    const rows = clientSteps([
      item('old', 'quote_requested', { updatedAt: '2026-02-01T00:00:00Z' }),
      item('visit', 'inspection_scheduled', {
        inspectionDate: '2026-03-20',
        updatedAt: '2026-03-05T00:00:00Z',
      }),
      item('done', 'installed'),
      item('gone', 'cancelled'),
    ]);
    expect(rows.map((row) => [row.project.id, row.step?.action, row.date])).toEqual([
      ['visit', 'recordInspection', '2026-03-20'],
      ['old', 'scheduleInspection', null],
    ]);
  });
});
