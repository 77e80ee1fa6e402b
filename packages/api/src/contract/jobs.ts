/**
 * Contract tests: the job queue (docs/product.md#dashboard: failed mail and CRM updates are
 * visible to admins; the server's apps/server/src/jobs/routes.ts). A fresh backend has
 * given up no mail and no Pipedrive call (the fake's queue is empty; the server's mails
 * are written to its outbox directory and its CRM link is off), so the failed list is
 * empty; only canManageUsers may read it or retry a job.
 */
import { describe, expect, it } from 'vitest';
import { type ContractKit } from './kit.ts';

/** The failed list, the retry of an unknown or malformed id, and who may call them. */
export function jobsContract(kit: ContractKit): void {
  const { admin, freshUser, roleUser, failure, raw } = kit;
  describe('admin jobs', () => {
    it('GET /admin/jobs answers an administrator 200 {items: []} on a fresh backend', async () => {
      const { api } = await admin();
      expect(await api.jobs.failed()).toEqual({ items: [] });
      expect(await api.jobs.failed(5)).toEqual({ items: [] });
    });
    it('answers 403 to a client and a project manager, 401 without a token', async () => {
      const client = await freshUser();
      const manager = await roleUser(1, 'Jobs Manager');
      for (const { api } of [client, manager]) {
        expect(await failure(api.jobs.failed())).toMatchObject({
          status: 403,
          code: 'forbidden',
        });
        expect(await failure(api.jobs.retry('00000000-0000-4000-8000-999999999999'))).toMatchObject(
          { status: 403, code: 'forbidden' },
        );
      }
      expect((await raw('GET', 'admin/jobs')).status).toBe(401);
      expect(
        (await raw('POST', 'admin/jobs/00000000-0000-4000-8000-999999999999/retry')).status,
      ).toBe(401);
    });
    it('POST /admin/jobs/{id}/retry answers 404 for an unknown job, 400 for an id that is not a UUID', async () => {
      const { api } = await admin();
      expect(await failure(api.jobs.retry('00000000-0000-4000-8000-999999999999'))).toMatchObject({
        status: 404,
        code: 'not_found',
      });
      expect(await failure(api.jobs.retry('not-a-job'))).toMatchObject({
        status: 400,
        code: 'validation_failed',
      });
    });
    it('answers 400 for a limit out of 1..500 or another state', async () => {
      const { response } = await admin();
      for (const query of ['limit=0', 'limit=501', 'limit=two', 'state=done']) {
        const answer = await raw('GET', `admin/jobs?${query}`, { token: response.token });
        expect({ query, status: answer.status }).toEqual({ query, status: 400 });
      }
    });
  });
}
