/**
 * Zod schemas of every request body and query of the OpenAPI document (docs/product.md#limits; the
 * OpenAPI document), used by the server to validate and by the client to type its calls. Bodies are
 * strict (unknown properties are rejected); queries take the strings of a query string and
 * coerce them. Every issue message is a message id with an English default
 * ({@link messageText}), so the server can answer 400 with per-field errors.
 */
import { z } from './internal/zod.ts';
import type { ChatStreamRequest, UserListQuery } from './contract.ts';
import {
  LIMITS,
  booleanField,
  confirmField,
  emailField,
  isStorableJson,
  nameField,
  passwordField,
  queryValue,
  requiredText,
  strict,
  text,
  tokenField,
  withMatchingConfirm,
} from './internal/fields.ts';
import { validationMessages as m } from './messages.ts';
import { USER_SORT_FIELDS } from './paging.ts';
import {
  conversationTitleSchema,
  chatMessageSchema,
  forgotPasswordSchema,
  localeField,
  profileSchema,
  signInSchema,
  signUpSchema,
} from './validation.ts';

const USER_TYPE_CODES = [0, 1, 2, 3, 4, 5, 6] as const;

const userTypeField = z.literal(USER_TYPE_CODES, { error: m.userType.id });

/** `POST /auth/email/signup` (docs/product.md#accounts-and-sessions sign-up rules). */
export const signUpRequestSchema = signUpSchema;
/** `POST /auth/email/signin`. */
export const signInRequestSchema = signInSchema;
/** `POST /auth/refresh {refreshToken}`. */
export const refreshRequestSchema = strict({ refreshToken: tokenField() });
/** `POST /auth/signout {refreshToken}`. */
export const signOutRequestSchema = strict({ refreshToken: tokenField() });
/** `PUT /auth/me {name, email, currentPassword?}` (currentPassword for an email change). */
export const profileUpdateRequestSchema = profileSchema;
/** `POST /auth/password/forgot {email}`. */
export const forgotPasswordRequestSchema = forgotPasswordSchema;
/** `POST /auth/password/reset {token, password, confirmPassword}` (docs/product.md#accounts-and-sessions reset). */
export const resetPasswordRequestSchema = withMatchingConfirm(
  strict({ token: tokenField(), password: passwordField('user'), confirmPassword: confirmField() }),
);
/**
 * `POST /auth/password/change {currentPassword, password, confirmPassword, refreshToken?}`:
 * the new password follows the sign-up rules; `refreshToken` names the
 * session to keep (every other one is revoked).
 */
export const changePasswordRequestSchema = withMatchingConfirm(
  strict({
    currentPassword: z
      .string({ error: m.currentPasswordRequired.id })
      .min(1, m.currentPasswordRequired.id)
      .max(LIMITS.passwordMax, m.passwordTooLong.id),
    password: passwordField('user'),
    confirmPassword: confirmField(),
    refreshToken: tokenField().optional(),
  }),
);
/** `POST /auth/password/change` body. */
export type ChangePasswordRequest = z.input<typeof changePasswordRequestSchema>;
/** `POST /auth/email/verify {token}`. */
export const verifyEmailRequestSchema = strict({ token: tokenField() });
/**
 * `POST /auth/email/change/confirm {token}` (the link mailed to the new address) and
 * `POST /auth/email/change/cancel {token}` (the link mailed to the old one).
 */
