/**
 * The bodies of the auth and admin answers as zod schemas, for the OpenAPI document only
 * (the routes' `answers`, openapi.ts): those routes send them without a response schema.
 * Each is checked against its domain type (`satisfies`), so a change of the contract's
 * types that the document does not follow fails the typecheck.
 */
import {
  LOCALES,
  ROLE_KEYS,
  USER_TYPE_NAMES,
  type AdminUserCreated,
  type AdminUserDetail,
  type AdminUserListItem,
  type AuthResponse,
  type ExternalSignInStartResponse,
  type EmailChangeConfirmResponse,
  type MeResponse,
  type RefreshResponse,
  type SessionUser,
  type UserListResponse,
} from '@solar/domain';
import { z } from 'zod';
import { named, pageSchema } from '../openapi.ts';

const isoTime = z.string().describe('ISO 8601, UTC');
const userTypeCode = z.literal([0, 1, 2, 3, 4, 5, 6]).describe('0 Admin .. 6 Supplier');

export const sessionUserSchema = named(
  z.object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    picture: z.string().nullable(),
    role: z.enum(ROLE_KEYS),
    authMethod: z.enum(['email', 'google']),
  }),
  'SessionUser',
) satisfies z.ZodType<SessionUser>;

export const authResponseSchema = named(
  z.object({
    token: z.string().describe('Access token (JWT, HS256)'),
    refreshToken: z.string().describe('Opaque, single use'),
    expiresAt: isoTime.describe("The access token's expiry (ISO 8601, UTC)"),
    user: sessionUserSchema,
  }),
  'AuthResponse',
) satisfies z.ZodType<AuthResponse>;

export const externalSignInStartResponseSchema = z.object({
  authorizationUrl: z
    .string()
    .describe("The provider's authorization endpoint with the request's parameters"),
  state: z.string().describe("The request's state, sent back with the code"),
  expiresAt: isoTime.describe('Until when the callback is accepted (ISO 8601, UTC)'),
}) satisfies z.ZodType<ExternalSignInStartResponse>;

export const refreshResponseSchema = authResponseSchema.omit({
  user: true,
}) satisfies z.ZodType<RefreshResponse>;

export const meResponseSchema = named(
  sessionUserSchema.extend({
    emailConfirmed: z.boolean(),
    createdAt: isoTime,
    locale: z.enum(LOCALES).describe('The language of the user’s mail'),
    pendingEmail: z
      .string()
      .nullable()
      .describe(
        'A new address waiting for its confirmation link (null when none); until it is confirmed `email` stays the account address',
      ),
  }),
  'MeResponse',
) satisfies z.ZodType<MeResponse>;

/** `POST /auth/email/change/confirm` answer. */
export const emailChangeConfirmResponseSchema = named(
  z.object({ email: z.string().describe("The account's address from now on") }),
  'EmailChangeConfirmResponse',
) satisfies z.ZodType<EmailChangeConfirmResponse>;

export const messageResponseSchema = named(z.object({ message: z.string() }), 'Message');

export const adminUserListItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  userType: userTypeCode,
  isActive: z.boolean(),
  emailConfirmed: z.boolean(),
  createdAt: isoTime,
  lastLoginAt: isoTime.nullable(),
}) satisfies z.ZodType<AdminUserListItem>;

export const adminUserPageSchema = pageSchema(adminUserListItemSchema) satisfies z.ZodType<
  UserListResponse<AdminUserListItem>
>;

const adminUserBase = {
  id: z.string(),
  user: z.object({
    name: z.string(),
    email: z.string(),
    emailVerified: z.boolean(),
    picture: z.string().nullable(),
  }),
  isActive: z.boolean(),
  createdAt: isoTime,
  lastLoginAt: isoTime.nullable(),
  pipedrivePersonId: z.number().int().nullable(),
  crmConfigured: z
    .boolean()
    .describe('Whether the server links accounts to the CRM (PIPEDRIVE_API_TOKEN is set)'),
  locale: z.enum(LOCALES).describe('The language of the user’s mail'),
};

export const adminUserDetailSchema = named(
  z.object({ ...adminUserBase, userType: z.enum(USER_TYPE_NAMES) }),
  'AdminUserDetail',
) satisfies z.ZodType<AdminUserDetail>;

export const adminUserCreatedSchema = z.object({
  ...adminUserBase,
  userType: userTypeCode,
}) satisfies z.ZodType<AdminUserCreated>;
