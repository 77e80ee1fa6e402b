/**
 * The contract suite (the OpenAPI document), written once and run against every backend that
 * claims to implement /api/v1: the MSW fake (tests/contract/fake.test.ts) and the real
 * server started as a black box (tests/contract/server.test.ts). It drives the typed client
 * (so the client's paths and parsing are checked too) plus raw fetch for what the client
 * never sends (unknown properties, missing tokens). Each test makes its own users, so the
 * tests are independent and can run in any order. One file per resource; the shared
 * helpers are kit.ts.
 */
import { adminUsersContract } from './admin-users.ts';
import { auditContract } from './audit.ts';
import { mailContract, signInContract } from './auth.ts';
import { chatContract } from './chat.ts';
import { chatReplyContract } from './chat-reply.ts';
import { jobsContract } from './jobs.ts';
import { contractKit, type ContractTarget } from './kit.ts';
import { pipelineContract } from './pipeline.ts';
import { projectsContract } from './projects.ts';
import { savedViewsContract } from './saved-views.ts';
import { metaContract, publicContract } from './public.ts';
import { sessionContract } from './session.ts';

export type { ContractTarget } from './kit.ts';

/** Registers the contract tests; `target()` is read when each test runs (after beforeAll). */
export function contractSuite(target: () => ContractTarget): void {
  const kit = contractKit(target);
  metaContract(kit);
  signInContract(kit);
  sessionContract(kit);
  mailContract(kit);
  adminUsersContract(kit);
  jobsContract(kit);
  chatContract(kit);
  chatReplyContract(kit);
  projectsContract(kit);
  pipelineContract(kit);
  auditContract(kit);
  savedViewsContract(kit);
  publicContract(kit);
}
