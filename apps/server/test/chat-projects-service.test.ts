/**
 * The chat and projects services called directly (chat/service.ts, projects/service.ts),
 * on PGlite and PostgreSQL: an exchange stores both messages and the reply's facts; an
 * ended conversation refuses messages (409); another user's conversation is 404; project
 * access is 404 for a stranger, allowed for an admin, and listing everybody's needs the
 * permission (403).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createChatService } from '../src/chat/service.ts';
import { createProjectsService } from '../src/projects/service.ts';
import { createUsersService } from '../src/users/service.ts';
import { databaseKinds, refusal, serviceWorld, type ServiceWorld } from './service-support.ts';

describe.each(databaseKinds)('chat and projects services on %s', (kind) => {
  let world: ServiceWorld;
  let other: string;
  beforeEach(async () => {
    world = await serviceWorld(kind);
    const users = createUsersService({ ...world, db: world.database.db });
    const created = await users.create(
      { userId: world.admin.id, clientAddress: '127.0.0.1' },
      {
        name: 'Other',
        email: 'other@example.com',
        password: 'Secret123',
        userType: 4,
        emailConfirmed: true,
        locale: 'en',
      },
    );
    other = created.id;
  });
  afterEach(() => world.close());

  it('stores an exchange with its facts, ends it, and keeps it from other users', async () => {
    const chat = createChatService(world.database.db);
    const me = world.admin.id;
    const start = await chat.beginExchange({
      userId: me,
      conversationId: null,
      content: 'My bill is 3000 som',
      botType: 0,
      newTitle: 'Bill',
    });
    expect(start.created).toBe(true);
    await chat.finishExchange({
      userId: me,
      conversationId: start.conversation.id,
      userMessageId: start.userMessage.id,
      content: 'Noted.',
      botType: 0,
      extractedData: { monthlyBill: 3000 },
      interrupted: false,
    });
    const history = await chat.history(me, start.conversation.id);
    expect(history.messages.map((m) => m.role)).toEqual(['user', 'assistant']);
    expect((await chat.portfolio(me)).electricityConsumption.monthlyBill).toBe(3000);
    expect(await refusal(chat.rename(other, start.conversation.id, 'Mine'))).toEqual({
      status: 404,
      code: 'not_found',
    });
    await chat.end(me, start.conversation.id);
    const again = {
      userId: me,
      conversationId: start.conversation.id,
      content: 'Hi',
      botType: 0 as const,
      newTitle: '',
    };
    expect(await refusal(chat.beginExchange(again))).toEqual({ status: 409, code: 'conflict' });
  });

  it('applies project access to every operation', async () => {
    const projects = createProjectsService(world.database.db);
    const exp = Math.floor(Date.now() / 1000) + 600;
    const owner = { userId: other, role: 'client_residential' as const, exp };
    const stranger = { userId: crypto.randomUUID(), role: 'client_residential' as const, exp };
    const admin = { userId: world.admin.id, role: 'admin' as const, exp };
    const project = await projects.create(owner, {
      location: { address: 'Bishkek', latitude: 42.87, longitude: 74.59 },
      configuration: null,
      isDraft: true,
    });
    expect(project).toMatchObject({ userId: other, isDraft: true });
    expect(await refusal(projects.get(stranger, project.id))).toEqual({
      status: 404,
      code: 'not_found',
    });
    expect(await refusal(projects.list(stranger, 'all'))).toEqual({
      status: 403,
      code: 'forbidden',
    });
    expect((await projects.get(admin, project.id)).id).toBe(project.id);
    expect((await projects.update(owner, project.id, { isDraft: false })).isDraft).toBe(false);
    await projects.remove(owner, project.id);
    expect(await refusal(projects.get(owner, project.id))).toEqual({
      status: 404,
      code: 'not_found',
    });
  });
});
