/**
 * The project pipeline: a project's statuses from draft to installed, the
 * actions that move it, and who may take each action and see each project, all decided by
 * the one permission matrix of permissions.ts (docs/product.md#roles-and-permissions). Pure data
 * and functions: the server enforces them, the web shows only the actions they allow.
 *
 *   draft -> quote_requested -> inspection_scheduled -> inspected -> proposal_accepted
 *         -> installation_scheduled -> installed; any status before installed -> cancelled.
 */
import { permissionsFor, type PermissionFlag } from './permissions.ts';

/** Every status, in pipeline order; `cancelled` ends a project early. */
export const PROJECT_STATUSES = [
  'draft',
  'quote_requested',
  'inspection_scheduled',
  'inspected',
  'proposal_accepted',
  'installation_scheduled',
  'installed',
  'cancelled',
] as const;

/** One pipeline status. */
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];

/** True for a known status. */
export function isProjectStatus(value: unknown): value is ProjectStatus {
  return (PROJECT_STATUSES as readonly unknown[]).includes(value);
}

/**
 * How a status reads at a glance, the tone of its badge: not started (`neutral`), with the
 * staff (`info`), installation under way (`progress`), done (`success`), cancelled
 * (`danger`). The badge says the status in words too, so the tone is never the only cue.
 */
export type ProjectStatusTone = 'neutral' | 'info' | 'progress' | 'success' | 'danger';

/** The tone of each status (see {@link ProjectStatusTone}). */
export const PROJECT_STATUS_TONES: Readonly<Record<ProjectStatus, ProjectStatusTone>> = {
  draft: 'neutral',
  quote_requested: 'info',
  inspection_scheduled: 'info',
  inspected: 'info',
  proposal_accepted: 'progress',
  installation_scheduled: 'progress',
  installed: 'success',
  cancelled: 'danger',
};

/** Statuses no action leaves. */
export const FINAL_STATUSES: readonly ProjectStatus[] = ['installed', 'cancelled'];

/** The actions that move a project (`POST /projects/{id}/transitions` `action`). */
export const PIPELINE_ACTIONS = [
  'requestQuote',
  'scheduleInspection',
  'recordInspection',
  'acceptProposal',
  'scheduleInstallation',
  'markInstalled',
  'cancel',
] as const;

/** One pipeline action. */
export type PipelineAction = (typeof PIPELINE_ACTIONS)[number];

/** True for a known action. */
export function isPipelineAction(value: unknown): value is PipelineAction {
  return (PIPELINE_ACTIONS as readonly unknown[]).includes(value);
}

/** The project fields a scheduling action fills (`YYYY-MM-DD`). */
export type ScheduledDateField = 'inspectionDate' | 'installationDate';

/** One action's rule: the statuses it starts from, where it leads and who may take it. */
interface PipelineRuleBase {
  /** Statuses the action may start from. */
  readonly from: readonly ProjectStatus[];
  /** The status it leads to. */
  readonly to: ProjectStatus;
  /** Whether the project's owner (the client) may take it on their own project. */
  readonly owner: boolean;
  /** Flags any one of which lets staff take it on any project they may see. */
  readonly flags: readonly PermissionFlag[];
  /** Whether the interface asks before taking it (it cannot be undone). @default false */
  readonly confirm?: boolean;
}

/**
 * One action's rule. `needs` is what the request must carry: a date (`YYYY-MM-DD`, kept in
 * the project's `dateField`), the roof findings, or nothing. The web shows each action by
 * it: a date form, the findings form, or a button.
 */
export type PipelineRule = PipelineRuleBase &
  (
    | { readonly needs: 'date'; readonly dateField: ScheduledDateField }
    | { readonly needs: 'inspection' | null; readonly dateField?: undefined }
  );

const BEFORE_INSTALLED: readonly ProjectStatus[] = PROJECT_STATUSES.filter(
  (s) => !FINAL_STATUSES.includes(s),
);

