/**
 * Per-client-address limits of the public calculator helpers (the OpenAPI document: public, rate
 * limited per client address). Routes opt in with `config: { rateLimit: { max, timeWindow } }` of
 * @fastify/rate-limit, which app.ts registers once for the whole server (counters in memory, or
 * Redis with REDIS_URL). When a plugin is used without it (a small app), `ensureRateLimit`
 * registers it in that plugin's scope with the same 429 answer.
 */
import fastifyRateLimit from '@fastify/rate-limit';
import { apiMessages } from '@solar/domain';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../http-errors.ts';

/** Makes sure route-level `config.rateLimit` is enforced in `app`'s scope. */
export async function ensureRateLimit(app: FastifyInstance): Promise<void> {
  if (app.hasDecorator('rateLimit')) return;
  await app.register(fastifyRateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      new HttpError(429, 'rate_limited', apiMessages.rateLimited.defaultMessage, {
        headers: { 'retry-after': String(Math.max(1, Math.ceil(context.ttl / 1000))) },
      }),
  });
}
