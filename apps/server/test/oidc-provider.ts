/**
 * A real OpenID provider for the tests: panva's oidc-provider (https://github.com/panva/node-oidc-provider)
 * from npm, started on 127.0.0.1 with its development interactions (a login page that takes
 * any login and password, then a consent page). Nothing of it is faked: discovery, the
 * authorization endpoint, PKCE, the token endpoint (client_secret_basic), signed ID tokens,
 * JWKS and UserInfo are the library's. Its defaults are kept where they matter: the claims
 * asked for by scope (email, profile) come from UserInfo only, never in the ID token
 * (`conformIdTokenClaims`), and every authorization response carries `iss` (RFC 9207).
 *
 * The login typed on its page is the account id (`sub`); `accounts` sets each one's claims
 * (by default the login is the email, verified, and the name is "Test Person").
 * `signInThrough` drives the pages over HTTP with a cookie jar, as a browser would; the
 * e2e suite drives the same pages in Chromium.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import Provider from 'oidc-provider';

/** The claims of one account at the provider. */
export interface TestAccount {
  email?: string;
  email_verified?: boolean;
  name?: string;
  picture?: string;
}

/** A client registered at the provider. */
export interface TestClient {
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
}

export interface TestProvider {
  /** The issuer identifier: `http://<host>:<port>`. */
  issuer: string;
  port: number;
  /** Claims per login (account id); unknown logins get the defaults above. */
  accounts: Map<string, TestAccount>;
  /** Decoded payloads of the ID tokens the token endpoint issued, oldest first. */
  idTokens: Record<string, unknown>[];
  /** `error` of every refused token request (`invalid_grant`...), oldest first. */
  tokenErrors: string[];
  close(): Promise<void>;
}

/** The client the app is configured with in the tests. */
export const TEST_CLIENT: Omit<TestClient, 'redirectUris'> = {
  clientId: 'solar-web',
  clientSecret: 'solar-test-secret-3cb1f0e4',
};

const decodePayload = (jwt: string) =>
  JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString('utf8')) as Record<
    string,
    unknown
  >;

/**
 * Starts the provider on `port` (0: any free port) with `clients`. `issuerHost` names the
 * host in the issuer identifier (default 127.0.0.1): the provider answers on 127.0.0.1
 * whatever it is, so `localhost` gives a provider whose discovery document names another
 * issuer than the URL it was reached at.
 */
export async function startTestProvider(
  clients: TestClient[],
  { port = 0, issuerHost = '127.0.0.1' }: { port?: number; issuerHost?: string } = {},
): Promise<TestProvider> {
  const accounts = new Map<string, TestAccount>();
  const idTokens: Record<string, unknown>[] = [];
  const tokenErrors: string[] = [];
  // The issuer names the port, known once the socket listens: listen first, then mount.
  const mounted: { handle?: ReturnType<Provider['callback']> } = {};
  const server: Server = createServer((req, res) => {
    if (mounted.handle) void mounted.handle(req, res);
    else res.writeHead(503).end();
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const actualPort = (server.address() as AddressInfo).port;
  const issuer = `http://${issuerHost}:${actualPort}`;
  const provider = new Provider(issuer, {
    clients: clients.map((client) => ({
      client_id: client.clientId,
      client_secret: client.clientSecret,
      redirect_uris: client.redirectUris,
      grant_types: ['authorization_code'],
      response_types: ['code'],
    })),
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'picture'],
    },
    cookies: { keys: [randomBytes(32).toString('hex')] },
    // Lifetimes in seconds (set, so the provider does not warn about its defaults).
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      Grant: 600,
      IdToken: 600,
      Interaction: 600,
      Session: 600,
    },
    async findAccount(_ctx, id) {
      return {
        accountId: id,
        async claims() {
          const account = accounts.get(id) ?? {};
          return {
            sub: id,
            email: account.email ?? id,
            email_verified: account.email_verified ?? true,
            name: account.name ?? 'Test Person',
            ...(account.picture ? { picture: account.picture } : {}),
          };
        },
      };
    },
  });
  mounted.handle = provider.callback();
  provider.on('grant.success', (ctx) => {
    const body = ctx.body as { id_token?: string } | undefined;
    if (body?.id_token) idTokens.push(decodePayload(body.id_token));
  });
  provider.on('grant.error', (_ctx, error) => {
    tokenErrors.push((error as { error?: string }).error ?? String(error));
  });
  return {
    issuer,
    port: actualPort,
    accounts,
    idTokens,
    tokenErrors,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A browser's cookies for one host: name -> value. */
class CookieJar {
  private readonly cookies = new Map<string, string>();
  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
  store(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      this.cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
    }
  }
}

/**
 * Follows an authorization URL through the provider's development pages as a browser
 * would: signs in as `login` (any password), gives consent, and resolves to the URL the
 * provider redirects back to (the app's redirect URI with `code`, `state` and `iss`, or
 * `error`). With `cancel`, presses "[ Cancel ]" on the login page instead.
 */
export async function signInThrough(
  authorizationUrl: string,
  login: string,
  { cancel = false, stopAt }: { cancel?: boolean; stopAt?: string } = {},
): Promise<URL> {
  const jar = new CookieJar();
  let url = new URL(authorizationUrl);
  let request: { method: 'GET' | 'POST'; body?: URLSearchParams } = { method: 'GET' };
  const origin = url.origin;
  for (let step = 0; step < 20; step++) {
    if (url.origin !== origin || (stopAt !== undefined && url.href.startsWith(stopAt))) return url;
    const response = await fetch(url, {
      method: request.method,
      redirect: 'manual',
      headers: {
        cookie: jar.header(),
        ...(request.body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(request.body ? { body: request.body } : {}),
    });
    jar.store(response);
    const location = response.headers.get('location');
    if (location) {
      url = new URL(location, url);
      request = { method: 'GET' };
      continue;
    }
    const html = await response.text();
    if (!response.ok)
      throw new Error(`provider answered ${response.status}: ${html.slice(0, 300)}`);
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    const prompt = /name="prompt" value="([^"]+)"/.exec(html)?.[1];
    if (!action || !prompt) throw new Error(`no interaction form at ${url.href}`);
    if (cancel) {
      const abort = /href="([^"]+\/abort)"/.exec(html)?.[1];
      if (!abort) throw new Error('no cancel link on the interaction page');
      url = new URL(abort.replace(/&amp;/g, '&'), url);
      request = { method: 'GET' };
      continue;
    }
    url = new URL(action.replace(/&amp;/g, '&'), url);
    request = {
      method: 'POST',
      body:
        prompt === 'login'
          ? new URLSearchParams({ prompt, login, password: 'any-password' })
          : new URLSearchParams({ prompt }),
    };
  }
  throw new Error('the provider did not redirect back within 20 steps');
}
