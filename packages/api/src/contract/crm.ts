/**
 * Contract tests: the CRM outbox (issue 22 item 4: CRM failures are visible to admins;
 * the server's apps/server/src/crm/routes.ts). A fresh backend has given up no Pipedrive
 * call (the fake's outbox is empty, the server's CRM link is off), so the failed list is
 * empty; only canManageUsers may read it or retry a job.
 */
import { describe, expect, it } from 'vitest';
import { type ContractKit } from './kit.ts';

/** The failed list, the retry of an unknown or malformed id, and who may call them. */
export function crmContract(kit: ContractKit): void {
  const { admin, freshUser, roleUser, failure, raw } = kit;
  describe('admin crm', () => {
    it('GET /admin/crm/jobs answers an administrator 200 {items: []} on a fresh backend', async () => {
      const { api } = await admin();
      expect(await api.crm.failedJobs()).toEqual({ items: [] });
      expect(await api.crm.failedJobs(5)).toEqual({ items: [] });
    });
    it('answers 403 to a client and a project manager, 401 without a token', async () => {
      const client = await freshUser();
      const manager = await roleUser(1, 'CRM Manager');
      for (const { api } of [client, manager]) {
        expect(await failure(api.crm.failedJobs())).toMatchObject({
          status: 403,
          code: 'forbidden',
        });
        expect(await failure(api.crm.retry('00000000-0000-4000-8000-999999999999'))).toMatchObject({
          status: 403,
          code: 'forbidden',
        });
      }
      expect((await raw('GET', 'admin/crm/jobs')).status).toBe(401);
      expect(
        (await raw('POST', 'admin/crm/jobs/00000000-0000-4000-8000-999999999999/retry')).status,
      ).toBe(401);
    });
    it('POST /admin/crm/jobs/{id}/retry answers 404 for an unknown job, 400 for an id that is not a UUID', async () => {
      const { api } = await admin();
      expect(await failure(api.crm.retry('00000000-0000-4000-8000-999999999999'))).toMatchObject({
        status: 404,
        code: 'not_found',
      });
      expect(await failure(api.crm.retry('not-a-job'))).toMatchObject({
        status: 400,
        code: 'validation_failed',
      });
    });
    it('answers 400 for a limit out of 1..500 or another state', async () => {
      const { response } = await admin();
      for (const query of ['limit=0', 'limit=501', 'limit=two', 'state=done']) {
        const answer = await raw('GET', `admin/crm/jobs?${query}`, { token: response.token });
        expect({ query, status: answer.status }).toEqual({ query, status: 400 });
      }
    });
  });
}
