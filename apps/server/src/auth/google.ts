/**
 * Google sign-in (API-CONTRACT.md, `POST /auth/google/signin`): the OpenID Connect
 * authorization-code exchange against `GOOGLE_ISSUER`. The discovery document gives the
 * token endpoint and the JWKS; the ID token is verified against that JWKS (RS256), with
 * the audience fixed to our client id and the issuer checked.
 */
import { createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from 'jose';

/** The identity an ID token vouches for. */
export interface GoogleIdentity {
  /** The provider's stable user id (`sub`). */
  subject: string;
  email: string;
  emailVerified: boolean;
  name: string | undefined;
  picture: string | undefined;
}

/**
 * A failed exchange: `rejected` when the provider refused the code or the ID token is not
 * valid for us (401), `unavailable` when the provider could not be reached (502).
 */
export class GoogleSignInError extends Error {
  override name = 'GoogleSignInError';
  readonly kind: 'rejected' | 'unavailable';
  constructor(kind: 'rejected' | 'unavailable', message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.kind = kind;
  }
}

/** Exchanges an authorization code for the verified identity. */
export interface GoogleClient {
  exchange(code: string, redirectUri: string | undefined): Promise<GoogleIdentity>;
}

interface Discovery {
  issuer: string;
  token_endpoint: string;
  jwks_uri: string;
}

/**
 * Creates the client. `redirectUri` defaults to `postmessage`, the value Google's popup
 * code flow (Google Identity Services) uses.
 */
export function createGoogleClient(options: {
  clientId: string;
  clientSecret: string;
  issuer: string;
  timeoutMs?: number;
}): GoogleClient {
  const timeout = options.timeoutMs ?? 10_000;
  let discovery: Promise<{ doc: Discovery; jwks: JWTVerifyGetKey }> | undefined;

  const discover = () => {
    discovery ??= (async () => {
      const url = `${options.issuer}/.well-known/openid-configuration`;
      const response = await fetch(url, { signal: AbortSignal.timeout(timeout) });
      if (!response.ok) throw new Error(`discovery answered ${response.status}`);
      const doc = (await response.json()) as Partial<Discovery>;
      if (!doc.issuer || !doc.token_endpoint || !doc.jwks_uri) {
        throw new Error('discovery document lacks issuer, token_endpoint or jwks_uri');
      }
      return { doc: doc as Discovery, jwks: createRemoteJWKSet(new URL(doc.jwks_uri)) };
    })().catch((error: unknown) => {
      discovery = undefined;
      throw new GoogleSignInError('unavailable', 'The sign-in provider is not reachable', {
        cause: error,
      });
    });
    return discovery;
  };

  return {
    async exchange(code, redirectUri) {
      const { doc, jwks } = await discover();
      let response: Response;
      try {
        response = await fetch(doc.token_endpoint, {
          method: 'POST',
          headers: {
            'content-type': 'application/x-www-form-urlencoded',
            accept: 'application/json',
          },
          body: new URLSearchParams({
            grant_type: 'authorization_code',
            code,
            client_id: options.clientId,
            client_secret: options.clientSecret,
            redirect_uri: redirectUri ?? 'postmessage',
          }),
          signal: AbortSignal.timeout(timeout),
        });
      } catch (error) {
        throw new GoogleSignInError('unavailable', 'The sign-in provider is not reachable', {
          cause: error,
        });
      }
      if (response.status >= 500) {
        throw new GoogleSignInError('unavailable', `token endpoint answered ${response.status}`);
      }
      const body = (await response.json().catch(() => ({}))) as { id_token?: unknown };
      if (!response.ok || typeof body.id_token !== 'string') {
        throw new GoogleSignInError('rejected', 'The provider refused the authorization code');
      }
      // Google's ID tokens name the issuer with or without the scheme.
      const issuers = [doc.issuer, options.issuer];
      if (doc.issuer.startsWith('https://')) issuers.push(doc.issuer.slice('https://'.length));
      let payload: Record<string, unknown>;
      try {
        ({ payload } = await jwtVerify(body.id_token, jwks, {
          issuer: issuers,
          audience: options.clientId,
          algorithms: ['RS256', 'ES256'],
          requiredClaims: ['sub', 'exp', 'iat'],
        }));
      } catch (error) {
        throw new GoogleSignInError('rejected', 'The ID token is not valid for this app', {
          cause: error,
        });
      }
      if (typeof payload.email !== 'string' || payload.email === '') {
        throw new GoogleSignInError('rejected', 'The ID token carries no email');
      }
      return {
        subject: String(payload.sub),
        email: payload.email,
        emailVerified: payload.email_verified === true || payload.email_verified === 'true',
        name: typeof payload.name === 'string' ? payload.name : undefined,
        picture: typeof payload.picture === 'string' ? payload.picture : undefined,
      };
    },
  };
}
