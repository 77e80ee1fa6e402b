/**
 * Fakes of the project screens' stories and tests: a small
 * pipeline fake as MSW handlers over `GET /projects/pipeline`, `GET /projects/{id}`,
 * `GET /projects/{id}/pipeline`, `POST /projects/{id}/transitions`, the photo endpoints
 * and the proposal PDF, following domain pipeline.ts for the caller's role: one project
 * in any status for any role, and the states the API fake's seed has not (loading,
 * failures, a cancelled project, no configuration). Put them in an AppFixture's `handlers`.
 * It repeats part of the API fake (packages/api/src/mock/fake-pipeline.ts), which the
 * stories of seeded states and projects-on-fake.test.tsx already use; moving these tests
 * onto it (with seed and scenario options for the missing states) would retire this file.
 */
import {
  availableActions,
  PIPELINE_RULES,
  PROJECT_STATUSES,
  projectTransitionRequestSchema,
  toPage,
  type ProjectListItem,
  type ProjectPipeline,
  type ProjectStatus,
  type RoleKey,
} from '@solar/domain';
import type { Project } from '@solar/domain/contract';
import { delay, http, HttpResponse, type HttpHandler } from 'msw';
import { FIXTURE_NOW } from './app-fixture.tsx';
import { productionHandler, type ProductionFakeOptions } from './full-calculator-fakes.ts';

/** The project every screen story opens. */
export const PROJECT_ID = 'p-bishkek-1';
const at = (daysAgo: number) => new Date(FIXTURE_NOW - daysAgo * 86_400_000).toISOString();

/** A saved 5 kW system in Bishkek. */
export const SAMPLE_PROJECT: Project = {
  id: PROJECT_ID,
  userId: 'u-daniyar',
  location: { address: 'Chuy Avenue 120, Bishkek', latitude: 42.8746, longitude: 74.6122 },
  configuration: {
    systemSizeKw: 5,
    panelCount: 13,
    tiltDeg: 30,
    azimuthDeg: 180,
    roofType: 'pitched',
    lossPercent: 14,
    pricePerKwhSom: 1.49,
  },
  isDraft: false,
  createdAt: at(20),
  updatedAt: at(2),
};

const STREETS = ['Chuy Avenue', 'Manas Avenue', 'Toktogul Street', 'Kiev Street', 'Ibraimov'];
const STATUS_CYCLE: readonly ProjectStatus[] = [
  'quote_requested',
  'draft',
  'inspection_scheduled',
  'inspected',
  'proposal_accepted',
  'installation_scheduled',
  'installed',
  'cancelled',
];
const OWNERS = [
  ['Daniyar Sadykov', 'daniyar@example.com'],
  ['Gulnara Mamytova', 'gulnara@example.com'],
  ['Ilyas Kadyrov', 'ilyas@example.com'],
] as const;

/** `count` list rows, the first one the sample project. */
export function sampleListItems(count = 12): ProjectListItem[] {
  return Array.from({ length: count }, (_, index) => {
    const [ownerName, ownerEmail] = OWNERS[index % OWNERS.length]!;
    return {
      id: index === 0 ? PROJECT_ID : `p-${index + 1}`,
      address:
        index === 0
          ? SAMPLE_PROJECT.location.address
          : `${STREETS[index % STREETS.length]} ${index * 7 + 3}, Bishkek`,
      status: STATUS_CYCLE[index % STATUS_CYCLE.length]!,
      ownerId: `u-${ownerEmail.split('@')[0]}`,
      ownerName,
      ownerEmail,
      systemSizeKw: index % 4 === 1 ? null : 3 + (index % 5),
      inspectionDate: null,
      installationDate: null,
      createdAt: at(30 - index),
      updatedAt: at(12 - index / 2),
    };
  });
}

