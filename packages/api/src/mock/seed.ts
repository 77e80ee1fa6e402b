/**
 * The demo seed of the fake backend: twelve users of every role after the administrator,
 * one client's conversation and portfolio, then projects at every pipeline stage
 * (seed-pipeline.ts). Stories and screenshots depend on its order, names, dates (relative
 * to the clock) and the ids that order gives.
 */
import { emptyPortfolio, mergePortfolio } from '@solar/domain/chat';
import type { UserTypeCode } from '@solar/domain/roles';
import { extractSolarFacts } from '@solar/domain/solar-facts';
import { addMessage, replyTo } from './fake-chat.ts';
import { seedPipeline } from './seed-pipeline.ts';
import type { FakeConversation, FakeStore } from './store.ts';

const DAY_MS = 86_400_000;

/** name, email, userType, isActive, emailConfirmed. */
const PEOPLE: readonly [string, string, UserTypeCode, boolean, boolean][] = [
  ['Aigerim Bekova', 'aigerim@example.com', 1, true, true],
  ['Bakyt Osmonov', 'bakyt@example.com', 2, true, true],
  ['Chynara Alieva', 'chynara@example.com', 3, true, false],
  ['Daniyar Sadykov', 'daniyar@example.com', 4, true, true],
  ['Elnura Toktogulova', 'elnura@example.com', 5, false, true],
  ['Farida Usenova', 'farida@example.com', 6, true, false],
  ['Gulnara Mamytova', 'gulnara@example.com', 4, true, false],
  ['Ilyas Kadyrov', 'ilyas@example.com', 4, true, true],
  ['Jyldyz Asanova', 'jyldyz@example.com', 5, true, true],
  ['Kanat Zhumabaev', 'kanat@example.com', 2, true, true],
  ['Lira Abdyldaeva', 'lira@example.com', 4, true, false],
  ['Maksat Ibraimov', 'maksat@example.com', 1, true, true],
];

/** Adds the demo users, conversation and portfolio to a store holding only the admin. */
export function seedDemo(store: FakeStore): void {
  const { now } = store;
  PEOPLE.forEach(([name, email, userType, isActive, emailConfirmed], index) => {
    store.addUser({
      name,
      email,
      password: 'Password1',
      userType,
      isActive,
      emailConfirmed,
      createdAt: new Date(now() - (60 - index * 4) * DAY_MS).toISOString(),
      lastLoginAt: index % 3 === 0 ? null : new Date(now() - index * DAY_MS).toISOString(),
    });
  });
  const client = store.byEmail('daniyar@example.com')!;
  const first: FakeConversation = {
    id: store.newId(),
    userId: client.id,
    title: 'Solar panels for my house',
    titleGenerated: true,
    status: 'active',
    startedAt: new Date(now() - 2 * DAY_MS).toISOString(),
    lastMessageAt: new Date(now() - 2 * DAY_MS).toISOString(),
    messages: [],
  };
  store.conversations.set(first.id, first);
  const text = 'We use 450 kWh per month and pay 670 som. I live in Bishkek.';
  const facts = extractSolarFacts(text);
  addMessage(store, first, {
    role: 'user',
    content: text,
    botType: 0,
    extractedDataJson: null,
    interrupted: false,
  });
  addMessage(store, first, {
    role: 'assistant',
    content: replyTo(text, facts, 0),
    botType: 0,
    extractedDataJson: JSON.stringify(facts),
    interrupted: false,
  });
  store.portfolios.set(client.id, mergePortfolio(emptyPortfolio(), facts, store.iso(), first));
  seedPipeline(store);
}
