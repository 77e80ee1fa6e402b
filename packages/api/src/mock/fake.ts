/**
 * The in-memory fake backend: the same contract as the real server (the OpenAPI document), kept
 * in memory, for Storybook, component tests and the web's route tests. It validates with
 * the domain's zod schemas and answers with the domain's error bodies, so its answers have
 * the server's shapes; the contract suite (src/contract) runs against both to prove it.
 *
 * One store (store.ts) holds every record; each resource is one file over it: auth
 * (fake-auth.ts), profile (fake-profile.ts), admin users (fake-users.ts), conversations
 * (fake-chat.ts), the reply stream (fake-chat-stream.ts), projects (fake-projects.ts),
 * their pipeline (fake-pipeline.ts, fake-pipeline-files.ts) and the public calls
 * (fake-public.ts), the job queue (fake-jobs.ts) and the audit log (fake-audit.ts). The demo seed is seed.ts;
 * tests and stories add the states it has not with the seeding helpers (fake-seeding.ts).
 *
 * Pure TypeScript (browser and Node): no MSW here; handlers.ts maps HTTP onto it.
 * Never imported by the package root: production code cannot reach it.
 */
import { chatMessages } from '@solar/domain/messages';
import { fakeAudit, seedAuditRows, type FakeAudit } from './fake-audit.ts';
import { fakeAuth, type FakeAuth } from './fake-auth.ts';
import { fakeChat, type FakeChat } from './fake-chat.ts';
import { fakeChatStream, type FakeChatStream } from './fake-chat-stream.ts';
import { fakeJobs, seedJobFailures, type FakeJobs } from './fake-jobs.ts';
import { fakeSavedViews, type FakeSavedViews } from './fake-saved-views.ts';
import { fakeProfile, type FakeProfile } from './fake-profile.ts';
import { fakePipeline, type FakePipeline } from './fake-pipeline.ts';
import { fakePipelineFiles, type FakePipelineFiles } from './fake-pipeline-files.ts';
import { fakeProjects, type FakeProjects } from './fake-projects.ts';
import { fakePublic, type FakePublic } from './fake-public.ts';
import { fakeSeeding, type FakeSeeding } from './fake-seeding.ts';
import { fakeAdminUsers, type FakeAdminUsers } from './fake-users.ts';
import { seedDemo } from './seed.ts';
import { createStore, type FakeBackendOptions, type FakeMail, type FakeUser } from './store.ts';

export type { FakeStreamEvent, ReplyPace } from './fake-chat-live.ts';
export type { FakeStream } from './fake-chat-stream.ts';
export { GEO_FAILURE_MESSAGE } from './fake-public.ts';
export { errorReply, type FakeReply } from './reply.ts';
export type { FakeProjectSeed, FakeSeeding, FakeUserSeed } from './fake-seeding.ts';
export type { FakeBackendOptions, FakeMail, FakeUser } from './store.ts';

/** The in-memory backend. Every method is one contract row; `auth` is the Authorization header. */
export interface FakeBackend
  extends
    FakePublic,
    FakeAuth,
    FakeProfile,
    FakeAdminUsers,
    FakeChat,
    FakeChatStream,
    FakeProjects,
    FakePipeline,
    FakePipelineFiles,
    FakeJobs,
    FakeAudit,
    FakeSavedViews {
  readonly users: Map<string, FakeUser>;
  readonly outbox: FakeMail[];
  /** Seeding helpers for tests and stories (fake-seeding.ts): not endpoints. */
  readonly seed: FakeSeeding;
}

/** Creates a fake backend with its seed data ('demo' unless `options.seed` is 'empty'). */
export function createFakeBackend(options: FakeBackendOptions = {}): FakeBackend {
  const store = createStore(options);
  if ((options.seed ?? 'demo') === 'demo') {
    seedDemo(store);
    seedAuditRows(store);
  }
  if (options.jobs === 'failed') seedJobFailures(store);
  return {
    users: store.users,
    outbox: store.outbox,
    seed: fakeSeeding(store),
    ...fakePublic(store),
    ...fakeAuth(store),
    ...fakeProfile(store),
    ...fakeAdminUsers(store),
    ...fakeChat(store),
    ...fakeChatStream(store),
    ...fakeProjects(store),
    ...fakePipeline(store),
    ...fakePipelineFiles(store),
    ...fakeJobs(store),
    ...fakeAudit(store),
    ...fakeSavedViews(store),
  };
}

/** The chat error chunk text the fake sends when a scenario breaks a stream mid-way. */
export const STREAM_ERROR_TEXT = chatMessages.genericError.defaultMessage;
