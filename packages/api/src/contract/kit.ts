/**
 * What every file of the contract suite shares: the backend under test, a typed client on
 * it, fresh users, the administrator, raw requests for what the client never sends, and
 * the matchers of the contract's shapes (the OpenAPI document).
 */
import type { StreamChunk } from '@solar/domain/contract';
import type { UserTypeCode } from '@solar/domain/roles';
import { expect } from 'vitest';
import { createApiClient, type ApiClient } from '../client.ts';
import { ApiError } from '../errors.ts';
import { memoryStorage } from '../session.ts';

/**
 * The kinds of mailed links, by the page they open: reset-password, verify-email, and an
 * email change's confirm-email-change (to the new address) and cancel-email-change (to the
 * old one).
 */
export type MailLinkKind = 'reset' | 'verify' | 'emailChange' | 'emailChangeCancel';

/** The page of each kind of mailed link. */
export const MAIL_LINK_PAGES: Readonly<Record<MailLinkKind, string>> = {
  reset: 'reset-password',
  verify: 'verify-email',
  emailChange: 'confirm-email-change',
  emailChangeCancel: 'cancel-email-change',
};

/** A backend to check. */
export interface ContractTarget {
  /** Absolute base URL of the API, e.g. `http://127.0.0.1:4123/api/v1`. */
  readonly baseUrl: string;
  readonly fetch: typeof fetch;
  /** The first administrator's credentials. */
  readonly admin: { readonly email: string; readonly password: string };
  /** The token in the newest mail to `email` of that kind (the link's `token=`), or null. */
  mailToken(email: string, kind: MailLinkKind): Promise<string | null>;
}

/** The password of every fresh user. */
export const PASSWORD = 'Password1';
let counter = 0;

/** The answer of {@link ContractKit.raw}: status, parsed JSON (or text) and headers. */
export interface RawAnswer {
  status: number;
  body: Record<string, unknown> | undefined;
  headers: Headers;
}

/** Creates the shared helpers over `target()` (read when each test runs, after beforeAll). */
export function contractKit(target: () => ContractTarget) {
  const nullable = (matcher: unknown) => expect.toBeOneOf([null, matcher]);
  const iso = expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/);
  const id = expect.any(String);

  const client = (): ApiClient =>
    createApiClient({
      baseUrl: target().baseUrl,
      fetch: target().fetch,
      storage: memoryStorage(),
      onSignedOut: () => undefined,
    });
  const uniqueEmail = (label = 'user') =>
    `${label}.${Date.now().toString(36)}.${(counter += 1)}.${Math.random().toString(36).slice(2, 6)}@example.com`;
  /** A newly signed-up user with a signed-in client. */
  async function freshUser(name = 'Test User') {
    const api = client();
    const email = uniqueEmail();
    const response = await api.auth.signUp({
      name,
      email,
      password: PASSWORD,
      confirmPassword: PASSWORD,
    });
    return { api, email, response, user: response.user };
  }
  /** A client signed in as the first administrator. */
  async function admin() {
    const api = client();
    const response = await api.auth.signIn(target().admin);
    return { api, response };
  }
  /**
   * A user of `userType` (1 project manager, 2 installer, 3 roof inspector, ...) made by the
   * administrator (`POST /admin/users`), signed in on its own client; `token` for raw calls.
   */
  async function roleUser(userType: UserTypeCode, name = 'Role User') {
    const { api: adminApi } = await admin();
    const email = uniqueEmail(`role${userType}`);
    await adminApi.adminUsers.create({
      name,
      email,
      password: PASSWORD,
      userType,
      emailConfirmed: true,
    });
    const api = client();
    const response = await api.auth.signIn({ email, password: PASSWORD });
    return { api, email, response, user: response.user, token: response.token };
  }
  /** The ApiError a call rejects with (fails the test when it succeeds). */
  async function failure(promise: Promise<unknown>): Promise<ApiError> {
    try {
      await promise;
    } catch (error) {
      expect(error).toBeInstanceOf(ApiError);
      return error as ApiError;
    }
    throw new Error('expected the call to fail, but it succeeded');
  }
  /** A request the client would not send (JSON body, optional bearer token). */
  async function raw(
    method: string,
    path: string,
    options: { body?: unknown; token?: string | null; headers?: Record<string, string> } = {},
  ): Promise<RawAnswer> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.body !== undefined) headers['Content-Type'] = 'application/json';
    if (options.token) headers.Authorization = `Bearer ${options.token}`;
    const response = await target().fetch(`${target().baseUrl}/${path}`, {
      method,
      headers,
      ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
    });
    const text = await response.text();
    let body: unknown = undefined;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = text;
    }
    return {
      status: response.status,
      body: body as Record<string, unknown> | undefined,
      headers: response.headers,
    };
  }
  const errorShape = (code: string) => ({ message: expect.any(String), code });
  async function collect(stream: AsyncIterable<StreamChunk>) {
    const chunks: StreamChunk[] = [];
    for await (const chunk of stream) chunks.push(chunk);
    return chunks;
  }
  const sessionUserShape = {
    id,
    name: expect.any(String),
    email: expect.any(String),
    picture: nullable(expect.any(String)),
    role: expect.any(String),
    authMethod: expect.stringMatching(/^(email|google)$/),
  };
  return {
    target,
    nullable,
    iso,
    id,
    client,
    uniqueEmail,
    freshUser,
    admin,
    roleUser,
    failure,
    raw,
    errorShape,
    collect,
    sessionUserShape,
  };
}

/** The shared helpers of the contract suite. */
export type ContractKit = ReturnType<typeof contractKit>;