/** The sample project's pipeline in `status`, with the history that leads there. */
export function samplePipeline(
  status: ProjectStatus,
  actions: ProjectPipeline['actions'],
): ProjectPipeline {
  const forward = PROJECT_STATUSES.filter((s) => s !== 'cancelled');
  const ordered: ProjectStatus[] =
    status === 'cancelled'
      ? ['draft', 'quote_requested', 'cancelled']
      : forward.slice(0, forward.indexOf(status) + 1);
  const reached = (s: ProjectStatus) => ordered.includes(s);
  return {
    projectId: PROJECT_ID,
    status,
    inspectionDate: reached('inspection_scheduled') ? '2026-03-20' : null,
    installationDate: reached('installation_scheduled') ? '2026-04-10' : null,
    inspection: reached('inspected')
      ? {
          roofType: 'pitched',
          roofAreaM2: 64,
          shadingNotes: 'A walnut tree shades the west side after 16:00.',
        }
      : null,
    photos: reached('inspected')
      ? [{ id: 'ph-1', contentType: 'image/png', size: 182_000, createdAt: at(5) }]
      : [],
    history: ordered.map((to, index) => ({
      id: `e-${index}`,
      from: index === 0 ? null : ordered[index - 1]!,
      to,
      action:
        index === 0
          ? null
          : (Object.entries(PIPELINE_RULES).find(([, rule]) => rule.to === to)?.[0] as never),
      actorName: index === 0 ? null : index % 2 ? 'Daniyar Sadykov' : 'Chynara Alieva',
      note: null,
      at: at(ordered.length - index + 1),
    })),
    actions,
    owner: { id: 'u-daniyar', name: 'Daniyar Sadykov', email: 'daniyar@example.com' },
    assignees: { roofInspector: null, installer: null },
  };
}

/** An SVG "photo" of a roof for the photo grid. */
const ROOF_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 120"><rect width="160" height="120" fill="#9ec5e8"/><path d="M20 80 80 30l60 50z" fill="#a0522d"/><rect x="30" y="80" width="100" height="40" fill="#e8dcc8"/></svg>';

/** Options of {@link projectHandlers}. */
export interface ProjectsFakeOptions {
  /** The signed-in caller's role (decides `actions`). @default 'client_residential' */
  role?: RoleKey;
  /** Whether the caller owns the sample project. @default role is a client */
  isOwner?: boolean;
  /** The sample project's status. @default 'draft' */
  status?: ProjectStatus;
  /** List rows (default {@link sampleListItems}). */
  items?: ProjectListItem[];
  /** The sample project as `GET /projects/{id}` answers it. */
  project?: Project;
  /** Answer the list with this status (e.g. 500). */
  listStatus?: number;
  /** Never answer the list / the pipeline / the project (loading states). */
  hang?: 'list' | 'pipeline' | 'project';
  /** Answer every transition with 409 `invalid_transition` (someone else moved it). */
  conflict?: boolean;
  /** The production fake's options. */
  production?: ProductionFakeOptions;
  /** Who is assigned at first. @default none */
  assignees?: ProjectPipeline['assignees'];
  /** Answer `PUT /projects/{id}/assignees` with 400 at `roofInspectorId` (not an active one). */
  assignRefused?: boolean;
}

/** The assignable staff of the fixtures (`GET /staff`), sorted by name. */
export const SAMPLE_STAFF = {
  roofInspectors: [
    { id: 'u-ina', name: 'Ina Bekova', email: 'ina@example.com' },
    { id: 'u-oleg', name: 'Oleg Petrov', email: 'oleg@example.com' },
  ],
  installers: [
    { id: 'u-ivan', name: 'Ivan Kuznetsov', email: 'ivan@example.com' },
    { id: 'u-timur', name: 'Timur Asanov', email: 'timur@example.com' },
  ],
} as const;