/**
 * The pipeline as data. The client requests a site visit and accepts the proposal (staff
 * who edit projects may do both for them); inspectors schedule and record inspections
 * (rescheduling is scheduling again); project managers schedule the installation;
 * installers mark it done; the client or an editor may cancel before it is installed.
 */
export const PIPELINE_RULES: Readonly<Record<PipelineAction, PipelineRule>> = {
  requestQuote: {
    from: ['draft'],
    to: 'quote_requested',
    owner: true,
    flags: ['canEditProjects'],
    needs: null,
  },
  scheduleInspection: {
    from: ['quote_requested', 'inspection_scheduled'],
    to: 'inspection_scheduled',
    owner: false,
    flags: ['canScheduleInspections'],
    needs: 'date',
    dateField: 'inspectionDate',
  },
  recordInspection: {
    from: ['inspection_scheduled'],
    to: 'inspected',
    owner: false,
    flags: ['canScheduleInspections'],
    needs: 'inspection',
  },
  acceptProposal: {
    from: ['inspected'],
    to: 'proposal_accepted',
    owner: true,
    flags: ['canEditProjects'],
    needs: null,
  },
  scheduleInstallation: {
    from: ['proposal_accepted', 'installation_scheduled'],
    to: 'installation_scheduled',
    owner: false,
    flags: ['canEditProjects'],
    needs: 'date',
    dateField: 'installationDate',
  },
  markInstalled: {
    from: ['installation_scheduled'],
    to: 'installed',
    owner: false,
    flags: ['canInstallEquipment'],
    needs: null,
  },
  cancel: {
    from: BEFORE_INSTALLED,
    to: 'cancelled',
    owner: true,
    flags: ['canEditProjects'],
    needs: null,
    confirm: true,
  },
};

/**
 * The action that moves a project in `status` forward: the first (in pipeline order) that
 * starts from it and leads elsewhere, cancelling aside. Null for the final statuses.
 */
export function forwardAction(status: ProjectStatus): PipelineAction | null {
  return (
    PIPELINE_ACTIONS.find((action) => {
      const rule = PIPELINE_RULES[action];
      return action !== 'cancel' && rule.from.includes(status) && rule.to !== status;
    }) ?? null
  );
}

/** The actions that take a new project from draft to installed, in order. */
export const PIPELINE_PATH: readonly PipelineAction[] = (() => {
  const path: PipelineAction[] = [];
  let status: ProjectStatus = 'draft';
  for (let action = forwardAction(status); action; action = forwardAction(status)) {
    path.push(action);
    status = PIPELINE_RULES[action].to;
  }
  return path;
})();

/**
 * The statuses a staff flag brings into view beyond the caller's own projects: all of them
 * with canViewAllProjects; the inspection queue with canScheduleInspections; the
 * installation queue with canInstallEquipment. Drafts stay private to their owner and to
 * canViewAllProjects.
 */
export const VISIBLE_STATUSES: Readonly<Partial<Record<PermissionFlag, readonly ProjectStatus[]>>> =
  {
    canViewAllProjects: PROJECT_STATUSES,
    canScheduleInspections: ['quote_requested', 'inspection_scheduled', 'inspected'],
    canInstallEquipment: ['proposal_accepted', 'installation_scheduled', 'installed'],
  };

/** The statuses of other people's projects `role` may see (empty: own projects only). */
export function visibleStatuses(role: string | null | undefined): readonly ProjectStatus[] {
  const granted = permissionsFor(role);
  const seen = new Set<ProjectStatus>();
  for (const [flag, statuses] of Object.entries(VISIBLE_STATUSES)) {
    if (granted[flag as PermissionFlag]) statuses.forEach((s) => seen.add(s));
  }
  return PROJECT_STATUSES.filter((s) => seen.has(s));
}

