/**
 * Pipeline events: after a project's status changes (or it is
 * created, `from` null) and the transaction has committed, the projects service tells each
 * listener (the CRM link). A listener's failure is logged and never fails the request.
 */
import type { PipelineAction, ProjectStatus } from '@solar/domain/pipeline';

/** One committed status change of one project. */
export interface PipelineEvent {
  projectId: string;
  ownerId: string;
  /** Null when the project was just created. */
  from: ProjectStatus | null;
  to: ProjectStatus;
  /** The action taken; null for the creation. */
  action: PipelineAction | null;
  at: Date;
}

/** Something that follows the pipeline (the CRM outbox). */
export interface PipelineListener {
  statusChanged(event: PipelineEvent): void | Promise<void>;
}

/** Where listener failures are reported. */
export interface ListenerLog {
  error(details: Record<string, unknown>, message: string): void;
}

/**
 * Calls every listener with `event`, one after another; a throw or rejection is logged with
 * the project id and swallowed. Resolves once every listener has returned.
 */
export async function notifyListeners(
  listeners: readonly PipelineListener[],
  event: PipelineEvent,
  log: ListenerLog,
): Promise<void> {
  for (const listener of listeners) {
    try {
      await listener.statusChanged(event);
    } catch (error) {
      log.error(
        {
          projectId: event.projectId,
          to: event.to,
          err: error instanceof Error ? error.message : String(error),
        },
        'pipeline listener failed',
      );
    }
  }
}
