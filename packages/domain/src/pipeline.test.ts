import { describe, expect, it } from 'vitest';
import {
  PIPELINE_ACTIONS,
  PIPELINE_PATH,
  PIPELINE_RULES,
  PROJECT_STATUSES,
  availableActions,
  forwardAction,
  isPipelineAction,
  scheduledDateField,
  canAddInspectionPhotos,
  canSeeProject,
  canTakeAction,
  pipelineStep,
  visibleStatuses,
  type PipelineAction,
  type ProjectStatus,
} from './pipeline.ts';
import { projectPipelineQuerySchema, projectTransitionRequestSchema } from './pipeline-contract.ts';
import { isCalendarDate } from './pipeline-dates.ts';
import { ROLE_KEYS, type RoleKey } from './roles.ts';

/**
 * Who may take each action on someone else's project, written out by hand: A admin, P
 * project_manager, I installer, R roof_inspector; clients and suppliers never.
 */
const STAFF: Record<PipelineAction, string> = {
  requestQuote: 'A P',
  scheduleInspection: 'A P R',
  recordInspection: 'A P R',
  acceptProposal: 'A P',
  scheduleInstallation: 'A P',
  markInstalled: 'I',
  cancel: 'A P',
};
const LETTER: Record<string, RoleKey> = {
  A: 'admin',
  P: 'project_manager',
  I: 'installer',
  R: 'roof_inspector',
};
/** The status each action starts from in the happy path. */
const FROM: Record<PipelineAction, ProjectStatus> = {
  requestQuote: 'draft',
  scheduleInspection: 'quote_requested',
  recordInspection: 'inspection_scheduled',
  acceptProposal: 'inspected',
  scheduleInstallation: 'proposal_accepted',
  markInstalled: 'installation_scheduled',
  cancel: 'quote_requested',
};

describe("pipeline actions on another user's project", () => {
  for (const action of PIPELINE_ACTIONS) {
    const allowed = STAFF[action].split(' ').map((l) => LETTER[l]);
    for (const role of ROLE_KEYS) {
      it(`${action}: ${role} ${allowed.includes(role) ? 'may' : 'may not'}`, () => {
        expect(canTakeAction(role, false, FROM[action], action)).toBe(allowed.includes(role));
      });
    }
  }
});

describe('the owner (a client)', () => {
  it('requests a quote, accepts the proposal and cancels, and nothing else', () => {
    const owned = PIPELINE_ACTIONS.filter((a) =>
      canTakeAction('client_residential', true, FROM[a], a),
    );
    expect(owned).toEqual(['requestQuote', 'acceptProposal', 'cancel']);
  });

  it('cannot act from a status the action does not start from', () => {
    expect(canTakeAction('client_residential', true, 'quote_requested', 'requestQuote')).toBe(
      false,
    );
    expect(canTakeAction('admin', false, 'installed', 'cancel')).toBe(false);
    expect(canTakeAction('admin', false, 'cancelled', 'cancel')).toBe(false);
    expect(canTakeAction('installer', false, 'proposal_accepted', 'markInstalled')).toBe(false);
  });

  it('lists the available actions in pipeline order', () => {
    expect(availableActions('client_commercial', true, 'draft')).toEqual([
      'requestQuote',
      'cancel',
    ]);
    expect(availableActions('roof_inspector', false, 'inspection_scheduled')).toEqual([
      'scheduleInspection',
      'recordInspection',
    ]);
    expect(availableActions('supplier', false, 'inspected')).toEqual([]);
  });
});

describe('visibility', () => {
  it('shows every status to canViewAllProjects and the work queues to inspectors and installers', () => {
    expect(visibleStatuses('admin')).toEqual(PROJECT_STATUSES);
    expect(visibleStatuses('project_manager')).toEqual(PROJECT_STATUSES);
    expect(visibleStatuses('roof_inspector')).toEqual([
      'quote_requested',
      'inspection_scheduled',
      'inspected',
    ]);
    expect(visibleStatuses('installer')).toEqual([
      'proposal_accepted',
      'installation_scheduled',
      'installed',
    ]);
    expect(visibleStatuses('client_residential')).toEqual([]);
    expect(visibleStatuses('nobody')).toEqual([]);
  });

  it('keeps drafts private to their owner and canViewAllProjects', () => {
    expect(canSeeProject('roof_inspector', false, 'draft')).toBe(false);
    expect(canSeeProject('installer', false, 'draft')).toBe(false);
    expect(canSeeProject('client_residential', true, 'draft')).toBe(true);
    expect(canSeeProject('project_manager', false, 'draft')).toBe(true);
  });

  it('does not let an inspector act on a project outside their queue', () => {
    expect(canTakeAction('roof_inspector', false, 'draft', 'scheduleInspection')).toBe(false);
  });
});