export const emailChangeTokenRequestSchema = strict({ token: tokenField() });
/** An absolute http(s) URL with a host (no user info), without whitespace, query or fragment. */
const REDIRECT_URI = /^https?:\/\/[^\s/?#@]+(\/[^\s?#]*)?$/i;
/**
 * A redirect URI of external sign-in: an absolute http(s) URL without query or fragment
 * (the provider compares it exactly with the registered one; OAuth 2.0, RFC 6749 section 3.1.2).
 */
const redirectUriField = () =>
  tokenField(m.redirectUriInvalid.id).regex(REDIRECT_URI, m.redirectUriInvalid.id);

/**
 * `POST /auth/google/start {redirectUri}`: starts an external sign-in
 * (docs/decisions/030-external-identity-linking.md).
 */
export const externalSignInStartRequestSchema = strict({ redirectUri: redirectUriField() });

/**
 * `POST /auth/google/signin {code, redirectUri, state, iss?}`: what the provider sent back to
 * `redirectUri` (the authorization code, the state of the request and, from providers
 * that send it, its issuer; RFC 9207).
 */
export const googleSignInRequestSchema = strict({
  code: tokenField(m.codeRequired.id),
  redirectUri: redirectUriField(),
  state: tokenField(m.stateRequired.id),
  iss: tokenField(m.invalidValue.id).optional(),
  locale: localeField().optional(),
});
/**
 * `PUT /auth/me/locale {locale}`: the language the signed-in user chose in the app, used
 * for all their mail from now on (docs/product.md#mail).
 */
export const localeUpdateRequestSchema = strict({ locale: localeField() });
/** The `PUT /auth/me/locale` body. */
export type LocaleUpdateRequest = z.input<typeof localeUpdateRequestSchema>;

/**
 * `GET /admin/users` query (docs/product.md#user-administration; the OpenAPI document): pageNumber
 * >= 1 (default 1), pageSize 1..100 (default 10), sortBy one of the sortable columns (default
 * createdAt), descending (default true), optional searchTerm (trimmed, empty is absent), userType
 * 0..6 and isEmailConfirmed. Query strings are coerced; empty values count as absent.
 */
export const adminUserListQuerySchema = strict({
  pageNumber: queryValue(z.int({ error: m.pageNumber.id }).min(1, m.pageNumber.id).default(1)),
  pageSize: queryValue(
    z.int({ error: m.pageSize.id }).min(1, m.pageSize.id).max(100, m.pageSize.id).default(10),
  ),
  sortBy: queryValue(z.enum(USER_SORT_FIELDS, { error: m.sortBy.id }).default('createdAt')),
  descending: queryValue(booleanField().default(true)),
  searchTerm: text(m.invalidValue.id)
    .trim()
    .max(LIMITS.searchMax, m.searchTooLong.id)
    .optional()
    .transform((text) => (text === '' ? undefined : text)),
  userType: queryValue(userTypeField.optional()),
  isEmailConfirmed: queryValue(booleanField().optional()),
}) satisfies z.ZodType<UserListQuery>;

/**
 * `POST /admin/users` (docs/product.md#user-administration admin create: password >= 6; defaults 4
 * and false; `locale`, the language of the user's mail, default en).
 */
export const adminCreateUserRequestSchema = strict({
  name: nameField(1),
  email: emailField(),
  password: passwordField('admin'),
  userType: userTypeField.default(4),
  emailConfirmed: booleanField().default(false),
  locale: localeField().default('en'),
});
/** The admin create request body. */
export type AdminCreateUserRequest = z.input<typeof adminCreateUserRequestSchema>;

/**
 * `PUT /admin/users/{id}` (docs/product.md#user-administration admin edit): every field required
 * but `locale`, the language of the user's mail (absent: unchanged).
 */
export const adminUpdateUserRequestSchema = strict({
  name: nameField(1),
  email: emailField(),
  userType: userTypeField,
  emailConfirmed: booleanField(),
  isActive: booleanField(),
  locale: localeField().optional(),
});
/** The admin update request body. */
export type AdminUpdateUserRequest = z.input<typeof adminUpdateUserRequestSchema>;

/**
 * `PUT /admin/users/{id}/status` (bulk activate and deactivate): only
 * `isActive` changes, so a bulk change never writes back a name or email it read earlier.
 */
export const adminUserStatusRequestSchema = strict({ isActive: booleanField() });
/** The admin status request body. */
export type AdminUserStatusRequest = z.input<typeof adminUserStatusRequestSchema>;

/**
 * `POST /chat/stream` (the OpenAPI document): message not blank and at most 4000
 * characters; conversationId a string or null (absent is null); optional context with
 * botType 0 | 1 and locale en | es | ru. The regenerate form (docs/product.md#ai-chat)
 * has `regenerate` 'replace' | 'keep', a conversationId and no message.
 */
export const chatStreamRequestSchema = strict({
  message: chatMessageSchema.optional(),
  regenerate: z.enum(['replace', 'keep'], { error: m.invalidValue.id }).optional(),
  conversationId: text(m.conversationId.id)
    .min(1, m.conversationId.id)
    .max(100, m.conversationId.id)
    .nullable()
    .default(null),
  context: strict(
    {
      botType: z.literal([0, 1], { error: m.botType.id }).optional(),
      locale: localeField().optional(),
    },
    m.invalidValue.id,
  ).optional(),
}).superRefine((body, ctx) => {
  // A message, or a regenerate of an existing conversation (docs/product.md#ai-chat).
  if (body.regenerate === undefined) {
    if (body.message === undefined) {
      ctx.addIssue({ code: 'custom', path: ['message'], message: m.messageRequired.id });
    }
    return;
  }
  if (body.message !== undefined) {
    ctx.addIssue({ code: 'custom', path: ['message'], message: m.unknownField.id });
  }
  if (body.conversationId === null) {
    ctx.addIssue({ code: 'custom', path: ['conversationId'], message: m.conversationId.id });
  }
}) satisfies z.ZodType<unknown, ChatStreamRequest>;

/** `PUT /chat/conversations/{id}/title {title}`: trimmed, 1..200 characters. */
export const titleUpdateRequestSchema = strict({ title: conversationTitleSchema });

/** `GET /chat/conversations` query: page >= 1 (default 1), pageSize 1..100 (default 20). */
export const conversationsQuerySchema = strict({
  page: queryValue(z.int({ error: m.pageNumber.id }).min(1, m.pageNumber.id).default(1)),
  pageSize: queryValue(
    z.int({ error: m.pageSize.id }).min(1, m.pageSize.id).max(100, m.pageSize.id).default(20),
  ),
});

const coordinate = (limit: number, message: string) =>
  z.number({ error: message }).min(-limit, message).max(limit, message);

/**
 * A project's location: an address and its point in degrees, or (`addressVerified: false`,
 * an address typed while no geocoder could check it) an address with no point (both
 * coordinates null). A half-known point, or no point for a verified address, is refused.
 */
const projectLocationSchema = strict(
  {
    address: requiredText(m.addressRequired.id),
    latitude: coordinate(90, m.latitude.id).nullable(),
    longitude: coordinate(180, m.longitude.id).nullable(),
    placeId: text(m.invalidValue.id).max(LIMITS.addressMax, m.invalidValue.id).optional(),
    addressVerified: z.literal(false, { error: m.invalidValue.id }).optional(),
  },
  m.addressRequired.id,
).superRefine((location, ctx) => {
  const unverified = location.addressVerified === false;
  if (location.latitude === null && (!unverified || location.longitude !== null)) {
    ctx.addIssue({ code: 'custom', path: ['latitude'], message: m.latitude.id });
  }
  if (location.longitude === null && (!unverified || location.latitude !== null)) {
    ctx.addIssue({ code: 'custom', path: ['longitude'], message: m.longitude.id });
  }
});

/**
 * A project's configuration: a JSON object or null, at most JSON_LIMITS deep and long, with
 * storable text only (internal/fields.ts).
 */
const configurationField = z
  .record(z.string(), z.unknown(), { error: m.configuration.id })
  .refine(isStorableJson, m.invalidValue.id)
  .nullable();

/** `POST /projects` (the OpenAPI document): location; configuration null and isDraft true by default. */
export const projectCreateRequestSchema = strict({
  location: projectLocationSchema,
  configuration: configurationField.default(null),
  isDraft: booleanField().default(true),
});
/** The project create request body. */
export type ProjectCreateRequest = z.input<typeof projectCreateRequestSchema>;

/** `PUT /projects/{id}`: any of location, configuration, isDraft; absent fields are kept. */
export const projectUpdateRequestSchema = strict({
  location: projectLocationSchema.optional(),
  configuration: configurationField.optional(),
  isDraft: booleanField().optional(),
});
/** The project update request body. */
export type ProjectUpdateRequest = z.input<typeof projectUpdateRequestSchema>;

/** `GET /projects` query: scope `own` (default) or `all` (needs canViewAllProjects). */
export const projectsQuerySchema = strict({
  scope: z.enum(['own', 'all'], { error: m.scope.id }).default('own'),
});

/** `GET /geo/reverse?lat=&lon=` query: degrees, coerced from the query string. */
export const geoReverseQuerySchema = strict({
  lat: queryValue(coordinate(90, m.latitude.id)),
  lon: queryValue(coordinate(180, m.longitude.id)),
});

/** `GET /geo/search?q=` query: trimmed, 1..200 characters. */
export const geoSearchQuerySchema = strict({
  q: requiredText(m.searchRequired.id, LIMITS.searchMax),
});

/** The request body types a client sends (before defaults). */
export type SignUpRequest = z.input<typeof signUpRequestSchema>;
/** `POST /auth/email/signin` body. */
export type SignInRequest = z.input<typeof signInRequestSchema>;
/** `POST /auth/refresh` body. */
export type RefreshRequest = z.input<typeof refreshRequestSchema>;
/** `POST /auth/signout` body. */
export type SignOutRequest = z.input<typeof signOutRequestSchema>;
/** `PUT /auth/me` body. */
export type ProfileUpdateRequest = z.input<typeof profileUpdateRequestSchema>;
/** `POST /auth/password/forgot` body. */
export type ForgotPasswordRequest = z.input<typeof forgotPasswordRequestSchema>;
/** `POST /auth/password/reset` body. */
export type ResetPasswordRequest = z.input<typeof resetPasswordRequestSchema>;
/** `POST /auth/email/verify` body. */
export type VerifyEmailRequest = z.input<typeof verifyEmailRequestSchema>;
/** `POST /auth/email/change/confirm` and `/cancel` body. */
export type EmailChangeTokenRequest = z.input<typeof emailChangeTokenRequestSchema>;
/** `POST /auth/google/signin` body. */
export type GoogleSignInRequest = z.input<typeof googleSignInRequestSchema>;
/** `POST /auth/google/start` body. */
export type ExternalSignInStartRequest = z.input<typeof externalSignInStartRequestSchema>;
/** `PUT /chat/conversations/{id}/title` body. */
export type TitleUpdateRequest = z.input<typeof titleUpdateRequestSchema>;
/** `GET /chat/conversations` query after defaults. */
export type ConversationsQuery = z.output<typeof conversationsQuerySchema>;
