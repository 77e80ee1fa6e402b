/**
 * The proposal of one project for its PDF: the project read through the
 * projects service (so the caller sees exactly the projects they may read there: 404
 * otherwise), its production estimate from the same code as `GET /calculator/production`
 * (calculator/production.ts: PVGIS, else the 4.5-sun-hour formula) for its location and
 * saved configuration, the domain's `proposalFigures()`, and the owner's name.
 */
import {
  parseConfiguration,
  pipelineMessages,
  proposalFigures,
  proposalFileName,
  type Locale,
  type ProposalFigures,
} from '@solar/domain';
import { eq } from 'drizzle-orm';
import type { ProductionService } from '../calculator/production.ts';
import type { Db } from '../db/database.ts';
import { users } from '../db/schema.ts';
import { HttpError } from '../http-errors.ts';
import type { ProjectCaller } from '../projects/access.ts';
import { createProjectsService } from '../projects/service.ts';
import { proposalPdf, type ProposalIssuer } from './pdf.ts';

/** 409 `no_configuration`: a location-only draft has nothing to propose yet. */
const noConfiguration = () =>
  new HttpError(409, 'no_configuration', pipelineMessages.noConfiguration.defaultMessage);

/** A finished PDF and the file name to save it under. */
export interface ProposalFile {
  bytes: Buffer;
  /** `solar-proposal-YYYY-MM-DD.pdf`, the day it was issued. */
  filename: string;
  figures: ProposalFigures;
}

/**
 * What the service needs: the database, the production source, the business issuing the
 * proposals (default: "Solar" alone) and the clock (epoch ms).
 */
export interface ProposalServiceOptions {
  db: Db;
  issuer?: ProposalIssuer;
  production: Pick<ProductionService, 'estimate'>;
  now?: () => number;
}

/** The proposal service (see the file comment). */
export function createProposalService({
  db,
  production,
  issuer = { name: 'Solar' },
  now = Date.now,
}: ProposalServiceOptions) {
  const projects = createProjectsService(db, now);

  /** The owner's name; empty when the account is gone (the project would be gone too). */
  async function ownerName(userId: string): Promise<string> {
    const [row] = await db
      .select({ name: users.name })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1);
    return row?.name ?? '';
  }

  return {
    /**
     * The PDF of project `id` in `locale` for `caller`. 404 `not_found` when the caller may
     * not read the project (projects service); 409 `no_configuration` when it has no usable
     * saved configuration. The production source never throws for upstream trouble.
     */
    async pdf(caller: ProjectCaller, id: string, locale: Locale): Promise<ProposalFile> {
      const project = await projects.get(caller, id);
      const configuration = parseConfiguration(project.configuration);
      if (!configuration) throw noConfiguration();
      const estimate = await production.estimate({
        latitude: project.location.latitude,
        longitude: project.location.longitude,
        peakPowerKw: configuration.systemSizeKw,
        lossPercent: configuration.lossPercent,
        tilt: configuration.tiltDeg,
        azimuth: configuration.azimuthDeg,
      });
      const figures = proposalFigures(project, estimate, now());
      if (!figures) throw noConfiguration();
      const bytes = await proposalPdf({
        locale,
        issuer,
        customerName: await ownerName(project.userId),
        location: project.location,
        figures,
      });
      return { bytes, filename: proposalFileName(figures.issuedOn), figures };
    },
  };
}

/** The service's type. */
export type ProposalService = ReturnType<typeof createProposalService>;
