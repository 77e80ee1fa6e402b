/**
 * Account changes made by any server process, heard by every other (a role
 * change, deactivation, password change or sign-out-everywhere enforced everywhere within
 * 1 s; docs/decisions/028-cross-instance-state.md).
 *
 * The publish is in one place, the database: migration 0006 puts a trigger on `users`
 * that sends `NOTIFY solar_account_changed, '<id>'` for every updated or deleted row
 * (`'*'` for a TRUNCATE), delivered when the writing transaction commits. So no write path
 * can forget it, a manual SQL update included. Each process on PostgreSQL LISTENs on one
 * connection of its own (pg driver) and drops the account's cached row.
 *
 * While that connection is down nothing is heard: the cache is cleared, `listening` is
 * false (the cache then keeps rows for ACCOUNT_CACHE_TTL_MS only), one log line says so,
 * and the listener reconnects in the background (0.2 s, 0.4 s, ... at most every 2 s),
 * clearing the cache again once it is back (changes made meanwhile were not heard). A
 * connection that stops answering is found by a `SELECT 1` every PING_MS.
 */
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { AccountCache } from './account-cache.ts';

/** The notification channel of migration 0006. */
export const ACCOUNT_CHANNEL = 'solar_account_changed';
/** How often the listening connection is checked, ms. */
export const PING_MS = 2000;
/** How long a connect or a check may take before the connection counts as lost, ms. */
const TIMEOUT_MS = 1500;

export interface AccountChangeListener {
  /** True while notifications are being heard. */
  readonly listening: boolean;
  /** Stops listening and closes the connection. */
  close(): Promise<void>;
}

/**
 * Listens on PostgreSQL at `url` and drops changed accounts from `accounts`; resolves once
 * the first connection attempt has finished (listening or not: start-up never waits on it
 * for long nor fails because of it).
 */
export async function listenForAccountChanges(
  url: string,
  accounts: Pick<AccountCache, 'forget' | 'clear'>,
  log: FastifyBaseLogger,
): Promise<AccountChangeListener> {
  let client: pg.Client | undefined;
  let listening = false;
  let closed = false;
  let attempt = 0;
  let wasUp = false;
  let retry: NodeJS.Timeout | undefined;
  let ping: NodeJS.Timeout | undefined;

  const lost = (reason: string) => {
    const current = client;
    client = undefined;
    clearInterval(ping);
    current?.removeAllListeners();
    current?.on('error', () => {});
    void current?.end().catch(() => {});
    accounts.clear();
    if (listening || attempt === 0) {
      log.warn(
        { reason },
        'account change notifications are not heard: cached accounts are re-read every second until they are back',
      );
    }
    listening = false;
    if (closed) return;
    attempt++;
    retry = setTimeout(() => void connect(), Math.min(attempt * 200, 2000));
    retry.unref();
  };

  async function connect() {
    if (closed) return;
    const next = new pg.Client({
      connectionString: url,
      connectionTimeoutMillis: TIMEOUT_MS,
      query_timeout: TIMEOUT_MS,
      keepAlive: true,
    });
    client = next;
    next.on('error', (error) => client === next && lost(error.message));
    next.on('end', () => client === next && lost('connection closed'));
    next.on('notification', ({ channel, payload }) => {
      if (channel !== ACCOUNT_CHANNEL || !payload) return;
      if (payload === '*') accounts.clear();
      else accounts.forget(payload);
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${ACCOUNT_CHANNEL}`);
    } catch (error) {
      if (client === next) lost(error instanceof Error ? error.message : String(error));
      return;
    }
    if (closed || client !== next) return;
    // Changes made while nobody listened were not heard.
    accounts.clear();
    if (wasUp || attempt > 0) log.info('account change notifications are heard again');
    wasUp = true;
    attempt = 0;
    listening = true;
    ping = setInterval(() => {
      next.query('SELECT 1').catch((error: Error) => client === next && lost(error.message));
    }, PING_MS);
    ping.unref();
  }

  await connect();
  return {
    get listening() {
      return listening;
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      clearInterval(ping);
      const current = client;
      client = undefined;
      listening = false;
      await current?.end().catch(() => {});
    },
  };
}
