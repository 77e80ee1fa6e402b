/**
 * Helpers of the pipeline contract files (pipeline.ts, pipeline-list.ts, pipeline-files.ts;
 * Domain pipeline-contract.ts): clients and staff of a role with their tokens, a
 * saved project, the pipeline calls as raw requests (the typed client's pipeline calls are
 * not used, so the suite checks the HTTP contract alone), multipart uploads and byte
 * answers, and the shapes the contract promises.
 */
import type { Project } from '@solar/domain/contract';
import { expect } from 'vitest';
import type { ApiClient } from '../client.ts';
import type { ContractKit, RawAnswer } from './kit.ts';

/** A full calculator configuration the domain accepts (parseConfiguration), 4 kW. */
export const CONFIGURATION = {
  systemSizeKw: 4,
  panelCount: 10,
  tiltDeg: 30,
  azimuthDeg: 180,
  roofType: 'pitched',
  lossPercent: 14,
  pricePerKwhSom: 1.49,
} as const;

/** Roof findings the domain accepts. */
export const INSPECTION = { roofType: 'flat', roofAreaM2: 85.5, shadingNotes: 'No shade' } as const;

/** A valid 1 x 1 PNG. */
export const PIXEL_PNG = Uint8Array.from(
  atob(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  ),
  (c) => c.charCodeAt(0),
);

/** A signed-in account with its bearer token. */
export interface Actor {
  readonly api: ApiClient;
  readonly token: string;
  readonly user: { readonly id: string; readonly name: string };
  readonly email: string;
}

/** Creates the pipeline helpers over the contract kit. */
export function pipelineKit(kit: ContractKit) {
  const { raw, freshUser, roleUser, target, iso, id, nullable } = kit;
  let places = 0;

  /** A newly signed-up residential client. */
  async function client(name = 'Pipeline Client'): Promise<Actor> {
    const { api, email, response } = await freshUser(name);
    return { api, email, token: response.token, user: response.user };
  }
  /** Staff made by the administrator: 1 project manager, 2 installer, 3 roof inspector. */
  async function staff(userType: 1 | 2 | 3, name = 'Pipeline Staff'): Promise<Actor> {
    const { api, email, token, user } = await roleUser(userType, name);
    return { api, email, token, user };
  }
  /** A saved project of `owner` (configured unless told), its address ending with `tag`. */
  async function project(
    owner: Actor,
    options: { tag?: string; configured?: boolean } = {},
  ): Promise<Project> {
    places += 1;
    return owner.api.projects.create({
      location: {
        address: `Pipeline Street ${places}, Bishkek ${options.tag ?? ''}`.trim(),
        latitude: 42.87,
        longitude: 74.59,
      },
      ...(options.configured === false ? {} : { configuration: { ...CONFIGURATION } }),
      isDraft: false,
    });
  }
  /** `GET /projects/{id}/pipeline`. */
  const pipeline = (actor: Actor, projectId: string) =>
    raw('GET', `projects/${projectId}/pipeline`, { token: actor.token });
  /** `POST /projects/{id}/transitions`. */
  const act = (actor: Actor, projectId: string, body: unknown) =>
    raw('POST', `projects/${projectId}/transitions`, { token: actor.token, body });
  /** The body of an answer that must have `status` (the body is shown when it has not). */
  function expectStatus(answer: RawAnswer, status: number) {
    expect({ status: answer.status, body: answer.body }).toMatchObject({ status });
    return answer.body!;
  }
  /** `POST /projects/{id}/photos` with the multipart field `file`. */
  async function upload(actor: Actor, projectId: string, bytes: Uint8Array, type = 'image/png') {
    const form = new FormData();
    form.append('file', new Blob([bytes as Uint8Array<ArrayBuffer>], { type }), 'roof.png');
    const response = await target().fetch(`${target().baseUrl}/projects/${projectId}/photos`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${actor.token}` },
      body: form,
    });
    const text = await response.text();
    let body: Record<string, unknown> | undefined;
    try {
      body = text ? (JSON.parse(text) as Record<string, unknown>) : undefined;
    } catch {
      body = undefined;
    }
    return { status: response.status, body, headers: response.headers };
  }
  /** A GET answering bytes (a photo, the PDF). */
  async function download(actor: Actor | null, path: string) {
    const response = await target().fetch(`${target().baseUrl}/${path}`, {
      headers: actor ? { Authorization: `Bearer ${actor.token}` } : {},
    });
    return {
      status: response.status,
      headers: response.headers,
      bytes: new Uint8Array(await response.arrayBuffer()),
    };
  }
  /** Moves a project through `steps` (actor and body each), each answering 200. */
  async function advance(projectId: string, steps: readonly [Actor, unknown][]) {
    for (const [actor, body] of steps) expectStatus(await act(actor, projectId, body), 200);
  }

  const photoShape = {
    id,
    contentType: expect.stringMatching(/^image\/(jpeg|png|webp)$/),
    size: expect.any(Number),
    createdAt: iso,
  };
  const eventShape = {
    id,
    from: nullable(expect.any(String)),
    to: expect.any(String),
    action: nullable(expect.any(String)),
    actorName: nullable(expect.any(String)),
    note: nullable(expect.any(String)),
    at: iso,
  };
  const listItemShape = {
    id,
    address: expect.any(String),
    status: expect.any(String),
    ownerId: id,
    ownerName: expect.any(String),
    ownerEmail: expect.any(String),
    systemSizeKw: nullable(expect.any(Number)),
    inspectionDate: nullable(expect.any(String)),
    installationDate: nullable(expect.any(String)),
    createdAt: iso,
    updatedAt: iso,
  };
  return {
    client,
    staff,
    project,
    pipeline,
    act,
    expectStatus,
    upload,
    download,
    advance,
    photoShape,
    eventShape,
    listItemShape,
  };
}

/** The pipeline helpers. */
export type PipelineKit = ReturnType<typeof pipelineKit>;
