/**
 * A project page's data and its one way to move the project: the
 * pipeline (`GET /projects/{id}/pipeline`), the project (`GET /projects/{id}`), and `run`,
 * which posts a transition and says how it went: a success toast; 409
 * `invalid_transition` (someone moved it first) -> the pipeline's message as a toast and
 * the page refreshed; field errors are left to the form that sent them.
 */
import { toApiError, type ApiError } from '@solar/api';
import { useProject, useProjectPipeline, useProjectTransition } from '@solar/api/react';
import {
  ERROR_CODE_MESSAGES,
  isApiErrorCode,
  pipelineActionMessages,
  pipelineMessages,
  type MessageDescriptor,
  type ProjectTransitionRequest,
} from '@solar/domain';
import { useIntl } from 'react-intl';
import { useNotify } from '../../app/notices.tsx';

/** Why a call failed: the contract's message of its code, else the error's own text. */
export function failureReason(error: ApiError): MessageDescriptor | string {
  return isApiErrorCode(error.code) ? ERROR_CODE_MESSAGES[error.code] : error.message;
}

/** What `run` ended with: done, refused with field errors (for the form), or otherwise failed. */
export type RunOutcome = { ok: true } | { ok: false; error: ApiError };

/** The project `id`'s page. */
export function useProjectPage(id: string) {
  const intl = useIntl();
  const notify = useNotify();
  const pipeline = useProjectPipeline(id);
  const project = useProject(id);
  const transition = useProjectTransition(id);

  /** Posts `body`; toasts the outcome unless it is a form's field errors. */
  const run = async (body: ProjectTransitionRequest): Promise<RunOutcome> => {
    try {
      await transition.mutateAsync(body);
      notify({
        kind: 'success',
        message: intl.formatMessage(pipelineActionMessages[body.action].done),
      });
      return { ok: true };
    } catch (caught) {
      const error = toApiError(caught);
      if (error.status === 409) {
        // The one 409 of a transition: invalid_transition (the client reads unknown codes as conflict).
        notify({ kind: 'error', message: pipelineMessages.invalidTransition });
      } else if (error.status !== 403 && !(error.status === 400 && error.fieldErrors)) {
        // 403 has raised the 'Authorization Error' toast already.
        notify({ kind: 'error', message: failureReason(error) });
      }
      return { ok: false, error };
    }
  };

  const notFound =
    (pipeline.error as Partial<ApiError> | null)?.status === 404 ||
    (project.error as Partial<ApiError> | null)?.status === 404;
  return { pipeline, project, run, isRunning: transition.isPending, notFound };
}
