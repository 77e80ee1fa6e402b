/**
 * The dashboard's work queues (docs/product.md#dashboard): who a project waits on, derived
 * from the pipeline's rules (pipeline.ts PIPELINE_RULES) and the permission matrix
 * (permissions.ts), and what each role has to do next. Pure, so selection, order and the
 * overdue rule are tested in Node with a fixed clock.
 *
 * Dates are calendar days `YYYY-MM-DD` (the business's day, UTC unless a zone is given);
 * `nowMs` is epoch milliseconds from the caller's clock.
 */
import type { ProjectListItem } from './pipeline-contract.ts';
import { isPastDate } from './pipeline-dates.ts';
import { permissionsFor, type PermissionFlag } from './permissions.ts';
import {
  forwardAction,
  PIPELINE_RULES,
  PROJECT_STATUSES,
  scheduledDateField,
  type PipelineAction,
  type ProjectStatus,
} from './pipeline.ts';

/** The step that moves a project on: its action and who may take it. */
export interface NextStep {
  readonly action: PipelineAction;
  /** `client`: the project's owner takes it; `staff`: someone with one of `flags`. */
  readonly waitingOn: 'client' | 'staff';
  /** Flags any one of which lets staff take it (the rule's flags). */
  readonly flags: readonly PermissionFlag[];
}

/**
 * The step that moves a project in `status` forward: the first action (in pipeline order)
 * that starts from it and leads elsewhere, cancelling aside. It waits on the client when
 * the rule lets the owner take it, else on staff with the rule's flags. Null for the final
 * statuses (installed, cancelled).
 */
export function nextStep(status: ProjectStatus): NextStep | null {
  const action = forwardAction(status);
  if (!action) return null;
  const rule = PIPELINE_RULES[action];
  return { action, waitingOn: rule.owner ? 'client' : 'staff', flags: rule.flags };
}

/** The statuses whose next step waits on staff, in pipeline order. */
export function staffStatuses(): ProjectStatus[] {
  return PROJECT_STATUSES.filter((status) => nextStep(status)?.waitingOn === 'staff');
}

/**
 * The statuses in which `role` itself takes the next step: those waiting on staff whose
 * rule has one of the role's flags (a roof inspector: quote_requested and
 * inspection_scheduled; an installer: installation_scheduled; a client: none).
 */
export function actingStatuses(role: string | null | undefined): ProjectStatus[] {
  const granted = permissionsFor(role);
  return staffStatuses().filter((status) => nextStep(status)!.flags.some((flag) => granted[flag]));
}

/**
 * The date a project in its status is scheduled for (`YYYY-MM-DD`): the field the action
 * that led to the status fills (inspectionDate in inspection_scheduled, installationDate
 * in installation_scheduled); null in other statuses or when not set.
 */
export function scheduledDate(project: ProjectListItem): string | null {
  const field = scheduledDateField(project.status);
  return field ? project[field] : null;
}

/**
 * Whether a project is overdue at `nowMs`: its scheduled date ({@link scheduledDate}) is a
 * day before today in `timeZone` (default UTC). Today is not overdue; no date, not overdue.
 */
export function isOverdue(project: ProjectListItem, nowMs: number, timeZone = 'UTC'): boolean {
  const date = scheduledDate(project);
  return date !== null && isPastDate(date, nowMs, timeZone);
}

/** One row of a work queue: the project, the step it waits for, its date, whether overdue. */
export interface WorkItem {
  readonly project: ProjectListItem;
  readonly action: PipelineAction;
  /** `YYYY-MM-DD` or null (not scheduled yet). */
  readonly date: string | null;
  readonly overdue: boolean;
}

function workItem(project: ProjectListItem, nowMs: number, timeZone: string): WorkItem {
  return {
    project,
    action: nextStep(project.status)!.action,
    date: scheduledDate(project),
    overdue: isOverdue(project, nowMs, timeZone),
  };
}

/**
 * Soonest first: projects with a scheduled date by that date (earliest, overdue ones first),
 * then the unscheduled by waiting time, the longest waiting (oldest `updatedAt`) first;
 * ties by id.
 */
export function compareWork(a: WorkItem, b: WorkItem): number {
  if (a.date !== b.date) {
    if (a.date === null) return 1;
    if (b.date === null) return -1;
    return a.date < b.date ? -1 : 1;
  }
  return (
    a.project.updatedAt.localeCompare(b.project.updatedAt) ||
    a.project.id.localeCompare(b.project.id)
  );
}

/**
 * The work queue of `role`: the projects in a status where the role takes the next step
 * ({@link actingStatuses}), soonest first ({@link compareWork}), each with its step, date
 * and whether it is overdue at `nowMs`. Duplicates (the same id twice) are kept once.
 */
export function workQueue(
  role: string | null | undefined,
  projects: readonly ProjectListItem[],
  nowMs: number,
  timeZone = 'UTC',
): WorkItem[] {
  const statuses = actingStatuses(role);
  const seen = new Set<string>();
  return projects
    .filter((project) => {
      if (!statuses.includes(project.status) || seen.has(project.id)) return false;
      seen.add(project.id);
      return true;
    })
    .map((project) => workItem(project, nowMs, timeZone))
    .toSorted(compareWork);
}

/** How many projects wait on staff in one status. */
export interface StatusCount {
  readonly status: ProjectStatus;
  readonly count: number;
}

/** The project manager's view: projects waiting on staff by status, and the overdue ones. */
export interface PipelineOverview {
  /** Every status waiting on staff ({@link staffStatuses}), in pipeline order. */
  readonly waiting: readonly StatusCount[];
  /** The sum of `waiting`. */
  readonly total: number;
  /** Overdue projects (a scheduled date before today), the oldest date first. */
  readonly overdue: readonly WorkItem[];
}

/**
 * The overview of everything waiting on staff. `totals` gives a status's count when known
 * (the list's `totalCount` of that status, which may exceed the projects loaded); otherwise
 * the projects in `projects` of that status are counted. Overdue ones come from `projects`.
 */
export function pipelineOverview(
  projects: readonly ProjectListItem[],
  nowMs: number,
  options: {
    readonly totals?: Partial<Record<ProjectStatus, number>>;
    readonly timeZone?: string;
  } = {},
): PipelineOverview {
  const timeZone = options.timeZone ?? 'UTC';
  const statuses = staffStatuses();
  const waiting = statuses.map((status) => ({
    status,
    count:
      options.totals?.[status] ?? projects.filter((project) => project.status === status).length,
  }));
  const seen = new Set<string>();
  const overdue = projects
    .filter((project) => {
      if (!statuses.includes(project.status) || seen.has(project.id)) return false;
      seen.add(project.id);
      return isOverdue(project, nowMs, timeZone);
    })
    .map((project) => workItem(project, nowMs, timeZone))
    .toSorted(compareWork);
  return { waiting, total: waiting.reduce((sum, row) => sum + row.count, 0), overdue };
}

/** A client's project and where it stands: its next step (null when finished) and date. */
export interface ClientStep {
  readonly project: ProjectListItem;
  readonly step: NextStep | null;
  /** `YYYY-MM-DD` of the scheduled visit or installation, else null. */
  readonly date: string | null;
}

/**
 * A client's projects with their next step, one per project, the ones still moving
 * (not installed or cancelled), the most recently updated first.
 */
export function clientSteps(projects: readonly ProjectListItem[]): ClientStep[] {
  return projects
    .map((project) => ({
      project,
      step: nextStep(project.status),
      date: scheduledDate(project),
    }))
    .filter((row) => row.step !== null)
    .toSorted((a, b) => b.project.updatedAt.localeCompare(a.project.updatedAt));
}
