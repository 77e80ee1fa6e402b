/**
 * MSW handlers of the project pipeline over the fake (domain pipeline-contract.ts):
 * the list, one project's pipeline, transitions, assignment and the staff to assign, roof
 * photos and the proposal PDF. They
 * belong to the `projects` group and come before its `/projects/:id` handlers, so that
 * `/projects/pipeline` is never read as a project id.
 */
import { http, type HttpHandler } from 'msw';
import type { FakeBackend } from './fake.ts';
import { authOf as auth, queryOf as query, withBody, type Route } from './route.ts';

/** The whole multipart field `file` (its bytes and size), or null when there is none. */
async function uploadedPhoto(request: Request) {
  let file: File | null = null;
  try {
    const value = (await request.formData()).get('file');
    file = typeof value === 'string' ? null : value;
  } catch {
    file = null;
  }
  if (!file) return null;
  return { bytes: new Uint8Array(await file.arrayBuffer()), size: file.size };
}

/** The pipeline handlers under `base` (e.g. `* /api/v1`), in the `projects` group. */
export function pipelineHandlers(base: string, fake: FakeBackend, route: Route): HttpHandler[] {
  return [
    http.get(
      `${base}/projects/pipeline`,
      route('projects', (r) => fake.listPipeline(auth(r), query(r))),
    ),
    http.get(
      `${base}/projects/:id/pipeline`,
      route('projects', (r, p) => fake.getPipeline(auth(r), p.id!)),
    ),
    http.post(
      `${base}/projects/:id/transitions`,
      route('projects', (r, p) => withBody((b) => fake.transition(auth(r), p.id!, b))(r)),
    ),
    http.put(
      `${base}/projects/:id/assignees`,
      route('projects', (r, p) => withBody((b) => fake.assignProject(auth(r), p.id!, b))(r)),
    ),
    http.get(
      `${base}/staff`,
      route('projects', (r) => fake.listStaff(auth(r))),
    ),
    http.post(
      `${base}/projects/:id/photos`,
      route('projects', async (r, p) => fake.uploadPhoto(auth(r), p.id!, await uploadedPhoto(r))),
    ),
    http.get(
      `${base}/projects/:id/photos/:photoId`,
      route('projects', (r, p) => fake.getPhoto(auth(r), p.id!, p.photoId!)),
    ),
    http.get(
      `${base}/projects/:id/proposal.pdf`,
      route('projects', (r, p) => fake.proposalPdf(auth(r), p.id!, query(r))),
    ),
  ];
}
