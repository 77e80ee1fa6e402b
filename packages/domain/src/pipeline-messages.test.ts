import { describe, expect, it } from 'vitest';
import { allMessages, pipelineMessages } from './messages.ts';
import { PIPELINE_ACTIONS, PROJECT_STATUSES } from './pipeline.ts';
import { nextStep } from './work-queue.ts';
import {
  allPipelineMessages,
  pipelineActionMessages,
  projectStatusMessages,
} from './pipeline-messages.ts';

describe("the pipeline's words (docs/product.md#project-pipeline)", () => {
  it('names every status, with ids the catalogs hold', () => {
    for (const status of PROJECT_STATUSES) {
      expect(projectStatusMessages[status].id).toBe(`projectStatus.${status}`);
      expect(allMessages[`projectStatus.${status}`]).toBe(projectStatusMessages[status]);
    }
    expect(projectStatusMessages.quote_requested.defaultMessage).toBe('Site visit requested');
  });

  it('has a label, a notice and a history name for every action', () => {
    for (const action of PIPELINE_ACTIONS) {
      const { label, done, history } = pipelineActionMessages[action];
      expect([label.id, done.id, history.id]).toEqual([
        `pipelineAction.${action}.label`,
        `pipelineAction.${action}.done`,
        `pipelineAction.${action}.history`,
      ]);
    }
    expect(pipelineActionMessages.requestQuote.label.defaultMessage).toBe('Request a site visit');
  });

  it('has the dashboard lines of every action that is some status’s next step', () => {
    const steps = new Set(PROJECT_STATUSES.map((s) => nextStep(s)?.action).filter(Boolean));
    for (const action of PIPELINE_ACTIONS) {
      const { waitingStaff, waitingClient } = pipelineActionMessages[action];
      expect([action, waitingStaff !== null, waitingClient !== null]).toEqual([
        action,
        steps.has(action),
        steps.has(action),
      ]);
    }
  });

  it('lists every descriptor once in the catalogue', () => {
    const ids = allPipelineMessages.map((m) => m.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const m of allPipelineMessages) expect(allMessages[m.id]).toBe(m);
  });
});

describe("the pipeline's validation messages", () => {
  it('name every action and every status, in pipeline order', () => {
    expect(pipelineMessages.action).toEqual({
      id: 'pipeline.action',
      defaultMessage: `Action must be one of ${PIPELINE_ACTIONS.join(', ')}`,
    });
    expect(pipelineMessages.status).toEqual({
      id: 'pipeline.status',
      defaultMessage: `Status must be one of ${PROJECT_STATUSES.join(', ')}`,
    });
  });
});