/** The handlers, and the requests they saw (`seen`: method, path and search). */
export function projectHandlers(options: ProjectsFakeOptions = {}) {
  const role = options.role ?? 'client_residential';
  const isOwner = options.isOwner ?? role.startsWith('client');
  let status: ProjectStatus = options.status ?? 'draft';
  const items = options.items ?? sampleListItems();
  const seen: string[] = [];
  const record = (request: Request) => {
    const url = new URL(request.url);
    seen.push(`${request.method} ${url.pathname.replace(/^.*\/api\/v1/, '')}${url.search}`);
  };
  let assignees = options.assignees ?? { roofInspector: null, installer: null };
  let pipeline = {
    ...samplePipeline(status, availableActions(role, isOwner, status)),
    assignees,
  };
  const error = (code: string, message: string, statusCode: number, fieldErrors?: object) =>
    HttpResponse.json(
      { code, message, ...(fieldErrors ? { errors: fieldErrors } : {}) },
      { status: statusCode },
    );

  const handlers: HttpHandler[] = [
    http.get('*/api/v1/projects/pipeline', async ({ request }) => {
      record(request);
      if (options.hang === 'list') await delay('infinite');
      if (options.listStatus)
        return error(
          'internal',
          'Server error occurred. Please try again later.',
          options.listStatus,
        );
      const url = new URL(request.url);
      const q = (url.searchParams.get('searchTerm') ?? '').toLowerCase();
      const only = url.searchParams.get('status');
      const rows = items.filter(
        (row) =>
          (!q || `${row.address} ${row.ownerName} ${row.ownerEmail}`.toLowerCase().includes(q)) &&
          (!only || row.status === only),
      );
      const pageNumber = Number(url.searchParams.get('pageNumber') ?? 1);
      const pageSize = Number(url.searchParams.get('pageSize') ?? 10);
      const start = (pageNumber - 1) * pageSize;
      return HttpResponse.json(
        toPage(rows.slice(start, start + pageSize), rows.length, pageNumber, pageSize),
      );
    }),
    http.get('*/api/v1/projects/:id/pipeline', async ({ request, params }) => {
      record(request);
      if (options.hang === 'pipeline') await delay('infinite');
      if (params.id !== PROJECT_ID) return error('not_found', 'Project not found', 404);
      return HttpResponse.json(pipeline);
    }),
    // The change history panel (its own stories show rows): none recorded here.
    http.get('*/api/v1/projects/:id/history', ({ params }) => {
      if (params.id !== PROJECT_ID) return error('not_found', 'Project not found', 404);
      return HttpResponse.json(toPage([], 0, 1, 10));
    }),
    http.post('*/api/v1/projects/:id/transitions', async ({ request }) => {
      record(request);
      const parsed = projectTransitionRequestSchema.safeParse(await request.json());
      if (!parsed.success) return error('validation_failed', 'Validation failed', 400);
      if (options.conflict) {
        return error(
          'invalid_transition',
          'This project has moved on since you opened it. Refresh to see its status.',
          409,
        );
      }
      const body = parsed.data;
      if (!pipeline.actions.includes(body.action)) return error('forbidden', 'Not allowed', 403);
      status = PIPELINE_RULES[body.action].to;
      pipeline = {
        ...samplePipeline(status, availableActions(role, isOwner, status)),
        ...(body.date && body.action === 'scheduleInspection' ? { inspectionDate: body.date } : {}),
        ...(body.date && body.action === 'scheduleInstallation'
          ? { installationDate: body.date }
          : {}),
        ...(body.inspection ? { inspection: body.inspection } : {}),
        assignees,
      };
      return HttpResponse.json(pipeline);
    }),
    http.get('*/api/v1/staff', ({ request }) => {
      record(request);
      return HttpResponse.json(SAMPLE_STAFF);
    }),
    http.put('*/api/v1/projects/:id/assignees', async ({ request }) => {
      record(request);
      const body = (await request.json()) as {
        roofInspectorId: string | null;
        installerId: string | null;
      };
      if (options.assignRefused) {
        const message = 'Please choose an active roof inspector';
        return error('validation_failed', message, 400, { roofInspectorId: message });
      }
      const person = (list: readonly { id: string; name: string }[], id: string | null) => {
        const found = list.find((p) => p.id === id);
        return found ? { id: found.id, name: found.name } : null;
      };
      assignees = {
        roofInspector: person(SAMPLE_STAFF.roofInspectors, body.roofInspectorId),
        installer: person(SAMPLE_STAFF.installers, body.installerId),
      };
      pipeline = { ...pipeline, assignees };
      return HttpResponse.json(body);
    }),
    http.post('*/api/v1/projects/:id/photos', async ({ request }) => {
      record(request);
      const photo = {
        id: `ph-${pipeline.photos.length + 1}`,
        contentType: 'image/png' as const,
        size: 1000,
        createdAt: new Date(FIXTURE_NOW).toISOString(),
      };
      pipeline = { ...pipeline, photos: [...pipeline.photos, photo] };
      return HttpResponse.json(photo, { status: 201 });
    }),
    http.get('*/api/v1/projects/:id/photos/:photoId', ({ request }) => {
      record(request);
      return new HttpResponse(ROOF_SVG, { headers: { 'Content-Type': 'image/svg+xml' } });
    }),
    http.get('*/api/v1/projects/:id/proposal.pdf', ({ request }) => {
      record(request);
      return new HttpResponse('%PDF-1.4\n%fixture\n', {
        headers: { 'Content-Type': 'application/pdf' },
      });
    }),
    http.get('*/api/v1/projects/:id', async ({ request, params }) => {
      record(request);
      if (options.hang === 'project') await delay('infinite');
      if (params.id !== PROJECT_ID) return error('not_found', 'Project not found', 404);
      return HttpResponse.json(options.project ?? SAMPLE_PROJECT);
    }),
    productionHandler(options.production),
  ];
  return { handlers, seen, status: () => status };
}