describe('photos and steps', () => {
  it('lets inspectors add photos only around the inspection', () => {
    expect(canAddInspectionPhotos('roof_inspector', 'inspection_scheduled')).toBe(true);
    expect(canAddInspectionPhotos('roof_inspector', 'inspected')).toBe(true);
    expect(canAddInspectionPhotos('roof_inspector', 'quote_requested')).toBe(false);
    expect(canAddInspectionPhotos('installer', 'inspected')).toBe(false);
  });

  it('numbers the steps 1..7 and cancelled 0', () => {
    expect(pipelineStep('draft')).toBe(1);
    expect(pipelineStep('installed')).toBe(7);
    expect(pipelineStep('cancelled')).toBe(0);
  });
});

describe('transition requests', () => {
  it('needs a date to schedule and the findings to record an inspection', () => {
    const noDate = projectTransitionRequestSchema.safeParse({ action: 'scheduleInspection' });
    expect(noDate.success).toBe(false);
    expect(noDate.error?.issues[0]).toMatchObject({
      path: ['date'],
      message: 'pipeline.dateRequired',
    });
    const noFindings = projectTransitionRequestSchema.safeParse({ action: 'recordInspection' });
    expect(noFindings.error?.issues[0]).toMatchObject({ path: ['inspection'] });
  });

  it('refuses dates that do not exist, NUL bytes and unknown fields', () => {
    expect(
      projectTransitionRequestSchema.safeParse({ action: 'scheduleInspection', date: '2026-02-30' })
        .error?.issues[0]?.message,
    ).toBe('pipeline.dateInvalid');
    expect(
      projectTransitionRequestSchema.safeParse({ action: 'cancel', note: 'a\u0000b' }).success,
    ).toBe(false);
    expect(projectTransitionRequestSchema.safeParse({ action: 'cancel', extra: 1 }).success).toBe(
      false,
    );
  });

  it('accepts the findings with bounds on the roof area', () => {
    const ok = projectTransitionRequestSchema.parse({
      action: 'recordInspection',
      inspection: { roofType: 'flat', roofAreaM2: 60, shadingNotes: ' tree to the east ' },
    });
    expect(ok.inspection).toEqual({
      roofType: 'flat',
      roofAreaM2: 60,
      shadingNotes: 'tree to the east',
    });
    expect(
      projectTransitionRequestSchema.safeParse({
        action: 'recordInspection',
        inspection: { roofType: 'flat', roofAreaM2: 0 },
      }).error?.issues[0]?.message,
    ).toBe('pipeline.roofArea');
  });

  it('checks calendar dates', () => {
    expect(isCalendarDate('2028-02-29')).toBe(true);
    expect(isCalendarDate('2027-02-29')).toBe(false);
    expect(isCalendarDate('2026-1-05')).toBe(false);
  });

  it('reads the list query with defaults and a status filter', () => {
    expect(projectPipelineQuerySchema.parse({ status: 'inspected', searchTerm: ' ' })).toEqual({
      pageNumber: 1,
      pageSize: 10,
      sortBy: 'updatedAt',
      descending: true,
      status: 'inspected',
      searchTerm: undefined,
    });
    expect(projectPipelineQuerySchema.safeParse({ status: 'paid' }).success).toBe(false);
  });
});

describe('the path through the pipeline', () => {
  it('goes from draft to installed one forward action at a time', () => {
    expect(PIPELINE_PATH).toEqual([
      'requestQuote',
      'scheduleInspection',
      'recordInspection',
      'acceptProposal',
      'scheduleInstallation',
      'markInstalled',
    ]);
    expect(PIPELINE_RULES[PIPELINE_PATH.at(-1)!].to).toBe('installed');
    expect(forwardAction('installed')).toBeNull();
    expect(forwardAction('cancelled')).toBeNull();
  });

  it('knows the date field each scheduled status is kept in', () => {
    expect(PROJECT_STATUSES.map((s) => [s, scheduledDateField(s)])).toEqual([
      ['draft', null],
      ['quote_requested', null],
      ['inspection_scheduled', 'inspectionDate'],
      ['inspected', null],
      ['proposal_accepted', null],
      ['installation_scheduled', 'installationDate'],
      ['installed', null],
      ['cancelled', null],
    ]);
  });

  it('tells a known action', () => {
    expect(PIPELINE_ACTIONS.every(isPipelineAction)).toBe(true);
    expect(isPipelineAction('approve')).toBe(false);
  });
});
