/**
 * `GET /projects/pipeline` (domain pipeline-contract.ts): the caller's own
 * projects plus those their role sees (pipeline.ts visibleStatuses), search over the
 * address and the owner's name and email (case-insensitive, `%` and `_` literal), status
 * filter, sort by every PROJECT_SORT_FIELDS column, paging in the user list's Page shape,
 * and 400 with field messages for bad queries. PGlite, and PostgreSQL with TEST_DATABASE_URL.
 */
import type { ProjectStatus, RoleKey } from '@solar/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds, startTestServer, type TestServer } from './harness.ts';
import {
  call,
  projectOf,
  putInStatus,
  userOf,
  type PipelineUser,
} from './projects-pipeline-support.ts';

describe.each(databaseKinds)('the pipeline list on %s', (kind) => {
  let server: TestServer;
  let alice: PipelineUser;
  let bob: PipelineUser;
  const staff = {} as Record<RoleKey, PipelineUser>;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    server = await startTestServer(kind);
    alice = await userOf(server, 'client_residential', 'Alice Abdyrakhmanova');
    bob = await userOf(server, 'client_commercial', 'Bob Bakirov');
    for (const role of [
      'admin',
      'project_manager',
      'installer',
      'roof_inspector',
      'supplier',
    ] as const) {
      staff[role] = await userOf(server, role, `Staff ${role}`);
    }
    const made: [PipelineUser, string, ProjectStatus][] = [
      [alice, 'Manas 10, Bishkek', 'draft'],
      [alice, 'lenin 5, Osh', 'quote_requested'],
      [alice, 'Frunze 7, Bishkek', 'installed'],
      [bob, 'Chui 1, Karakol', 'inspection_scheduled'],
      [bob, 'Manas 22, Bishkek', 'proposal_accepted'],
      [bob, 'Issyk 3, Cholpon-Ata', 'cancelled'],
      [staff.roof_inspector, 'Inspector Home 100%', 'draft'],
    ];
    for (const [owner, address, status] of made) {
      ids[address] = await projectOf(server, owner, address);
      await putInStatus(server, ids[address]!, status);
    }
  });
  afterAll(async () => {
    await server?.settleMail();
    await server?.close();
  });

  const list = (user: PipelineUser, query = '') =>
    call(server, 'GET', `/projects/pipeline${query ? `?${query}` : ''}`, { token: user.token });
  const addresses = async (user: PipelineUser, query = 'sortBy=address&descending=false') => {
    const answer = await list(user, query);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.items.map((item: { address: string }) => item.address);
  };

  it('lists own projects plus the statuses the role sees', async () => {
    expect(await addresses(alice)).toEqual([
      'Frunze 7, Bishkek',
      'lenin 5, Osh',
      'Manas 10, Bishkek',
    ]);
    expect(await addresses(bob)).toEqual([
      'Chui 1, Karakol',
      'Issyk 3, Cholpon-Ata',
      'Manas 22, Bishkek',
    ]);
    const everything = [
      'Chui 1, Karakol',
      'Frunze 7, Bishkek',
      'Inspector Home 100%',
      'Issyk 3, Cholpon-Ata',
      'lenin 5, Osh',
      'Manas 10, Bishkek',
      'Manas 22, Bishkek',
    ];
    expect(await addresses(staff.admin)).toEqual(everything);
    expect(await addresses(staff.project_manager)).toEqual(everything);
    // The inspection queue plus the inspector's own draft.
    expect(await addresses(staff.roof_inspector)).toEqual([
      'Chui 1, Karakol',
      'Inspector Home 100%',
      'lenin 5, Osh',
    ]);
    expect(await addresses(staff.installer)).toEqual(['Frunze 7, Bishkek', 'Manas 22, Bishkek']);
    expect(await addresses(staff.supplier)).toEqual([]);
  });

  it('answers each row and the page in the user list shape', async () => {
    const answer = await list(alice, 'status=quote_requested');
    expect(answer.body).toEqual({
      items: [
        {
          id: ids['lenin 5, Osh'],
          address: 'lenin 5, Osh',
          status: 'quote_requested',
          ownerId: alice.id,
          ownerName: 'Alice Abdyrakhmanova',
          ownerEmail: alice.email,
          systemSizeKw: 5,
          inspectionDate: null,
          installationDate: null,
          createdAt: expect.any(String),
          updatedAt: expect.any(String),
        },
      ],
      pageNumber: 1,
      pageSize: 10,
      totalCount: 1,
      totalPages: 1,
      hasPreviousPage: false,
      hasNextPage: false,
    });
  });

  it('searches the address, the owner name and email, case-insensitively, within what the caller sees', async () => {
    const pm = staff.project_manager;
    const sorted = 'sortBy=address&descending=false';
    expect(await addresses(pm, `${sorted}&searchTerm=MANAS`)).toEqual([
      'Manas 10, Bishkek',
      'Manas 22, Bishkek',
    ]);
    expect(await addresses(pm, `${sorted}&searchTerm=abdyrakh`)).toEqual([
      'Frunze 7, Bishkek',
      'lenin 5, Osh',
      'Manas 10, Bishkek',
    ]);
    const bobMail = encodeURIComponent(bob.email.slice(0, 12).toUpperCase());
    expect(await addresses(pm, `${sorted}&searchTerm=${bobMail}`)).toHaveLength(3);
    // % and _ are literal.
    expect(await addresses(pm, `${sorted}&searchTerm=${encodeURIComponent('100%')}`)).toEqual([
      'Inspector Home 100%',
    ]);
    // Only the inspector's name has an underscore ("Staff roof_inspector").
    expect(await addresses(pm, `${sorted}&searchTerm=_`)).toEqual(['Inspector Home 100%']);
    // Search never widens the view: the inspector does not find Bob's accepted proposal.
    expect(await addresses(staff.roof_inspector, `${sorted}&searchTerm=manas`)).toEqual([]);
  });

  it('filters by status and sorts by every column', async () => {
    const pm = staff.project_manager;
    expect(await addresses(pm, 'status=installed')).toEqual(['Frunze 7, Bishkek']);
    expect(await addresses(pm, 'status=draft&sortBy=address&descending=false')).toEqual([
      'Inspector Home 100%',
      'Manas 10, Bishkek',
    ]);
    const statuses = await list(pm, 'sortBy=status&descending=false&pageSize=100');
    expect(statuses.body.items.map((i: { status: string }) => i.status)).toEqual([
      'draft',
      'draft',
      'quote_requested',
      'inspection_scheduled',
      'proposal_accepted',
      'installed',
      'cancelled',
    ]);
    const owners = await list(pm, 'sortBy=ownerName&descending=true&pageSize=100');
    expect(owners.body.items.map((i: { ownerName: string }) => i.ownerName)).toEqual([
      'Staff roof_inspector',
      'Bob Bakirov',
      'Bob Bakirov',
      'Bob Bakirov',
      'Alice Abdyrakhmanova',
      'Alice Abdyrakhmanova',
      'Alice Abdyrakhmanova',
    ]);
    for (const column of ['createdAt', 'updatedAt'] as const) {
      const answer = await list(pm, `sortBy=${column}&descending=false&pageSize=100`);
      const times = answer.body.items.map((i: Record<string, string>) => Date.parse(i[column]!));
      expect(times).toEqual([...times].sort((a, b) => a - b));
    }
    // The default: the latest change first.
    const latest = await list(pm);
    const updated = latest.body.items.map((i: { updatedAt: string }) => Date.parse(i.updatedAt));
    expect(updated).toEqual([...updated].sort((a, b) => b - a));
  });

  it('pages without overlap, from both ends', async () => {
    const pm = staff.project_manager;
    const all = await addresses(pm, 'sortBy=address&descending=false&pageSize=100');
    const pages = [];
    for (let page = 1; page <= 4; page++) {
      const answer = await list(
        pm,
        `sortBy=address&descending=false&pageSize=2&pageNumber=${page}`,
      );
      expect(answer.body).toMatchObject({
        pageNumber: page,
        pageSize: 2,
        totalCount: 7,
        totalPages: 4,
        hasPreviousPage: page > 1,
        hasNextPage: page < 4,
      });
      pages.push(...answer.body.items.map((i: { address: string }) => i.address));
    }
    expect(pages).toEqual(all);
    const past = await list(pm, 'pageSize=2&pageNumber=9');
    expect(past.body).toMatchObject({ items: [], totalCount: 7, hasNextPage: false });
  });

  it.each([
    ['pageSize=0', 'pageSize'],
    ['pageSize=101', 'pageSize'],
    ['pageNumber=x', 'pageNumber'],
    ['sortBy=password', 'sortBy'],
    ['status=done', 'status'],
    ['descending=maybe', 'descending'],
    [`searchTerm=${encodeURIComponent('a\u0000b')}`, 'searchTerm'],
    [`searchTerm=${'x'.repeat(300)}`, 'searchTerm'],
    ['scope=all', 'scope'],
  ])('refuses ?%s with 400 on %s', async (query, field) => {
    const answer = await list(alice, query);
    expect(answer.status, JSON.stringify(answer.body)).toBe(400);
    expect(answer.body.code).toBe('validation_failed');
    expect(answer.body.errors[field]).toEqual(expect.any(String));
  });

  it('needs a signed-in caller', async () => {
    const answer = await call(server, 'GET', '/projects/pipeline');
    expect(answer.status).toBe(401);
  });
});
