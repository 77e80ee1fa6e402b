/**
 * Google Identity Services, code client (spec section 7: "an identity script and an OAuth
 * client, scope openid profile email"; API-CONTRACT.md `POST /auth/google/signin {code}`).
 * The script https://accounts.google.com/gsi/client is loaded on first use only; the
 * popup's authorization code goes to the server, which exchanges it (redirect URI
 * `postmessage`). When `window.google.accounts.oauth2` already exists, it is used as is.
 */

/** The Google Identity Services script. */
export const GOOGLE_IDENTITY_SCRIPT = 'https://accounts.google.com/gsi/client';
/** The scopes asked for (spec section 7). */
export const GOOGLE_SCOPE = 'openid profile email';

/** What the code client's callback receives. */
export interface GoogleCodeResponse {
  code?: string;
  error?: string;
  error_description?: string;
}

/** What the code client's error callback receives (popup blocked or closed...). */
export interface GoogleClientError {
  type?: string;
  message?: string;
}

/** The part of `google.accounts.oauth2` used here. */
export interface GoogleOAuth2 {
  initCodeClient(config: {
    client_id: string;
    scope: string;
    ux_mode: 'popup';
    callback: (response: GoogleCodeResponse) => void;
    error_callback?: (error: GoogleClientError) => void;
  }): { requestCode(): void };
}

type GoogleWindow = Window & { google?: { accounts?: { oauth2?: GoogleOAuth2 } } };

/** A refusal from Google: `message` is Google's own failure text ('' when it gave none). */
export class GoogleCodeError extends Error {
  override name = 'GoogleCodeError';
}

/** The script could not be loaded (offline, blocked). */
export class GoogleScriptError extends Error {
  override name = 'GoogleScriptError';
}

const oauth2Of = (): GoogleOAuth2 | undefined => (window as GoogleWindow).google?.accounts?.oauth2;

let loading: Promise<GoogleOAuth2> | null = null;

/** Loads the script once (later calls share the same promise); rejects with GoogleScriptError. */
export function loadGoogleIdentity(): Promise<GoogleOAuth2> {
  const ready = oauth2Of();
  if (ready) return Promise.resolve(ready);
  loading ??= new Promise<GoogleOAuth2>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = GOOGLE_IDENTITY_SCRIPT;
    script.async = true;
    script.onload = () => {
      const oauth2 = oauth2Of();
      if (oauth2) resolve(oauth2);
      else reject(new GoogleScriptError('Google Identity Services did not start'));
    };
    script.onerror = () => {
      loading = null;
      script.remove();
      reject(new GoogleScriptError('Google Identity Services could not be loaded'));
    };
    document.head.append(script);
  });
  return loading;
}

/**
 * Opens Google's popup for `clientId` and resolves with the authorization code. Rejects
 * with GoogleCodeError (Google's failure text: popup closed or blocked, access denied) or
 * GoogleScriptError.
 */
export async function requestGoogleCode(clientId: string): Promise<string> {
  const oauth2 = await loadGoogleIdentity();
  return new Promise<string>((resolve, reject) => {
    const client = oauth2.initCodeClient({
      client_id: clientId,
      scope: GOOGLE_SCOPE,
      ux_mode: 'popup',
      callback: (response) => {
        if (response.code) resolve(response.code);
        else reject(new GoogleCodeError(response.error_description || response.error || ''));
      },
      error_callback: (error) => reject(new GoogleCodeError(error.message || error.type || '')),
    });
    client.requestCode();
  });
}
