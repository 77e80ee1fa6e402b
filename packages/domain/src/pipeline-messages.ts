/**
 * The pipeline's words, one home for every screen (docs/product.md#project-pipeline): each
 * status's name and each action's texts as message descriptors, translated in the web's
 * domain catalogs (domain.<locale>.json). Typed by status and by action, so a new status or
 * action does not compile until it has its words.
 */
import type { MessageDescriptor } from './messages.ts';
import type { PipelineAction, ProjectStatus } from './pipeline.ts';

/** The English texts of one action. */
interface ActionTexts {
  /** Its button or form title ("Request a site visit"). */
  readonly label: string;
  /** The notice once it is done. */
  readonly done: string;
  /** Its name in the audit log and a project's history (`project.<action>`). */
  readonly history: string;
  /**
   * The dashboard's line for a project waiting on it: to staff, and to the client (`{date}`:
   * the scheduled day, '' when none). Null for an action that is never a next step (cancel).
   */
  readonly waiting: { readonly staff: string; readonly client: string } | null;
}

/** The descriptors of one action's texts (see {@link ActionTexts}). */
export interface PipelineActionMessages {
  readonly label: MessageDescriptor;
  readonly done: MessageDescriptor;
  readonly history: MessageDescriptor;
  readonly waitingStaff: MessageDescriptor | null;
  readonly waitingClient: MessageDescriptor | null;
}

const STATUS_NAMES = {
  draft: 'Draft',
  quote_requested: 'Site visit requested',
  inspection_scheduled: 'Inspection scheduled',
  inspected: 'Inspected',
  proposal_accepted: 'Proposal accepted',
  installation_scheduled: 'Installation scheduled',
  installed: 'Installed',
  cancelled: 'Cancelled',
} as const satisfies Record<ProjectStatus, string>;

const ACTION_TEXTS = {
  requestQuote: {
    label: 'Request a site visit',
    done: 'Site visit requested. We will contact you to agree a date.',
    history: 'Quote requested',
    waiting: {
      staff: 'Waiting for the client to request a site visit',
      client: 'Request a site visit when you are ready',
    },
  },
  scheduleInspection: {
    label: 'Schedule inspection',
    done: 'Inspection date saved',
    history: 'Inspection scheduled',
    waiting: {
      staff: 'Schedule the site visit',
      client: 'Waiting for a site visit to be scheduled',
    },
  },
  recordInspection: {
    label: 'Record inspection',
    done: 'Inspection findings saved',
    history: 'Inspection recorded',
    waiting: { staff: 'Record the inspection', client: 'Site visit on {date}' },
  },
  acceptProposal: {
    label: 'Accept proposal',
    done: 'Proposal accepted',
    history: 'Proposal accepted',
    waiting: {
      staff: 'Waiting for the client to accept the proposal',
      client: 'Your proposal is ready: review and accept it',
    },
  },
  scheduleInstallation: {
    label: 'Schedule installation',
    done: 'Installation date saved',
    history: 'Installation scheduled',
    waiting: {
      staff: 'Schedule the installation',
      client: 'Waiting for the installation to be scheduled',
    },
  },
  markInstalled: {
    label: 'Mark installed',
    done: 'Project marked installed',
    history: 'Marked installed',
    waiting: { staff: 'Install the system', client: 'Installation on {date}' },
  },
  cancel: {
    label: 'Cancel project',
    done: 'Project cancelled',
    history: 'Project cancelled',
    waiting: null,
  },
} as const satisfies Record<PipelineAction, ActionTexts>;

const descriptor = (id: string, defaultMessage: string): MessageDescriptor => ({
  id,
  defaultMessage,
});

/** Each status's name ("Site visit requested"), id `projectStatus.<status>`. */
export const projectStatusMessages: Readonly<Record<ProjectStatus, MessageDescriptor>> =
  Object.fromEntries(
    Object.entries(STATUS_NAMES).map(([status, text]) => [
      status,
      descriptor(`projectStatus.${status}`, text),
    ]),
  ) as Record<ProjectStatus, MessageDescriptor>;

/** Each action's texts, ids `pipelineAction.<action>.<label|done|history|waitingStaff|waitingClient>`. */
export const pipelineActionMessages: Readonly<Record<PipelineAction, PipelineActionMessages>> =
  Object.fromEntries(
    Object.entries(ACTION_TEXTS).map(([action, texts]: [string, ActionTexts]) => {
      const id = (kind: string) => `pipelineAction.${action}.${kind}`;
      return [
        action,
        {
          label: descriptor(id('label'), texts.label),
          done: descriptor(id('done'), texts.done),
          history: descriptor(id('history'), texts.history),
          waitingStaff: texts.waiting && descriptor(id('waitingStaff'), texts.waiting.staff),
          waitingClient: texts.waiting && descriptor(id('waitingClient'), texts.waiting.client),
        },
      ];
    }),
  ) as Record<PipelineAction, PipelineActionMessages>;

/**
 * The validation messages that list the statuses and the actions (ids `pipeline.status`,
 * `pipeline.action`), in pipeline order: the order of the keys above, which
 * pipeline-messages.test.ts checks against PROJECT_STATUSES and PIPELINE_ACTIONS (this module
 * cannot import those lists: pipeline.ts reaches messages.ts through roles.ts).
 */
export const pipelineListMessages = {
  action: descriptor(
    'pipeline.action',
    `Action must be one of ${Object.keys(ACTION_TEXTS).join(', ')}`,
  ),
  status: descriptor(
    'pipeline.status',
    `Status must be one of ${Object.keys(STATUS_NAMES).join(', ')}`,
  ),
} as const;

/** Every descriptor of this module, for the catalogs' check (messages.ts allMessages). */
export const allPipelineMessages: readonly MessageDescriptor[] = [
  ...Object.values(projectStatusMessages),
  ...Object.values(pipelineActionMessages).flatMap((m) =>
    [m.label, m.done, m.history, m.waitingStaff, m.waitingClient].filter(
      (d): d is MessageDescriptor => d !== null,
    ),
  ),
];
