/**
 * Contract tests: Projects of the full calculator (docs/product.md#roles-and-permissions; the
 * OpenAPI document).
 */
import { describe, expect, it } from 'vitest';
import { type ContractKit } from './kit.ts';

/** Own projects and the refusals for other users' and for scope=all. */
export function projectsContract(kit: ContractKit): void {
  const { iso, id, freshUser, admin, failure } = kit;
  describe('projects', () => {
    const location = { address: 'Chui Avenue 1, Bishkek', latitude: 42.87, longitude: 74.59 };
    it('create, list, get, update and delete an own project', async () => {
      const { api, user } = await freshUser();
      const created = await api.projects.create({ location });
      expect(created).toEqual({
        id,
        userId: user.id,
        location,
        configuration: null,
        isDraft: true,
        createdAt: iso,
        updatedAt: iso,
      });
      expect((await api.projects.list()).map((p) => p.id)).toEqual([created.id]);
      expect(await api.projects.get(created.id)).toEqual(created);
      const updated = await api.projects.update(created.id, {
        configuration: { panels: 10 },
        isDraft: false,
      });
      expect(updated).toMatchObject({
        id: created.id,
        configuration: { panels: 10 },
        isDraft: false,
        location,
      });
      await api.projects.remove(created.id);
      expect(await failure(api.projects.get(created.id))).toMatchObject({ status: 404 });
    });
    it('answers 400 for a bad location, 404 for another user, 403 for scope=all without permission', async () => {
      const { api } = await freshUser();
      const other = await freshUser();
      const theirs = await other.api.projects.create({ location });
      expect(
        await failure(api.projects.create({ location: { ...location, latitude: 91 } })),
      ).toMatchObject({ status: 400 });
      expect(await failure(api.projects.get(theirs.id))).toMatchObject({ status: 404 });
      expect(await failure(api.projects.remove(theirs.id))).toMatchObject({ status: 404 });
      expect(await failure(api.projects.list({ scope: 'all' }))).toMatchObject({ status: 403 });
      const { api: adminApi } = await admin();
      expect((await adminApi.projects.list({ scope: 'all' })).map((p) => p.id)).toContain(
        theirs.id,
      );
    });
  });
}
