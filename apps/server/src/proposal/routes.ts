/**
 * The proposal PDF route (pipeline-contract.ts):
 * `GET /projects/{id}/proposal.pdf?locale=en|es|ru` -> 200 `application/pdf`, the proposal
 * of a saved project in that language (default en), as an attachment named
 * `solar-proposal-<issued day>.pdf`, never cached by anyone but the browser's own download
 * (`Cache-Control: private, no-store`). Needs a signed-in user (401); the project is read
 * through the projects service (404 `not_found` when the caller may not see it); 409
 * `no_configuration` for a project without a usable configuration (a location-only draft);
 * 400 for another locale or an unknown parameter.
 *
 * Each PDF asks for the project's production (PVGIS, cached; calculator/production.ts), so
 * the route is rate limited per client address like `GET /calculator/production`
 * (`PRODUCTION_RATE_LIMIT` a minute, 429 with Retry-After). PVGIS settings are the
 * calculator's (`PVGIS_URL`, `PVGIS_TIMEOUT_MS`, `PVGIS_CACHE_*`).
 */
import { proposalPdfQuerySchema } from '@solar/domain';
import type { preHandlerHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../auth/guard.ts';
import { ensureRateLimit } from '../calculator/client-limit.ts';
import { loadCalculatorConfig } from '../calculator/config.ts';
import { createProductionService, type ProductionService } from '../calculator/production.ts';
import type { Db } from '../db/database.ts';
import type { ProposalIssuer } from './pdf.ts';
import { createProposalService } from './service.ts';

export interface ProposalRoutesOptions {
  db: Db;
  /** The bearer-token preHandler of auth/guard.ts (sets `request.auth`). */
  authenticate: preHandlerHookHandler;
  /** The process environment (PVGIS_*, PRODUCTION_RATE_LIMIT). */
  env?: Record<string, string | undefined>;
  /**
   * The production source: the app's shared one (one PVGIS cache with the calculator), or a
   * fake in tests; by default the plugin makes its own (PVGIS, the formula as fallback).
   */
  production?: Pick<ProductionService, 'estimate'>;
  /** Replaces the HTTP client used for PVGIS (tests). */
  fetch?: typeof fetch;
  /** The clock, epoch ms: the proposal's issue day (tests). */
  now?: () => number;
  /** The business issuing the proposals (config.ts `business`); default "Solar" alone. */
  issuer?: ProposalIssuer;
}

const idParams = z.object({ id: z.string().max(100) });

export const proposalRoutes: FastifyPluginAsyncZod<ProposalRoutesOptions> = async (
  app,
  { db, authenticate, env = process.env, production, fetch, now = Date.now, issuer },
) => {
  const config = loadCalculatorConfig(env);
  const source =
    production ??
    createProductionService({ ...config.pvgis, ...(fetch ? { fetch } : {}) }, (error) =>
      app.log.warn({ reason: error.message }, 'PVGIS failed; the proposal uses the estimate'),
    );
  const service = createProposalService({
    db,
    production: source,
    now,
    ...(issuer ? { issuer } : {}),
  });
  await ensureRateLimit(app);

  /** GET /projects/{id}/proposal.pdf?locale= -> 200 application/pdf (see the file comment). */
  app.get(
    '/projects/:id/proposal.pdf',
    {
      preValidation: authenticate,
      // A HEAD request would cost an upstream call and a PDF for nothing.
      exposeHeadRoute: false,
      config: { rateLimit: { max: config.productionRatePerMinute, timeWindow: 60_000 } },
      schema: {
        params: idParams,
        querystring: proposalPdfQuerySchema,
        tags: ['projects'],
        security: [{ bearer: [] }],
        operationId: 'getProposalPdf',
        summary: 'The proposal of a saved project as a PDF',
        answers: {
          200: {
            description:
              'The proposal (attachment `solar-proposal-YYYY-MM-DD.pdf`) in the asked language',
            body: z.string().meta({ format: 'binary' }),
            contentType: 'application/pdf',
          },
        },
        errors: [400, 401, 404, 409, 429, 503],
      },
    },
    async (request, reply) => {
      const file = await service.pdf(requireAuth(request), request.params.id, request.query.locale);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .header('cache-control', 'private, no-store')
        .header('content-length', String(file.bytes.length))
        .send(file.bytes);
    },
  );
};
