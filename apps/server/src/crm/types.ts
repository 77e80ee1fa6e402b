/**
 * The pipeline's events as the CRM link hears them: the projects service's own shapes
 * (projects/events.ts), re-exported so the CRM modules name one place.
 */
export type { PipelineEvent, PipelineListener } from '../projects/events.ts';
