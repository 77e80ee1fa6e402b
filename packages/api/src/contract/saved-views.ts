/**
 * Contract tests: saved views (docs/product.md#saved-views; the server's
 * apps/server/src/saved-views/routes.ts). Any signed-in user keeps named filters per list,
 * sees only their own, by name; a name saved again replaces its query; bad input is 400
 * with field errors; another user's view is 404; anonymous calls 401.
 */
import { describe, expect, it } from 'vitest';
import { type ContractKit } from './kit.ts';

/** Save, list, replace, delete, the field errors, and who may touch a view. */
export function savedViewsContract(kit: ContractKit): void {
  const { freshUser, failure, raw } = kit;
  describe('saved views', () => {
    it('POST /saved-views answers 201 SavedView; GET lists the caller’s views by name', async () => {
      const { api } = await freshUser('Views Owner');
      expect(await api.savedViews.list('users')).toEqual([]);
      const active = await api.savedViews.save({
        list: 'users',
        name: ' Verified ',
        query: 'verified=yes',
      });
      expect(active).toEqual({
        id: expect.any(String),
        list: 'users',
        name: 'Verified',
        query: 'verified=yes',
        createdAt: expect.any(String),
      });
      await api.savedViews.save({ list: 'users', name: 'admins', query: 'role=admin' });
      await api.savedViews.save({ list: 'projects', name: 'All', query: '' });
      expect((await api.savedViews.list('users')).map((v) => v.name)).toEqual([
        'admins',
        'Verified',
      ]);
      const replaced = await api.savedViews.save({
        list: 'users',
        name: 'Verified',
        query: 'verified=yes&size=50',
      });
      expect(replaced).toMatchObject({ id: active.id, query: 'verified=yes&size=50' });
      expect(await api.savedViews.list('users')).toHaveLength(2);
    });

    it('answers 400 with field errors for a bad name, query or list', async () => {
      const { api } = await freshUser('Views Bad Input');
      for (const [body, field] of [
        [{ list: 'users', name: '', query: '' }, 'name'],
        [{ list: 'users', name: 'x'.repeat(61), query: '' }, 'name'],
        [{ list: 'users', name: 'Long', query: 'a'.repeat(501) }, 'query'],
        [{ list: 'nope', name: 'List', query: '' }, 'list'],
      ] as const) {
        const error = await failure(api.savedViews.save(body as never));
        expect(error).toMatchObject({ status: 400, code: 'validation_failed' });
        expect(Object.keys(error.fieldErrors ?? {})).toContain(field);
      }
    });

    it('DELETE answers 204 for the caller’s view, 404 for another user’s or an unknown one', async () => {
      const owner = await freshUser('Views Keeper');
      const other = await freshUser('Views Other');
      const view = await owner.api.savedViews.save({ list: 'projects', name: 'Mine', query: '' });
      expect(await failure(other.api.savedViews.remove(view.id))).toMatchObject({
        status: 404,
        code: 'not_found',
      });
      expect(await other.api.savedViews.list('projects')).toEqual([]);
      await owner.api.savedViews.remove(view.id);
      expect(await owner.api.savedViews.list('projects')).toEqual([]);
      expect(await failure(owner.api.savedViews.remove(view.id))).toMatchObject({ status: 404 });
    });

    it('answers 401 without a token', async () => {
      expect((await raw('GET', 'saved-views?list=users')).status).toBe(401);
      expect(
        (await raw('POST', 'saved-views', { body: { list: 'users', name: 'x', query: '' } }))
          .status,
      ).toBe(401);
    });
  });
}
