/**
 * Contract tests: assigning a project (docs/product.md#project-assignment) and the date rule
 * of the schedules (docs/product.md#project-pipeline). A project manager lists the
 * assignable staff (`GET /staff`) and assigns a roof inspector and an installer
 * (`PUT /projects/{id}/assignees`); the project's pipeline then names them. An account of
 * the wrong role is 400 at its field; a schedule before today is 400 at `date`.
 */
import { describe, expect, it } from 'vitest';
import type { ContractKit } from './kit.ts';
import type { PipelineKit } from './pipeline-kit.ts';

/** Registers the assignment and past-date contract tests. */
export function pipelineAssignContract(kit: ContractKit, p: PipelineKit): void {
  const { raw, errorShape } = kit;
  const { client, staff, project, pipeline, act, expectStatus } = p;

  describe('project assignment', () => {
    it('a manager lists the staff, assigns them, and the pipeline names them for everyone', async () => {
      const owner = await client('Assigned Client');
      const manager = await staff(1, 'Max Manager');
      const inspector = await staff(3, 'Ina Assigned');
      const installer = await staff(2, 'Ivan Assigned');
      const { id: projectId } = await project(owner);
      expectStatus(await act(owner, projectId, { action: 'requestQuote' }), 200);

      const listed = expectStatus(await raw('GET', 'staff', { token: manager.token }), 200);
      expect(listed.roofInspectors).toContainEqual({
        id: inspector.user.id,
        name: 'Ina Assigned',
        email: inspector.email,
      });
      expect(listed.installers).toContainEqual({
        id: installer.user.id,
        name: 'Ivan Assigned',
        email: installer.email,
      });
      const names = (list: unknown) => (list as { name: string }[]).map((s) => s.name);
      const sorted = (list: string[]) =>
        [...list].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase()));
      expect(names(listed.roofInspectors)).toEqual(sorted(names(listed.roofInspectors)));
      expect(names(listed.installers)).not.toContain('Ina Assigned');
      expect((await raw('GET', 'staff', { token: inspector.token })).status).toBe(403);
      expect((await raw('GET', 'staff', { token: owner.token })).status).toBe(403);
      expect((await raw('GET', 'staff')).status).toBe(401);

      const body = { roofInspectorId: inspector.user.id, installerId: installer.user.id };
      const assigned = await raw('PUT', `projects/${projectId}/assignees`, {
        token: manager.token,
        body,
      });
      expect(expectStatus(assigned, 200)).toEqual(body);
      const assignees = {
        roofInspector: { id: inspector.user.id, name: 'Ina Assigned' },
        installer: { id: installer.user.id, name: 'Ivan Assigned' },
      };
      for (const reader of [manager, inspector, owner]) {
        expect(expectStatus(await pipeline(reader, projectId), 200).assignees).toEqual(assignees);
      }
      // The typed client's calls say the same.
      expect(await manager.api.projects.assign(projectId, { ...body, installerId: null })).toEqual({
        ...body,
        installerId: null,
      });
      expect((await owner.api.projects.pipeline(projectId)).assignees).toEqual({
        ...assignees,
        installer: null,
      });
      expect((await manager.api.projects.staff()).roofInspectors.map((s) => s.id)).toContain(
        inspector.user.id,
      );
      const refused = await raw('PUT', `projects/${projectId}/assignees`, {
        token: inspector.token,
        body,
      });
      expect(refused.status).toBe(403);
    });

    it('an account of the wrong role is 400 at its field, and nothing changes', async () => {
      const owner = await client();
      const manager = await staff(1);
      const installer = await staff(2);
      const { id: projectId } = await project(owner);
      const answer = await raw('PUT', `projects/${projectId}/assignees`, {
        token: manager.token,
        body: { roofInspectorId: installer.user.id, installerId: null },
      });
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({
        ...errorShape('validation_failed'),
        errors: { roofInspectorId: 'Please choose an active roof inspector' },
      });
      const wrongInstaller = await raw('PUT', `projects/${projectId}/assignees`, {
        token: manager.token,
        body: { roofInspectorId: null, installerId: manager.user.id },
      });
      expect(wrongInstaller.body).toMatchObject({
        errors: { installerId: 'Please choose an active installer' },
      });
      expect(expectStatus(await pipeline(manager, projectId), 200).assignees).toEqual({
        roofInspector: null,
        installer: null,
      });
    });
  });

  describe('schedule dates', () => {
    it('an inspection or installation before today is 400 at date; today is accepted', async () => {
      const owner = await client();
      const inspector = await staff(3);
      const manager = await staff(1);
      const { id: projectId } = await project(owner);
      expectStatus(await act(owner, projectId, { action: 'requestQuote' }), 200);
      const past = await act(inspector, projectId, {
        action: 'scheduleInspection',
        date: '2001-01-01',
      });
      expect(past.status).toBe(400);
      expect(past.body).toEqual({
        ...errorShape('validation_failed'),
        errors: { date: 'Please choose today or a later date' },
      });
      expect(expectStatus(await pipeline(owner, projectId), 200).status).toBe('quote_requested');
      const today = new Date().toISOString().slice(0, 10);
      expectStatus(
        await act(inspector, projectId, { action: 'scheduleInspection', date: today }),
        200,
      );
      expectStatus(
        await act(inspector, projectId, {
          action: 'recordInspection',
          inspection: { roofType: 'flat', roofAreaM2: 40, shadingNotes: '' },
        }),
        200,
      );
      expectStatus(await act(owner, projectId, { action: 'acceptProposal' }), 200);
      const installation = await act(manager, projectId, {
        action: 'scheduleInstallation',
        date: '2001-02-03',
      });
      expect(installation.status).toBe(400);
      expect(installation.body).toMatchObject({ errors: { date: expect.any(String) } });
    });
  });
}
