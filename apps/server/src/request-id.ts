/**
 * Request ids: every request gets one, the `X-Request-Id` a client or proxy sent
 * when it is a plain token, or a new UUID otherwise. It is Fastify's `request.id`, so every
 * log line of the request carries it as `reqId`, and it is echoed in the answer's
 * `X-Request-Id` header so a user's report, the proxy's log and ours can be joined.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** The request and answer header. */
export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * What an incoming id may be: 1 to 128 characters of letters, digits and `._:=+/@-` (UUIDs,
 * ULIDs, trace ids such as AWS's `Root=1-...`). Anything else (control characters, quotes,
 * spaces, a megabyte) is replaced, so a hostile value never reaches the log.
 */
const ACCEPTED = /^[A-Za-z0-9._:=+/@-]{1,128}$/;

/** Fastify's `genReqId`: the incoming id when it is acceptable (see ACCEPTED), else a UUID. */
export function requestIdOf(request: Pick<IncomingMessage, 'headers'>): string {
  const sent = request.headers[REQUEST_ID_HEADER];
  return typeof sent === 'string' && ACCEPTED.test(sent) ? sent : randomUUID();
}
