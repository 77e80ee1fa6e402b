/**
 * The demo seed's projects: saved assessments of the demo client (Daniyar
 * Sadykov) at every stage of the pipeline, and one of another client waiting for an
 * inspection, each with the history the staff roles of the seed made (Chynara the roof
 * inspector, Aigerim the project manager, Bakyt the installer). All are saved, not drafts
 * (`isDraft` false), so the dashboard's and the full calculator's draft lists stay as
 * they were. Dates are relative to the clock; ids follow the rest of the seed.
 */
import type { Project } from '@solar/domain/contract';
import { permissionsFor } from '@solar/domain/permissions';
import {
  PIPELINE_PATH,
  PIPELINE_RULES,
  type PipelineAction,
  type ScheduledDateField,
} from '@solar/domain/pipeline';
import { userTypeToRole } from '@solar/domain/roles';
import type { RoofInspection } from '@solar/domain/pipeline-contract';
import type { SystemConfiguration } from '@solar/domain/system-configuration';
import { applyTransition, startPipeline } from './fake-pipeline.ts';
import type { FakeStore, FakeUser } from './store.ts';

const DAY_MS = 86_400_000;

/** A 1 x 1 PNG, the seeded roof photo. */
const PIXEL_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

const configuration = (systemSizeKw: number, panelCount: number): SystemConfiguration => ({
  systemSizeKw,
  panelCount,
  tiltDeg: 30,
  azimuthDeg: 180,
  roofType: 'pitched',
  lossPercent: 14,
  pricePerKwhSom: 1.49,
});

const INSPECTION: RoofInspection = {
  roofType: 'pitched',
  roofAreaM2: 64,
  shadingNotes: 'A walnut tree shades the west edge after 4 pm.',
};

/** One seeded project: owner email, address, size, age in days, the actions taken so far. */
interface SeedProject {
  readonly owner: string;
  readonly address: string;
  readonly latitude: number;
  readonly longitude: number;
  readonly kw: number;
  readonly daysAgo: number;
  readonly actions: readonly PipelineAction[];
}

/** The pipeline's path up to, not including, marking the project installed. */
const BEFORE_INSTALLATION: readonly PipelineAction[] = PIPELINE_PATH.slice(0, -1);

/** A project of the demo client. */
const demo = (
  address: string,
  [latitude, longitude]: readonly [number, number],
  kw: number,
  daysAgo: number,
  actions: readonly PipelineAction[],
): SeedProject => ({
  owner: 'daniyar@example.com',
  address,
  latitude,
  longitude,
  kw,
  daysAgo,
  actions,
});

const PROJECTS: readonly SeedProject[] = [
  demo('Toktogul Street 120, Bishkek', [42.8712, 74.6071], 3.6, 2, []),
  demo('Manas Avenue 40, Bishkek', [42.8756, 74.5882], 4.8, 9, ['requestQuote']),
  demo('Ala-Archa cottage 7, Chui Region', [42.6433, 74.4851], 6, 16, [
    ...BEFORE_INSTALLATION.slice(0, 2),
  ]),
  demo('Kurmanjan Datka Street 25, Osh', [40.5283, 72.7985], 5.2, 23, [
    ...BEFORE_INSTALLATION.slice(0, 3),
  ]),
  demo('Issyk-Kul guest house, Cholpon-Ata', [42.6491, 77.0823], 10, 34, BEFORE_INSTALLATION),
  demo('Chui Avenue 155, Bishkek', [42.8764, 74.6033], 3.2, 60, PIPELINE_PATH),
];

const OTHER_CLIENT: SeedProject = {
  owner: 'ilyas@example.com',
  address: 'Jibek Jolu Avenue 300, Bishkek',
  latitude: 42.8843,
  longitude: 74.6121,
  kw: 2.8,
  daysAgo: 5,
  actions: ['requestQuote'],
};

/** The demo staff who take the pipeline's actions, the most specialised role first. */
const DEMO_STAFF = ['chynara@example.com', 'bakyt@example.com', 'aigerim@example.com'];

/**
 * Who of the seed takes each action: the owner when the rule lets the owner, else the first
 * demo staff member whose role has one of the rule's flags (else the owner).
 */
