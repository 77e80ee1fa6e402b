/**
 * The CRM link's settings from the environment. A bad value stops
 * start-up with one clear line (ConfigError), like the calculator's settings.
 *
 * - `PIPEDRIVE_API_TOKEN`: the company's API token. Unset (or empty): the CRM link is off:
 *   no job is ever queued and nothing is ever sent (`loadCrmConfig` answers undefined).
 * - `PIPEDRIVE_DOMAIN`: the company's subdomain (`acme` for https://acme.pipedrive.com);
 *   required with the token unless `PIPEDRIVE_BASE_URL` is set.
 * - `PIPEDRIVE_BASE_URL`: replaces `https://{PIPEDRIVE_DOMAIN}.pipedrive.com` (a local fake
 *   in tests); the client adds `/api/v2`.
 * - `PIPEDRIVE_STAGE_IDS`: JSON object pipeline status -> Pipedrive stage id, e.g.
 *   `{"quote_requested":1,"inspection_scheduled":2}`. Unset: stages are looked up by name
 *   in the first pipeline (stages.ts).
 * - `PIPEDRIVE_TIMEOUT_MS` (10000): time limit of one Pipedrive call.
 * - `PIPEDRIVE_RETRY_BASE_MS` (30000), `PIPEDRIVE_RETRY_MAX_MS` (3600000),
 *   `PIPEDRIVE_MAX_ATTEMPTS` (10): a failed job waits a random time up to
 *   base x 2^(attempts-1), capped (jobs/queue.ts), and is given up after the last attempt.
 *   How often each process looks for jobs is JOBS_POLL_MS (config.ts), shared with mail.
 */
import { PROJECT_STATUSES, type ProjectStatus } from '@solar/domain';
import { z } from 'zod';
import { ConfigError } from '../config.ts';
import { intSetting, readEnv } from '../calculator/env.ts';

const stageIdsSchema = z
  .string()
  .transform((text, context) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      context.addIssue({ code: 'custom', message: 'must be a JSON object' });
      return z.NEVER;
    }
  })
  .pipe(
    z.partialRecord(
      z.enum(PROJECT_STATUSES, {
        error: `must name statuses among ${PROJECT_STATUSES.join(', ')}`,
      }),
      z.number({ error: 'must map each status to a stage id' }).int().positive(),
      { error: 'must be a JSON object of status -> stage id' },
    ),
  );

const crmEnvSchema = z.object({
  PIPEDRIVE_API_TOKEN: z.string().optional(),
  PIPEDRIVE_DOMAIN: z
    .string()
    .regex(/^[a-z0-9][a-z0-9-]{0,62}$/i, 'must be the company subdomain, e.g. acme')
    .optional(),
  PIPEDRIVE_BASE_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
    .optional(),
  PIPEDRIVE_STAGE_IDS: stageIdsSchema.optional(),
  PIPEDRIVE_TIMEOUT_MS: intSetting(100, 120_000, 10_000),
  PIPEDRIVE_RETRY_BASE_MS: intSetting(1, 3_600_000, 30_000),
  PIPEDRIVE_RETRY_MAX_MS: intSetting(1, 86_400_000, 3_600_000),
  PIPEDRIVE_MAX_ATTEMPTS: intSetting(1, 100, 10),
});

/** Every variable this module reads (for the deployment files' documentation checks). */
export const CRM_CONFIG_VARIABLES = Object.keys(crmEnvSchema.shape);

/** The CRM link's settings (present only when PIPEDRIVE_API_TOKEN is set). */
export interface CrmConfig {
  /** The API token, sent as the `x-api-token` header; never logged. */
  apiToken: string;
  /** `https://{domain}.pipedrive.com` or PIPEDRIVE_BASE_URL, without a trailing slash. */
  baseUrl: string;
  /** The company subdomain, for links to the Pipedrive app (undefined with a base URL only). */
  domain: string | undefined;
  /** Configured stage ids by status; undefined: looked up by name (stages.ts). */
  stageIds: Partial<Record<ProjectStatus, number>> | undefined;
  timeoutMs: number;
  retry: { baseMs: number; maxMs: number; maxAttempts: number };
}

/**
 * The CRM settings from `env` (see the file comment): undefined when PIPEDRIVE_API_TOKEN
 * is unset; throws ConfigError on a bad value or a token without PIPEDRIVE_DOMAIN.
 */
export function loadCrmConfig(env: Record<string, string | undefined>): CrmConfig | undefined {
  const e = readEnv(crmEnvSchema, env);
  const apiToken = e.PIPEDRIVE_API_TOKEN?.trim();
  if (!apiToken) return undefined;
  const base =
    e.PIPEDRIVE_BASE_URL ??
    (e.PIPEDRIVE_DOMAIN ? `https://${e.PIPEDRIVE_DOMAIN.toLowerCase()}.pipedrive.com` : undefined);
  if (!base) {
    throw new ConfigError(
      'Invalid configuration: PIPEDRIVE_DOMAIN must be set with PIPEDRIVE_API_TOKEN (the company subdomain, e.g. acme)',
    );
  }
  return {
    apiToken,
    baseUrl: base.replace(/\/+$/, ''),
    domain: e.PIPEDRIVE_DOMAIN?.toLowerCase(),
    stageIds: e.PIPEDRIVE_STAGE_IDS,
    timeoutMs: e.PIPEDRIVE_TIMEOUT_MS,
    retry: {
      baseMs: e.PIPEDRIVE_RETRY_BASE_MS,
      maxMs: Math.max(e.PIPEDRIVE_RETRY_MAX_MS, e.PIPEDRIVE_RETRY_BASE_MS),
      maxAttempts: e.PIPEDRIVE_MAX_ATTEMPTS,
    },
  };
}

/**
 * The Pipedrive app page of a person (for the admin user page's link):
 * `https://{domain}.pipedrive.com/person/{id}`, or undefined when the CRM link is off or
 * only a base URL (a fake) is configured.
 */
export function pipedrivePersonUrl(config: CrmConfig | undefined, personId: number) {
  return config?.domain ? `https://${config.domain}.pipedrive.com/person/${personId}` : undefined;
}
