/**
 * Contract tests: `GET /projects/pipeline` (domain pipeline-contract.ts):
 * the page of projects the caller may see (own, plus the statuses their flags bring into
 * view), searched over address, owner name and email, filtered by status, sorted and
 * paged like the users list; 400 for a bad query. Each test narrows the list to its own
 * projects by a unique word in their addresses.
 */
import { describe, expect, it } from 'vitest';
import type { ContractKit } from './kit.ts';
import { CONFIGURATION, type PipelineKit } from './pipeline-kit.ts';

/** The pipeline list: visibility per role, search, filter, sort, pages and refusals. */
export function pipelineListContract(kit: ContractKit, p: PipelineKit): void {
  const { raw, admin } = kit;
  const { client, staff, project, advance, expectStatus, listItemShape } = p;
  const pageShape = {
    items: expect.any(Array),
    pageNumber: expect.any(Number),
    pageSize: expect.any(Number),
    totalCount: expect.any(Number),
    totalPages: expect.any(Number),
    hasPreviousPage: expect.any(Boolean),
    hasNextPage: expect.any(Boolean),
  };
  const tagOf = () => `Tag${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
  const list = async (token: string, query: Record<string, string | number | boolean>) => {
    const search = new URLSearchParams(
      Object.entries(query).map(([k, v]) => [k, String(v)]),
    ).toString();
    return raw('GET', `projects/pipeline?${search}`, { token });
  };
  const idsOf = (body: Record<string, unknown>) =>
    (body.items as { id: string }[]).map((i) => i.id).sort();

  describe('project pipeline list', () => {
    it('lists what each role may see: own projects, the inspection or installation queue, or all', async () => {
      const tag = tagOf();
      const owner = await client('Listed Owner');
      const other = await client('Other Owner');
      const inspector = await staff(3);
      const installer = await staff(2);
      const manager = await staff(1);
      const draft = await project(owner, { tag });
      const quoted = await project(owner, { tag });
      const theirs = await project(other, { tag });
      await advance(quoted.id, [[owner, { action: 'requestQuote' }]]);
      const visible = async (token: string) =>
        idsOf(expectStatus(await list(token, { searchTerm: tag, pageSize: 100 }), 200));

      expect(await visible(owner.token)).toEqual([draft.id, quoted.id].sort());
      expect(await visible(other.token)).toEqual([theirs.id]);
      expect(await visible(inspector.token)).toEqual([quoted.id]);
      expect(await visible(installer.token)).toEqual([]);
      expect(await visible(manager.token)).toEqual([draft.id, quoted.id, theirs.id].sort());
      const { response } = await admin();
      expect(await visible(response.token)).toEqual([draft.id, quoted.id, theirs.id].sort());

      const page = expectStatus(await list(owner.token, { searchTerm: tag }), 200);
      expect(page).toEqual(pageShape);
      expect(page).toMatchObject({ pageNumber: 1, pageSize: 10, totalCount: 2, totalPages: 1 });
      const item = (page.items as Record<string, unknown>[]).find((i) => i.id === quoted.id);
      expect(item).toEqual({
        ...listItemShape,
        id: quoted.id,
        address: quoted.location.address,
        status: 'quote_requested',
        ownerId: owner.user.id,
        ownerName: 'Listed Owner',
        ownerEmail: owner.email,
        systemSizeKw: CONFIGURATION.systemSizeKw,
        inspectionDate: null,
        installationDate: null,
      });
    });

    it('searches address, owner name and email case-insensitively and filters by status', async () => {
      const tag = tagOf();
      const owner = await client(`Searchable ${tag}`);
      const manager = await staff(1);
      const first = await project(owner, { tag });
      const second = await project(owner);
      await advance(second.id, [[owner, { action: 'requestQuote' }]]);
      const ids = async (query: Record<string, string | number>) =>
        idsOf(expectStatus(await list(manager.token, { pageSize: 100, ...query }), 200));

      expect(await ids({ searchTerm: tag.toUpperCase() })).toEqual([first.id, second.id].sort());
      expect(await ids({ searchTerm: owner.email.toUpperCase() })).toEqual(
        [first.id, second.id].sort(),
      );
      expect(await ids({ searchTerm: first.location.address.toLowerCase() })).toEqual([first.id]);
      expect(await ids({ searchTerm: owner.email, status: 'quote_requested' })).toEqual([
        second.id,
      ]);
      expect(await ids({ searchTerm: owner.email, status: 'installed' })).toEqual([]);
    });

    it('sorts by address both ways and pages never overlap', async () => {
      const tag = tagOf();
      const owner = await client();
      for (let i = 0; i < 3; i += 1) await project(owner, { tag });
      const addresses = async (descending: boolean) => {
        const body = expectStatus(
          await list(owner.token, { searchTerm: tag, sortBy: 'address', descending }),
          200,
        );
        return (body.items as { address: string }[]).map((i) => i.address.toLowerCase());
      };
      const ascending = await addresses(false);
      expect(ascending).toEqual([...ascending].sort());
      expect(await addresses(true)).toEqual([...ascending].reverse());
      const pageOf = async (pageNumber: number) =>
        expectStatus(
          await list(owner.token, {
            searchTerm: tag,
            sortBy: 'address',
            pageSize: 2,
            pageNumber,
          }),
          200,
        );
      const one = await pageOf(1);
      const two = await pageOf(2);
      expect(one).toMatchObject({ totalCount: 3, totalPages: 2, hasNextPage: true });
      expect(two).toMatchObject({ pageNumber: 2, hasPreviousPage: true, hasNextPage: false });
      expect([...idsOf(one), ...idsOf(two)]).toHaveLength(
        new Set([...idsOf(one), ...idsOf(two)]).size,
      );
    });

    it('answers 400 for a bad page size, sort column, status or search, and 401 without a token', async () => {
      const owner = await client();
      for (const [query, field] of [
        [{ pageSize: 101 }, 'pageSize'],
        [{ pageNumber: 0 }, 'pageNumber'],
        [{ sortBy: 'password' }, 'sortBy'],
        [{ status: 'approved' }, 'status'],
        [{ searchTerm: 'a\u0000b' }, 'searchTerm'],
      ] as const) {
        const answer = await list(owner.token, query);
        expect({ query, status: answer.status }).toEqual({ query, status: 400 });
        expect(answer.body).toMatchObject({
          code: 'validation_failed',
          errors: { [field]: expect.any(String) },
        });
      }
      expect((await raw('GET', 'projects/pipeline')).status).toBe(401);
    });
  });
}
