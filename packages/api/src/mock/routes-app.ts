/**
 * MSW handlers of the application groups over the fake (the OpenAPI document): chat (with the live
 * reply stream, its replay and stop), projects (with their pipeline, routes-pipeline.ts),
 * calculator and geo.
 */
import { http } from 'msw';
import type { FakeBackend } from './fake.ts';
import { authOf as auth, queryOf as query, withBody, type Route } from './route.ts';
import { pipelineHandlers } from './routes-pipeline.ts';
import type { MockHandlers, MockScenario } from './scenarios.ts';

/** The pace of a new reply from the scenario (default 30 ms between tokens). */
const paceOf = (scenario: MockScenario) => ({
  tokenDelayMs: scenario.tokenDelayMs ?? 30,
  failAfter: scenario.streamFailsAfter,
});

/** The first 16 bytes and the size of the multipart field `file`, or null. */
async function uploadedFile(request: Request) {
  let file: File | null = null;
  try {
    const value = (await request.formData()).get('file');
    file = typeof value === 'string' ? null : value;
  } catch {
    file = null;
  }
  if (!file) return null;
  return { bytes: new Uint8Array(await file.slice(0, 16).arrayBuffer()), size: file.size };
}

/** The chat, projects, calculator and geo groups under `base` (e.g. `* /api/v1`). */
export function appHandlers(
  base: string,
  fake: FakeBackend,
  route: Route,
): Pick<MockHandlers, 'chat' | 'projects' | 'calculator' | 'geo'> {
  return {
    chat: [
      http.post(
        `${base}/chat/stream`,
        route('chat', (r, _, s) => withBody((b) => fake.chatStream(auth(r), b, paceOf(s)))(r)),
      ),
      http.get(
        `${base}/chat/stream/:id`,
        route('chat', (r, p) => fake.resumeStream(auth(r), p.id!, r.headers.get('last-event-id'))),
      ),
      http.post(
        `${base}/chat/stop/:id`,
        route('chat', (r, p) => fake.stopReply(auth(r), p.id!)),
      ),
      http.get(
        `${base}/chat/history/:id`,
        route('chat', (r, p) => fake.history(auth(r), p.id!)),
      ),
      http.post(
        `${base}/chat/end/:id`,
        route('chat', (r, p) => fake.endConversation(auth(r), p.id!)),
      ),
      http.get(
        `${base}/chat/conversations`,
        route('chat', (r) => fake.conversations(auth(r), query(r))),
      ),
      http.put(
        `${base}/chat/conversations/:id/title`,
        route('chat', (r, p) => withBody((b) => fake.renameConversation(auth(r), p.id!, b))(r)),
      ),
      http.get(
        `${base}/chat/portfolio`,
        route('chat', (r) => fake.portfolio(auth(r))),
      ),
    ],
    projects: [
      // First: `/projects/pipeline` is not a project id (routes-pipeline.ts).
      ...pipelineHandlers(base, fake, route),
      http.get(
        `${base}/projects`,
        route('projects', (r) => fake.listProjects(auth(r), query(r))),
      ),
      http.post(
        `${base}/projects`,
        route('projects', (r) => withBody((b) => fake.createProject(auth(r), b))(r)),
      ),
      http.get(
        `${base}/projects/:id`,
        route('projects', (r, p) => fake.getProject(auth(r), p.id!)),
      ),
      http.put(
        `${base}/projects/:id`,
        route('projects', (r, p) => withBody((b) => fake.updateProject(auth(r), p.id!, b))(r)),
      ),
      http.delete(
        `${base}/projects/:id`,
        route('projects', (r, p) => fake.deleteProject(auth(r), p.id!)),
      ),
    ],
    calculator: [
      http.post(
        `${base}/calculator/bill-extract`,
        route('calculator', async (r) => fake.billExtract(await uploadedFile(r))),
      ),
    ],
    geo: [
      http.get(
        `${base}/geo/reverse`,
        route('geo', (r) => fake.geoReverse(query(r))),
      ),
      http.get(
        `${base}/geo/search`,
        route('geo', (r) => fake.geoSearch(query(r))),
      ),
      http.get(
        `${base}/geo/suggest`,
        route('geo', (r) => fake.geoSuggest(query(r))),
      ),
    ],
  };
}
