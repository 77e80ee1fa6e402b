/**
 * The pipeline's events as the CRM link hears them: the same shapes as the projects
 * service's apps/server/src/projects/events.ts (issue 22 plan, "CRM"), declared here
 * until that file is on main; the integrator replaces this file's body with a re-export.
 */
import type { PipelineAction, ProjectStatus } from '@solar/domain';

/** One committed status change of a project. */
export interface PipelineEvent {
  projectId: string;
  /** The project's owner (the client), whose CRM person the deal belongs to. */
  ownerId: string;
  from: ProjectStatus | null;
  to: ProjectStatus;
  action: PipelineAction | null;
  at: Date;
}

/** Told of every status change after its transaction commits; may not fail the request. */
export interface PipelineListener {
  statusChanged(event: PipelineEvent): void | Promise<void>;
}
