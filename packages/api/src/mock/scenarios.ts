/**
 * Scenario switches of the mock API for stories and tests: handler groups (one per
 * resource, so one story can replace one), forced failures per group, delays, a chat
 * stream that fails mid-way. Read on every request.
 */
import type { ApiErrorCode } from '@solar/domain/contract';
import type { HttpHandler } from 'msw';

/** The handler groups, one per resource. */
export const MOCK_GROUPS = [
  'meta',
  'auth',
  'profile',
  'users',
  'chat',
  'projects',
  'calculator',
  'geo',
  'jobs',
  'audit',
  'savedViews',
] as const;
/** One handler group. */
export type MockGroup = (typeof MOCK_GROUPS)[number];
/** The handlers of every group. */
export type MockHandlers = Record<MockGroup, HttpHandler[]>;

/**
 * A forced failure: status plus the contract's code and message (defaults by status).
 * Status 0 is a network error: the request never reaches a server (an outage, offline).
 */
export interface MockFailure {
  readonly status: number;
  readonly code?: ApiErrorCode;
  readonly message?: string;
  /** Sent as `Retry-After` (seconds), e.g. with a 429. */
  readonly retryAfterSeconds?: number;
}

/** Scenario switches; read on every request, so a test may change them between calls. */
export interface MockScenario {
  /** Wait before every answer, ms; 'infinite' never answers (loading states). */
  delayMs?: number | 'infinite';
  /** Wait before the answers of these groups only, ms; 'infinite' never answers. */
  groupDelayMs?: Partial<Record<MockGroup, number | 'infinite'>>;
  /** Wait between streamed chat tokens, ms (default 30; 0 in tests). Read when a reply starts. */
  tokenDelayMs?: number;
  /** Groups answering with an error instead of the fake's answer. */
  fail?: Partial<Record<MockGroup, MockFailure>>;
  /** The chat stream sends this many tokens, then an error chunk and `complete`. */
  streamFailsAfter?: number;
}

/** Named scenarios for stories. */
export const scenarios = {
  /** Everything answers at once. */
  normal: (): MockScenario => ({}),
  /** Every answer waits 1.5 s and tokens 120 ms (loading overlays, streaming cursor). */
  slow: (): MockScenario => ({ delayMs: 1500, tokenDelayMs: 120 }),
  /** Nothing ever answers (a spinner stays). */
  loading: (): MockScenario => ({ delayMs: 'infinite' }),
  /** Nothing of one group ever answers; the others do (one screen's loading state). */
  groupLoading: (group: MockGroup): MockScenario => ({ groupDelayMs: { [group]: 'infinite' } }),
  /** Every group answers `status` (500 by default). */
  error: (status = 500): MockScenario => ({
    fail: Object.fromEntries(MOCK_GROUPS.map((g) => [g, { status }])),
  }),
  /** One group answers `status`. */
  groupError: (group: MockGroup, status = 500, code?: ApiErrorCode): MockScenario => ({
    fail: { [group]: { status, ...(code ? { code } : {}) } },
  }),
  /** The server cannot be reached: every request fails as a network error. */
  offline: (): MockScenario => ({
    fail: Object.fromEntries(MOCK_GROUPS.map((g) => [g, { status: 0 }])),
  }),
  /** The chat reply breaks after three tokens. */
  streamError: (): MockScenario => ({ streamFailsAfter: 3 }),
} as const;

/** Flattens grouped handlers (all groups, or the named ones). */
export function handlerList(
  handlers: Partial<MockHandlers>,
  groups: readonly MockGroup[] = MOCK_GROUPS,
): HttpHandler[] {
  return groups.flatMap((g) => handlers[g] ?? []);
}
