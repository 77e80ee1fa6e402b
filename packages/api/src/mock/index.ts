/**
 * '@solar/api/mock': the mock backend for Storybook, component tests and route tests.
 * NEVER import it from production code (the package root does not).
 *
 * Storybook: `beforeEach({ msw }) { msw.use(...createMockApi({ now }).list) }`, or override
 * one group: `msw.use(...createMockApi({ scenario: scenarios.groupError('users', 500) }).handlers.users)`.
 * Node: `setupServer(...createMockApi({ baseUrl: 'http://api.test/api/v1' }).list)`.
 */
export {
  createMockApi,
  handlerList,
  MOCK_GROUPS,
  scenarios,
  type MockApi,
  type MockApiOptions,
  type MockFailure,
  type MockGroup,
  type MockHandlers,
  type MockScenario,
} from './handlers.ts';
export {
  createFakeBackend,
  errorReply,
  type FakeBackend,
  type FakeBackendOptions,
  type FakeMail,
  type FakeProjectSeed,
  type FakeReply,
  type FakeSeeding,
  type FakeStream,
  type FakeUser,
  type FakeUserSeed,
} from './fake.ts';
