/**
 * The contract suite against the MSW fake: msw/node intercepts fetch on a fake origin, so
 * the same client code and the same tests run as against the real server.
 */
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe } from 'vitest';
import { MAIL_LINK_PAGES } from '../../packages/api/src/contract/kit.ts';
import { contractSuite } from '../../packages/api/src/contract/suite.ts';
import { createMockApi } from '../../packages/api/src/mock/index.ts';

const admin = { email: 'admin@contract.test', password: 'Admin123!' };
const baseUrl = 'http://fake-api.test/api/v1';
// Replies are paced as the server's offline assistant paces them (30 ms), a bit faster, so
// the stop and resume tests find a reply still running.
const mock = createMockApi({ baseUrl, admin, seed: 'empty', scenario: { tokenDelayMs: 10 } });
const server = setupServer(...mock.list);

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterAll(() => server.close());

describe('contract: MSW fake', () => {
  contractSuite(() => ({
    baseUrl,
    fetch: (input, init) => globalThis.fetch(input, init),
    admin,
    async mailToken(email, kind) {
      const path = `/${MAIL_LINK_PAGES[kind]}?`;
      const mail = mock.fake.outbox.findLast((m) => m.to === email && m.link.includes(path));
      return mail ? new URL(mail.link).searchParams.get('token') : null;
    },
  }));
});