function actorFor(store: FakeStore, action: PipelineAction, owner: FakeUser): FakeUser {
  const rule = PIPELINE_RULES[action];
  if (rule.owner) return owner;
  const staff = DEMO_STAFF.map((email) => store.byEmail(email)).find((user) => {
    const granted = permissionsFor(user && userTypeToRole(user.userType));
    return rule.flags.some((flag) => granted[flag]);
  });
  return staff ?? owner;
}

/** How many days after the action a scheduled date lies, by the field it fills. */
const DAYS_AHEAD: Readonly<Record<ScheduledDateField, number>> = {
  inspectionDate: 3,
  installationDate: 14,
};

/** Calendar day `days` after the instant `ms`, `YYYY-MM-DD`. */
const dayAfter = (ms: number, days: number) =>
  new Date(ms + days * DAY_MS).toISOString().slice(0, 10);

/** One project to add: who owns it, where, its system, age in days and actions taken. */
export interface SeededProject {
  /** The id (default the next of the sequence). */
  readonly id?: string;
  /** The owner's email (an account of the store). */
  readonly owner: string;
  readonly address: string;
  /** Degrees (WGS 84). */
  readonly latitude: number;
  /** Degrees (WGS 84). */
  readonly longitude: number;
  /** The saved system (null: a location-only project). */
  readonly configuration: SystemConfiguration | null;
  /** Days before the clock's now the project was created. */
  readonly daysAgo: number;
  /** The actions taken so far, in order, one a day after the creation. */
  readonly actions: readonly PipelineAction[];
}

/**
 * Adds one project and its pipeline to the store: created `daysAgo` days before now by its
 * owner, then each action a day apart by whoever of the demo staff may take it (else the
 * owner), with the date, findings and roof photo it carries. Returns the project as stored.
 */
export function addSeededProject(store: FakeStore, seed: SeededProject): Project {
  const owner = store.byEmail(seed.owner)!;
  const createdMs = store.now() - seed.daysAgo * DAY_MS;
  const project: Project = {
    id: seed.id ?? store.newId(),
    userId: owner.id,
    location: { address: seed.address, latitude: seed.latitude, longitude: seed.longitude },
    configuration: seed.configuration ? { ...seed.configuration } : null,
    isDraft: false,
    createdAt: new Date(createdMs).toISOString(),
    updatedAt: new Date(createdMs).toISOString(),
  };
  store.projects.set(project.id, project);
  startPipeline(store, project, owner);
  const record = store.pipelines.get(project.id)!;
  seed.actions.forEach((action, index) => {
    const atMs = createdMs + (index + 1) * DAY_MS;
    const rule = PIPELINE_RULES[action];
    applyTransition(store, store.projects.get(project.id)!, record, {
      action,
      actorId: actorFor(store, action, owner).id,
      at: new Date(atMs).toISOString(),
      ...(rule.needs === 'date' ? { date: dayAfter(atMs, DAYS_AHEAD[rule.dateField]) } : {}),
      ...(rule.needs === 'inspection' ? { inspection: INSPECTION } : {}),
    });
    if (rule.needs === 'inspection') {
      const bytes = Uint8Array.from(atob(PIXEL_PNG), (c) => c.charCodeAt(0));
      record.photos.push({
        meta: {
          id: store.newId(),
          contentType: 'image/png',
          size: bytes.length,
          createdAt: new Date(atMs).toISOString(),
        },
        bytes,
      });
    }
  });
  return store.projects.get(project.id)!;
}

/** The saved system of a seeded project of `kw` kW (0.4 kW panels, 30°, south, 14 % losses). */
export const seededConfiguration = (kw: number): SystemConfiguration =>
  configuration(kw, Math.ceil(kw / 0.4));

/** Adds the seeded projects and their pipelines (after the demo users). */
export function seedPipeline(store: FakeStore): void {
  for (const seed of [...PROJECTS, OTHER_CLIENT]) {
    const { kw, ...rest } = seed;
    addSeededProject(store, { ...rest, configuration: seededConfiguration(kw) });
  }
}
