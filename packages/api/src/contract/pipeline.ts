/**
 * Contract tests: the project pipeline (domain pipeline-contract.ts and
 * pipeline.ts, the plan's "Contract decisions"): a project from draft to installed moved by
 * the client, a roof inspector, a project manager and an installer; 404 for what the
 * caller may not see, 403 for what they see but may not do, 409 `invalid_transition` when
 * the status does not allow it; 400 field errors. The list is pipeline-list.ts, photos and
 * the proposal PDF pipeline-files.ts, assignment and past dates pipeline-assign.ts.
 */
import { describe, expect, it } from 'vitest';
import type { ContractKit } from './kit.ts';
import { INSPECTION, pipelineKit } from './pipeline-kit.ts';
import { pipelineAssignContract } from './pipeline-assign.ts';
import { pipelineFilesContract } from './pipeline-files.ts';
import { pipelineListContract } from './pipeline-list.ts';

/** Registers every pipeline contract test. */
export function pipelineContract(kit: ContractKit): void {
  const { id, iso, raw, errorShape } = kit;
  const p = pipelineKit(kit);
  const { client, staff, project, pipeline, act, expectStatus, advance } = p;

  describe('project pipeline', () => {
    it('a new project is a draft whose history starts with its creation; the owner may request a quote or cancel', async () => {
      const owner = await client('Draft Owner');
      const created = await project(owner);
      const body = expectStatus(await pipeline(owner, created.id), 200);
      expect(body).toEqual({
        projectId: created.id,
        status: 'draft',
        inspectionDate: null,
        installationDate: null,
        inspection: null,
        photos: [],
        history: [{ ...p.eventShape, from: null, to: 'draft', action: null }],
        actions: ['requestQuote', 'cancel'],
        owner: { id: owner.user.id, name: 'Draft Owner', email: owner.email },
        assignees: { roofInspector: null, installer: null },
      });
    });

    it('draft -> installed: client, roof inspector, client, project manager, installer; each sees its actions', async () => {
      const owner = await client('Happy Client');
      const inspector = await staff(3, 'Ina Inspector');
      const manager = await staff(1, 'Max Manager');
      const installer = await staff(2, 'Ivan Installer');
      const { id: projectId } = await project(owner);

      const quoted = expectStatus(await act(owner, projectId, { action: 'requestQuote' }), 200);
      expect(quoted).toMatchObject({ projectId, status: 'quote_requested', actions: ['cancel'] });
      expect(expectStatus(await pipeline(inspector, projectId), 200)).toMatchObject({
        status: 'quote_requested',
        actions: ['scheduleInspection'],
        owner: { id: owner.user.id, email: owner.email },
      });
      // Read access to the project itself follows the same visibility.
      expect((await raw('GET', `projects/${projectId}`, { token: inspector.token })).status).toBe(
        200,
      );

      const scheduled = expectStatus(
        await act(inspector, projectId, {
          action: 'scheduleInspection',
          date: '2054-12-03',
          note: 'Morning visit',
        }),
        200,
      );
      expect(scheduled).toMatchObject({
        status: 'inspection_scheduled',
        inspectionDate: '2054-12-03',
        actions: ['scheduleInspection', 'recordInspection'],
      });
      const recorded = expectStatus(
        await act(inspector, projectId, { action: 'recordInspection', inspection: INSPECTION }),
        200,
      );
      expect(recorded).toMatchObject({ status: 'inspected', inspection: INSPECTION });

      // Until the proposal is accepted the installer does not see the project.
      expect((await pipeline(installer, projectId)).status).toBe(404);
      await advance(projectId, [[owner, { action: 'acceptProposal' }]]);
      expect(expectStatus(await pipeline(installer, projectId), 200)).toMatchObject({
        status: 'proposal_accepted',
        actions: [],
      });
      const installation = expectStatus(
        await act(manager, projectId, { action: 'scheduleInstallation', date: '2027-01-15' }),
        200,
      );
      expect(installation).toMatchObject({
        status: 'installation_scheduled',
        installationDate: '2027-01-15',
      });
      const installed = expectStatus(
        await act(installer, projectId, { action: 'markInstalled' }),
        200,
      );
      expect(installed).toMatchObject({ status: 'installed', actions: [] });

      const seen = expectStatus(await pipeline(owner, projectId), 200);
      expect(seen).toMatchObject({
        status: 'installed',
        inspectionDate: '2054-12-03',
        installationDate: '2027-01-15',
        inspection: INSPECTION,
        actions: [],
      });
      const history = seen.history as Record<string, unknown>[];
      for (const event of history) expect(event).toEqual(p.eventShape);
      expect(history.map((e) => [e.from, e.to, e.action])).toEqual([
        [null, 'draft', null],
        ['draft', 'quote_requested', 'requestQuote'],
        ['quote_requested', 'inspection_scheduled', 'scheduleInspection'],
        ['inspection_scheduled', 'inspected', 'recordInspection'],
        ['inspected', 'proposal_accepted', 'acceptProposal'],
        ['proposal_accepted', 'installation_scheduled', 'scheduleInstallation'],
        ['installation_scheduled', 'installed', 'markInstalled'],
      ]);
      expect(history.slice(1).map((e) => e.actorName)).toEqual([
        'Happy Client',
        'Ina Inspector',
        'Ina Inspector',
        'Happy Client',
        'Max Manager',
        'Ivan Installer',
      ]);
      expect(history[2]!.note).toBe('Morning visit');
      // The inspector's queue ends at inspected, but they took part: they keep reading it.
      expect((await pipeline(inspector, projectId)).status).toBe(200);
      expect((await pipeline(await staff(3), projectId)).status).toBe(404);
    });

    it('404 for a project the caller may not see (as for an unknown id), 401 without a token', async () => {
      const owner = await client();
      const stranger = await client();
      const inspector = await staff(3);
      const installer = await staff(2);
      const { id: projectId } = await project(owner);
      const unknown = '00000000-0000-4000-8000-999999999999';
      for (const [actor, target] of [
        [stranger, projectId],
        [inspector, projectId], // drafts are private to the owner and canViewAllProjects
        [owner, unknown],
      ] as const) {
        expect(expectStatus(await pipeline(actor, target), 404)).toEqual(errorShape('not_found'));
        expect(expectStatus(await act(actor, target, { action: 'requestQuote' }), 404)).toEqual(
          errorShape('not_found'),
        );
      }
      expect((await raw('GET', `projects/${projectId}`, { token: inspector.token })).status).toBe(
        404,
      );
      await advance(projectId, [[owner, { action: 'requestQuote' }]]);
      expect((await pipeline(installer, projectId)).status).toBe(404);
      expect((await raw('GET', `projects/${projectId}/pipeline`)).status).toBe(401);
      expect(
        (await raw('POST', `projects/${projectId}/transitions`, { body: { action: 'cancel' } }))
          .status,
      ).toBe(401);
      // Nothing moved.
      expect(expectStatus(await pipeline(owner, projectId), 200).status).toBe('quote_requested');
    });

    it('403 when the caller sees the project but the action is not theirs; 409 invalid_transition when the status does not allow it', async () => {
      const owner = await client();
      const inspector = await staff(3);
      const manager = await staff(1);
      const { id: projectId } = await project(owner);
      // The owner may not schedule their own inspection, nor mark it installed.
      for (const body of [
        { action: 'scheduleInspection', date: '2054-12-03' },
        { action: 'markInstalled' },
      ]) {
        expect(expectStatus(await act(owner, projectId, body), 403)).toEqual(
          errorShape('forbidden'),
        );
      }
      // The manager's own action, but a draft is not ready for installation.
      expect(
        expectStatus(
          await act(manager, projectId, { action: 'scheduleInstallation', date: '2027-01-15' }),
          409,
        ),
      ).toEqual(errorShape('invalid_transition'));
      await advance(projectId, [[owner, { action: 'requestQuote' }]]);
      // Asked twice: someone (here the same person) moved it first.
      expect(expectStatus(await act(owner, projectId, { action: 'requestQuote' }), 409)).toEqual(
        errorShape('invalid_transition'),
      );
      // The inspector sees the quote request but may not cancel it or install.
      for (const body of [{ action: 'cancel' }, { action: 'markInstalled' }]) {
        expect(expectStatus(await act(inspector, projectId, body), 403)).toEqual(
          errorShape('forbidden'),
        );
      }
      // Their action, but there is no inspection scheduled to record yet.
      expect(
        expectStatus(
          await act(inspector, projectId, { action: 'recordInspection', inspection: INSPECTION }),
          409,
        ),
      ).toEqual(errorShape('invalid_transition'));
      const cancelled = expectStatus(await act(owner, projectId, { action: 'cancel' }), 200);
      expect(cancelled).toMatchObject({ status: 'cancelled', actions: [] });
      expect(expectStatus(await act(owner, projectId, { action: 'cancel' }), 409)).toEqual(
        errorShape('invalid_transition'),
      );
    });

    it('400 with field errors for a bad action, date, roof area, type, unknown field or NUL bytes; nothing changes', async () => {
      const owner = await client();
      const inspector = await staff(3);
      const { id: projectId } = await project(owner);
      // Scheduled, so every action below would be allowed but for its bad body.
      await advance(projectId, [
        [owner, { action: 'requestQuote' }],
        [inspector, { action: 'scheduleInspection', date: '2054-12-03' }],
      ]);
      const cases: [unknown, string][] = [
        [{ action: 'fly' }, 'action'],
        [{}, 'action'],
        [{ action: 'scheduleInspection' }, 'date'],
        [{ action: 'scheduleInspection', date: '2026-02-30' }, 'date'],
        [{ action: 'scheduleInspection', date: '03/12/2026' }, 'date'],
        [{ action: 'scheduleInspection', date: '2054-12-03', note: 'a\u0000b' }, 'note'],
        [{ action: 'scheduleInspection', date: '2054-12-03', note: 'x'.repeat(2001) }, 'note'],
        [{ action: 'scheduleInspection', date: '2054-12-03', extra: 1 }, 'extra'],
        [{ action: 'recordInspection' }, 'inspection'],
        [
          { action: 'recordInspection', inspection: { ...INSPECTION, roofAreaM2: 0 } },
          'inspection.roofAreaM2',
        ],
        [
          { action: 'recordInspection', inspection: { ...INSPECTION, roofAreaM2: 100_001 } },
          'inspection.roofAreaM2',
        ],
        [
          { action: 'recordInspection', inspection: { ...INSPECTION, roofAreaM2: '50' } },
          'inspection.roofAreaM2',
        ],
        [
          { action: 'recordInspection', inspection: { ...INSPECTION, roofType: 'straw' } },
          'inspection.roofType',
        ],
        [
          { action: 'recordInspection', inspection: { ...INSPECTION, shadingNotes: '\u0000' } },
          'inspection.shadingNotes',
        ],
      ];
      for (const [body, field] of cases) {
        const answer = await act(inspector, projectId, body);
        expect({ body, status: answer.status }).toEqual({ body, status: 400 });
        expect(answer.body).toMatchObject({
          code: 'validation_failed',
          message: expect.any(String),
          errors: { [field]: expect.any(String) },
        });
      }
      expect(expectStatus(await pipeline(owner, projectId), 200)).toMatchObject({
        status: 'inspection_scheduled',
        inspectionDate: '2054-12-03',
        inspection: null,
        history: [
          { id, at: iso },
          { id, at: iso },
          { id, at: iso },
        ],
      });
    });
  });

  pipelineListContract(kit, p);
  pipelineFilesContract(kit, p);
  pipelineAssignContract(kit, p);
}
