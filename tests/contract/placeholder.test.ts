import { expect, it } from 'vitest';

// Replaced by the contract suite (packages/api/src/contract) run against the fake and the server.
it('the contract project is wired', () => {
  expect(typeof fetch).toBe('function');
});