/** The flags that make a role staff of the pipeline (who may act on others' projects). */
const STAFF_FLAGS: readonly PermissionFlag[] = [
  'canViewAllProjects',
  'canEditProjects',
  'canScheduleInspections',
  'canInstallEquipment',
];

/**
 * Whether `role` is pipeline staff: a role with a flag that acts on other people's projects
 * (canViewAllProjects, canEditProjects, canScheduleInspections or canInstallEquipment).
 * Staff keep reading the projects they acted on (a participant, {@link canSeeProject}).
 */
export function isPipelineStaff(role: string | null | undefined): boolean {
  const granted = permissionsFor(role);
  return STAFF_FLAGS.some((flag) => granted[flag]);
}

/**
 * Whether `role` may see a project in `status`: its owner always may; others when their
 * flags bring the status into view; and staff ({@link isPipelineStaff}) who took part in it
 * (`isParticipant`: they acted on it or added a photo) in any status, so their own work
 * stays readable after the project moves on.
 */
export function canSeeProject(
  role: string | null | undefined,
  isOwner: boolean,
  status: ProjectStatus,
  isParticipant = false,
): boolean {
  return (
    isOwner || visibleStatuses(role).includes(status) || (isParticipant && isPipelineStaff(role))
  );
}

/**
 * Whether `role` (the owner when `isOwner`) may take `action` on a project in `status`.
 * False when the status is not one the action starts from, or the caller may not see it.
 */
export function canTakeAction(
  role: string | null | undefined,
  isOwner: boolean,
  status: ProjectStatus,
  action: PipelineAction,
): boolean {
  const rule = PIPELINE_RULES[action];
  if (!rule.from.includes(status)) return false;
  if (isOwner && rule.owner) return true;
  if (!canSeeProject(role, isOwner, status)) return false;
  const granted = permissionsFor(role);
  return rule.flags.some((flag) => granted[flag]);
}

/** The actions `role` may take now on a project in `status`, in pipeline order. */
export function availableActions(
  role: string | null | undefined,
  isOwner: boolean,
  status: ProjectStatus,
): PipelineAction[] {
  return PIPELINE_ACTIONS.filter((action) => canTakeAction(role, isOwner, status, action));
}

/**
 * The date field a project in `status` is scheduled by: that of the scheduling action
 * leading to it (inspectionDate in inspection_scheduled), else null.
 */
export function scheduledDateField(status: ProjectStatus): ScheduledDateField | null {
  for (const action of PIPELINE_ACTIONS) {
    const rule = PIPELINE_RULES[action];
    if (rule.needs === 'date' && rule.to === status) return rule.dateField;
  }
  return null;
}

/**
 * Whether roof photos may be added now: by someone who schedules inspections, while the
 * inspection is scheduled or recorded.
 */
export function canAddInspectionPhotos(
  role: string | null | undefined,
  status: ProjectStatus,
): boolean {
  return (
    permissionsFor(role).canScheduleInspections &&
    (status === 'inspection_scheduled' || status === 'inspected')
  );
}

/** The step number of a status for a progress display: 1..7, cancelled 0. */
export function pipelineStep(status: ProjectStatus): number {
  return status === 'cancelled' ? 0 : PROJECT_STATUSES.indexOf(status) + 1;
}

/** Bounds of the inspection findings. */
export const INSPECTION_LIMITS = {
  /** Roof area, m². */
  roofAreaM2: { min: 1, max: 100_000 },
  /** Characters of the shading notes and of a transition note. */
  notesMax: 2000,
} as const;

/** Photos one project may hold. */
export const MAX_INSPECTION_PHOTOS = 20;

/** The columns the pipeline list sorts by. */
export const PROJECT_SORT_FIELDS = [
  'address',
  'ownerName',
  'status',
  'createdAt',
  'updatedAt',
] as const;
/** One sortable column of the pipeline list. */
export type ProjectSortField = (typeof PROJECT_SORT_FIELDS)[number];
