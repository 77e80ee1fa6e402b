/**
 * The OpenID Connect relying party of external sign-in (docs/decisions/030-external-identity-linking.md),
 * on panva's openid-client (https://github.com/panva/openid-client, OpenID Certified): the
 * provider's discovery document (its `issuer` must equal the configured one), the
 * authorization request with PKCE (S256), state and nonce, the authorization-code grant
 * (the ID token's signature, issuer, audience, nonce and times checked, and the
 * authorization response's `iss` of RFC 9207 when the provider sends it), and UserInfo for
 * the claims the ID token lacks. Nothing in it is Google's: any provider that follows OpenID
 * Connect Core and Discovery 1.0 works (the tests use panva's oidc-provider).
 */
import * as client from 'openid-client';
import type { OidcSettings } from '../config.ts';

/** The scopes asked for: the subject, the email (with its verification) and the profile. */
export const OIDC_SCOPE = 'openid email profile';

/** Seconds an HTTP call to the provider may take (discovery, token, JWKS, UserInfo). */
const TIMEOUT_SECONDS = 10;

/** The identity the provider vouches for. */
export interface OidcIdentity {
  /** The provider's stable user id (`sub`). */
  subject: string;
  /** As the provider gives it (not normalized). */
  email: string;
  /** The provider's `email_verified`: false when absent. */
  emailVerified: boolean;
  name: string | undefined;
  /** URL of the profile picture. */
  picture: string | undefined;
}

/** A new authorization request: where to send the browser and what to keep for its return. */
export interface AuthorizationRequest {
  /** The provider's authorization endpoint with every parameter. */
  url: string;
  state: string;
  nonce: string;
  /** The PKCE code verifier (its S256 challenge is in `url`). */
  codeVerifier: string;
}

/** What came back on the redirect URI, and what the authorization request kept. */
export interface AuthorizationResponse {
  code: string;
  state: string;
  /** The authorization response's `iss` (RFC 9207), when the browser saw one. */
  iss: string | undefined;
  redirectUri: string;
  codeVerifier: string;
  nonce: string;
}

/**
 * A failed step: `rejected` when the provider refused the code or its answer is not valid
 * for us (wrong issuer, audience, nonce, signature; 401), `unavailable` when the provider
 * could not be reached or discovered (502).
 */
export class OidcError extends Error {
  override name = 'OidcError';
  readonly kind: 'rejected' | 'unavailable';
  constructor(kind: 'rejected' | 'unavailable', message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.kind = kind;
  }
}

/** The relying party's two steps. */
export interface OidcClient {
  /** A new authorization request for `redirectUri`. Rejects with OidcError (unavailable). */
  authorize(redirectUri: string): Promise<AuthorizationRequest>;
  /** Exchanges the code and returns the verified identity. Rejects with OidcError. */
  exchange(response: AuthorizationResponse): Promise<OidcIdentity>;
}

/** True for an error that means the provider was not reached or answered with a 5xx. */
function isUnreachable(error: unknown): boolean {
  if (error instanceof TypeError) return true; // fetch: connection refused, DNS, TLS
  if (error instanceof client.ResponseBodyError) return error.status >= 500;
  if (error instanceof client.ClientError) {
    if (error.code === 'OAUTH_TIMEOUT' || error.code === 'OAUTH_ABORT') return true;
    if (error.cause instanceof Response) return error.cause.status >= 500;
  }
  return false;
}

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;

/**
 * Creates the client for `settings` (see config.ts). Discovery happens on first use and is
 * kept; a failed discovery is tried again on the next call. An `http://` issuer (allowed
 * by the configuration on loopback hosts only) is talked to without TLS.
 */
export function createOidcClient(settings: OidcSettings): OidcClient {
  let discovered: Promise<client.Configuration> | undefined;

  const configuration = () => {
    discovered ??= client
      .discovery(
        new URL(settings.issuer),
        settings.clientId,
        { client_secret: settings.clientSecret },
        // RFC 6749 section 2.3.1: every provider must accept HTTP Basic client authentication.
        client.ClientSecretBasic(settings.clientSecret),
        {
          timeout: TIMEOUT_SECONDS,
          ...(settings.issuer.startsWith('http:')
            ? { execute: [client.allowInsecureRequests] }
            : {}),
        },
      )
      .catch((error: unknown) => {
        discovered = undefined;
        throw new OidcError('unavailable', `discovery of ${settings.issuer} failed`, {
          cause: error,
        });
      });
    return discovered;
  };

  return {
    async authorize(redirectUri) {
      const config = await configuration();
      const codeVerifier = client.randomPKCECodeVerifier();
      const state = client.randomState();
      const nonce = client.randomNonce();
      const url = client.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: OIDC_SCOPE,
        response_type: 'code',
        code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state,
        nonce,
      });
      return { url: url.href, state, nonce, codeVerifier };
    },

    async exchange(response) {
      const config = await configuration();
      const callback = new URL(response.redirectUri);
      callback.search = '';
      callback.searchParams.set('code', response.code);
      callback.searchParams.set('state', response.state);
      if (response.iss !== undefined) callback.searchParams.set('iss', response.iss);
      try {
        const tokens = await client.authorizationCodeGrant(config, callback, {
          pkceCodeVerifier: response.codeVerifier,
          expectedState: response.state,
          expectedNonce: response.nonce,
          idTokenExpected: true,
        });
        const claims = tokens.claims()!;
        let source: Record<string, unknown> = claims;
        // OpenID Connect Core 1.0 section 5.4: claims asked for by scope are returned from
        // UserInfo, and put in the ID token only by some providers (Google does).
        if (text(claims.email) === undefined || claims.email_verified === undefined) {
          const userInfo = await client.fetchUserInfo(config, tokens.access_token, claims.sub);
          source = { ...claims, ...userInfo };
        }
        const email = text(source.email);
        if (email === undefined) throw new OidcError('rejected', 'the provider gave no email');
        return {
          subject: claims.sub,
          email,
          emailVerified: source.email_verified === true || source.email_verified === 'true',
          name: text(source.name),
          picture: text(source.picture),
        };
      } catch (error) {
        if (error instanceof OidcError) throw error;
        const kind = isUnreachable(error) ? 'unavailable' : 'rejected';
        const reason = error instanceof Error ? error.message : String(error);
        throw new OidcError(kind, reason, { cause: error });
      }
    },
  };
}
