/**
 * Which Pipedrive stage and deal status a pipeline status means.
 *
 * - Stage: `PIPEDRIVE_STAGE_IDS` (status -> stage id) when configured; otherwise the stages
 *   of the company's first pipeline (lowest `order_nr`, Pipedrive's default) whose name is
 *   the status's name below or its key, compared without case, spaces, `_` or `-`
 *   ("Quote requested", "quote_requested" and "QUOTE-REQUESTED" all match quote_requested).
 *   The looked-up names are kept for STAGE_CACHE_MS; a status without a stage leaves the
 *   deal where it is (a new deal then starts in the pipeline's first stage).
 * - Status: `cancelled` -> deal lost; `installed` -> deal won; any other -> open.
 */
import type { ProjectStatus } from '@solar/domain';
import type { DealStatus, PipedriveClient } from './pipedrive.ts';

/** The stage name each status is looked up by when no stage ids are configured. */
export const STAGE_NAMES: Readonly<Record<ProjectStatus, string>> = {
  draft: 'Draft',
  quote_requested: 'Quote requested',
  inspection_scheduled: 'Inspection scheduled',
  inspected: 'Inspected',
  proposal_accepted: 'Proposal accepted',
  installation_scheduled: 'Installation scheduled',
  installed: 'Installed',
  cancelled: 'Cancelled',
};

/** How long stage names looked up in Pipedrive are kept, ms. */
export const STAGE_CACHE_MS = 10 * 60_000;

/** The deal status of a pipeline status (see the file comment). */
export function dealStatusOf(status: ProjectStatus): DealStatus {
  if (status === 'cancelled') return 'lost';
  if (status === 'installed') return 'won';
  return 'open';
}

const squash = (name: string) => name.toLowerCase().replace(/[\s_-]+/g, '');

/** Finds the stage id of a status (configured, or looked up by name and cached). */
export interface StageResolver {
  /** The stage id of `status`, or undefined when it has none; throws PipedriveError. */
  stageOf(status: ProjectStatus, signal?: AbortSignal): Promise<number | undefined>;
}

/**
 * A resolver over `configured` ids, or over the names of the first pipeline's stages read
 * through `client` (`now`: the cache clock, epoch ms).
 */
export function createStageResolver(
  client: PipedriveClient,
  configured: Partial<Record<ProjectStatus, number>> | undefined,
  now: () => number = Date.now,
): StageResolver {
  let cached: { byName: Map<string, number>; until: number } | undefined;

  async function byName(signal?: AbortSignal): Promise<Map<string, number>> {
    if (cached && cached.until > now()) return cached.byName;
    const [pipeline] = await client.listPipelines(signal);
    const names = new Map<string, number>();
    if (pipeline) {
      for (const stage of await client.listStages(pipeline.id, signal)) {
        if (!names.has(squash(stage.name))) names.set(squash(stage.name), stage.id);
      }
    }
    cached = { byName: names, until: now() + STAGE_CACHE_MS };
    return names;
  }

  return {
    async stageOf(status, signal) {
      if (configured) return configured[status];
      const names = await byName(signal);
      return names.get(squash(STAGE_NAMES[status])) ?? names.get(squash(status));
    },
  };
}
