/**
 * Chat routes (API-CONTRACT.md, Chat): stream, history, end, conversations, title and
 * portfolio. Every route requires a signed-in user.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { Db } from '../db/database.ts';

export interface ChatRoutesOptions {
  db: Db;
  authenticate: preHandlerAsyncHookHandler;
  /** The server's environment, for the AI provider settings (AI_PROVIDER, AI_BASE_URL, ...). */
  env: Record<string, string | undefined>;
}

export const chatRoutes: FastifyPluginAsyncZod<ChatRoutesOptions> = async () => {};
