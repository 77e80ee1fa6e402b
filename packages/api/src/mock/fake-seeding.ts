/**
 * Seeding helpers of the fake for tests and stories: states the demo seed has not (a
 * project in any status, a cancelled one, one without a configuration, more staff). They
 * write the store directly, as the demo seed does, and are no contract row: the server
 * reaches the same states through its endpoints (a project moved by the roles in turn).
 */
import type { Project } from '@solar/domain/contract';
import {
  PIPELINE_PATH,
  PIPELINE_RULES,
  type PipelineAction,
  type ProjectStatus,
} from '@solar/domain/pipeline';
import { roleToUserType, type RoleKey } from '@solar/domain/roles';
import type { SystemConfiguration } from '@solar/domain/system-configuration';
import { addSeededProject, seededConfiguration } from './seed-pipeline.ts';
import type { FakeStore, FakeUser } from './store.ts';

/** A project to seed (see {@link FakeSeeding.project}). */
export interface FakeProjectSeed {
  /** The id (default the next of the fake's sequence). */
  readonly id?: string;
  /** The owner's email: an account of the fake (default the demo client, daniyar@example.com). */
  readonly owner?: string;
  /** @default 'Chuy Avenue 120, Bishkek' */
  readonly address?: string;
  /** Degrees (WGS 84). @default 42.8746 */
  readonly latitude?: number;
  /** Degrees (WGS 84). @default 74.6122 */
  readonly longitude?: number;
  /** The saved system; null: a location-only project. @default a 5 kW system of 13 panels */
  readonly configuration?: SystemConfiguration | null;
  /** The status it has reached. @default 'draft' */
  readonly status?: ProjectStatus;
  /** Days before the fake's now it was created (at least one per action). @default 20 */
  readonly daysAgo?: number;
  /** The assigned roof inspector's and installer's emails (accounts of the fake). */
  readonly roofInspector?: string;
  readonly installer?: string;
}

/** An account to seed (see {@link FakeSeeding.user}). */
export interface FakeUserSeed {
  readonly name: string;
  readonly email: string;
  readonly role: RoleKey;
  /** @default true */
  readonly isActive?: boolean;
  /** @default 'Password1' */
  readonly password?: string;
}

/** The seeding helpers (not endpoints). */
export interface FakeSeeding {
  /**
   * Adds a project at `status`, reached through the pipeline's actions one day apart from
   * its creation (a cancelled one was requested, then cancelled by its owner), each taken
   * by the demo staff member whose role may (else the owner), with the dates, findings and
   * roof photo they carry. Returns the stored project.
   * @throws Error when the owner or an assignee is not an account of the fake.
   */
  project(seed?: FakeProjectSeed): Project;
  /** Adds an account with a confirmed email; returns it. */
  user(seed: FakeUserSeed): FakeUser;
}

/**
 * The actions that bring a new project to `status`: the pipeline's path up to it (none for
 * draft); a cancelled one takes the first step, then is cancelled.
 */
export function actionsTo(status: ProjectStatus): PipelineAction[] {
  if (status === 'cancelled') return [PIPELINE_PATH[0]!, 'cancel'];
  const index = PIPELINE_PATH.findIndex((action) => PIPELINE_RULES[action].to === status);
  return PIPELINE_PATH.slice(0, index + 1);
}

/** The seeding helpers over `store`. */
export function fakeSeeding(store: FakeStore): FakeSeeding {
  const account = (email: string) => {
    const user = store.byEmail(email);
    if (!user) throw new Error(`No account ${email} in the fake`);
    return user;
  };
  return {
    project(seed = {}) {
      const owner = account(seed.owner ?? 'daniyar@example.com');
      const project = addSeededProject(store, {
        ...(seed.id ? { id: seed.id } : {}),
        owner: owner.email,
        address: seed.address ?? 'Chuy Avenue 120, Bishkek',
        latitude: seed.latitude ?? 42.8746,
        longitude: seed.longitude ?? 74.6122,
        configuration:
          seed.configuration === undefined ? seededConfiguration(5) : seed.configuration,
        daysAgo: seed.daysAgo ?? 20,
        actions: actionsTo(seed.status ?? 'draft'),
      });
      const record = store.pipelines.get(project.id)!;
      if (seed.roofInspector) record.roofInspectorId = account(seed.roofInspector).id;
      if (seed.installer) record.installerId = account(seed.installer).id;
      return project;
    },
    user(seed) {
      return store.addUser({
        name: seed.name,
        email: seed.email,
        password: seed.password ?? 'Password1',
        userType: roleToUserType(seed.role),
        isActive: seed.isActive ?? true,
        emailConfirmed: true,
      });
    },
  };
}
