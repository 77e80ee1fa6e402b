/**
 * MSW 3 handlers over the fake backend, grouped by resource (`{ meta, auth, profile, users,
 * chat, projects, calculator, geo, jobs, audit }`) so one story can replace one group. They run in the
 * browser (Storybook's msw-storybook-addon, component tests) and in Node (`msw/node`
 * setupServer: tests, the contract suite). Scenario switches (scenarios.ts) make the
 * states of stories: slow or never-ending answers, each error per group, a chat stream
 * that fails mid-way. The groups are built in routes-account.ts, routes-app.ts and
 * routes-jobs.ts.
 */
import type { HttpHandler } from 'msw';
import { createFakeBackend, type FakeBackend, type FakeBackendOptions } from './fake.ts';
import { createRoute } from './route.ts';
import { accountHandlers } from './routes-account.ts';
import { auditHandlers } from './routes-audit.ts';
import { appHandlers } from './routes-app.ts';
import { jobsHandlers } from './routes-jobs.ts';
import { savedViewsHandlers } from './routes-saved-views.ts';
import { handlerList, type MockHandlers, type MockScenario } from './scenarios.ts';

export {
  handlerList,
  MOCK_GROUPS,
  scenarios,
  type MockFailure,
  type MockGroup,
  type MockHandlers,
  type MockScenario,
} from './scenarios.ts';

/** Options of {@link createMockApi}. */
export interface MockApiOptions extends FakeBackendOptions {
  /** Use this fake instead of creating one. */
  readonly fake?: FakeBackend;
  /** Where the API is mocked: default any origin (`* /api/v1`); the contract suite passes its fake origin. */
  readonly baseUrl?: string;
  /** The initial scenario (mutable afterwards through the returned object). */
  readonly scenario?: MockScenario;
}

/** A mock API: the fake, its grouped handlers, their flat list and the live scenario. */
export interface MockApi {
  readonly fake: FakeBackend;
  readonly handlers: MockHandlers;
  /** Every handler, for `setupServer(...list)` or `msw.use(...list)`. */
  readonly list: HttpHandler[];
  /** The live scenario: assign its fields to switch behaviour between requests. */
  scenario: MockScenario;
}

/**
 * Creates a mock API: a fake backend (or the given one) behind MSW handlers grouped by
 * resource, under `baseUrl` (default any origin's `/api/v1`).
 */
export function createMockApi(options: MockApiOptions = {}): MockApi {
  const fake = options.fake ?? createFakeBackend(options);
  const base = (options.baseUrl ?? '*/api/v1').replace(/\/+$/, '');
  const state = { scenario: { ...options.scenario } };
  const route = createRoute(() => state.scenario);
  const handlers: MockHandlers = {
    ...accountHandlers(base, fake, route),
    ...appHandlers(base, fake, route),
    ...jobsHandlers(base, fake, route),
    ...auditHandlers(base, fake, route),
    ...savedViewsHandlers(base, fake, route),
  };
  return {
    fake,
    handlers,
    list: handlerList(handlers),
    get scenario() {
      return state.scenario;
    },
    set scenario(next: MockScenario) {
      state.scenario = next;
    },
  };
}
