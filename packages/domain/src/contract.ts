/**
 * The /api/v1 contract (the OpenAPI document, with the entities of docs/product.md) as
 * TypeScript types shared by the server and the client, plus the zod request schemas
 * (re-exported from `requests.ts`). Times are ISO 8601 strings in UTC; ids are opaque
 * strings; amounts are in som (KGS), energy in kWh, roof area in m2.
 */
import type { Locale } from './constants.ts';
import type { UserSortField } from './paging.ts';
import type { ProjectStatus } from './pipeline.ts';
import type { RoleKey, UserTypeCode, UserTypeName } from './roles.ts';

export * from './requests.ts';
export * from './contract-chat.ts';

/** Base path of the product API (the OpenAPI document). */
export const API_BASE_PATH = '/api/v1';

/**
 * Stable error codes of the OpenAPI document. `invalid_token` is the reset
 * call's code; `service_unavailable` (503, Google not configured) and `bad_gateway` (502,
 * geocoding provider failed) name the two statuses the contract uses without a code.
 * `last_admin` (409) refuses a change that would leave no active administrator; `own_account`
 * (409) refuses an administrator's change of their own role or active status.
 * `already_confirmed` (409) answers a verification link that was already used to confirm
 * the address it was sent to (a link clicked twice).
 */
export const API_ERROR_CODES = [
  'validation_failed',
  'invalid_credentials',
  'account_inactive',
  'email_taken',
  'last_admin',
  'own_account',
  'already_confirmed',
  'unauthenticated',
  'token_expired',
  'forbidden',
  'not_found',
  'conflict',
  'rate_limited',
  'payload_too_large',
  'unsupported_media_type',
  'internal',
  'invalid_token',
  'service_unavailable',
  'bad_gateway',
  'invalid_transition',
  'too_many_photos',
  'no_configuration',
  'email_unverified',
] as const;

/** One stable error code. */
export type ApiErrorCode = (typeof API_ERROR_CODES)[number];

/** Every error response body: English `message`, stable `code`, per-field English errors. */
export interface ApiErrorBody {
  readonly message: string;
  readonly code: ApiErrorCode;
  readonly errors?: Readonly<Record<string, string>>;
}

/** How a user signs in (docs/product.md#accounts-and-sessions). */
export type AuthMethod = 'email' | 'google';

/** The signed-in user as the client keeps it (docs/product.md#accounts-and-sessions; the OpenAPI document). */
export interface SessionUser {
  readonly id: string;
  readonly name: string;
  readonly email: string;
  readonly picture: string | null;
  readonly role: RoleKey;
  readonly authMethod: AuthMethod;
}

/**
 * `POST /auth/google/start` answer: the provider's authorization URL to send the browser
 * to, the request's `state` (the provider sends it back) and until when the callback is
 * accepted (ISO 8601).
 */
export interface ExternalSignInStartResponse {
  readonly authorizationUrl: string;
  readonly state: string;
  readonly expiresAt: string;
}

/** Sign-in, sign-up and Google sign-in answer; `expiresAt` is the access token's expiry. */
export interface AuthResponse {
  readonly token: string;
  readonly refreshToken: string;
  readonly expiresAt: string;
  readonly user: SessionUser;
}

/** `POST /auth/refresh` answer (docs/product.md#accounts-and-sessions). */
export interface RefreshResponse {
  readonly token: string;
  readonly refreshToken: string;
  readonly expiresAt: string;
}

/**
 * `GET /auth/me` and `PUT /auth/me` answer. `locale` is the language of the user's mail;
 * `pendingEmail` is a new address the user asked for that has not confirmed by its link yet
 * (null when none): until then `email` stays the account's address
 * (docs/product.md#accounts-and-sessions).
 */
export interface MeResponse extends SessionUser {
  readonly emailConfirmed: boolean;
  readonly createdAt: string;
  readonly locale: Locale;
  readonly pendingEmail: string | null;
}

/** `POST /auth/email/change/confirm` answer: the account's address from now on. */
export interface EmailChangeConfirmResponse {
  readonly email: string;
}

/** `POST /auth/password/forgot` answer (the same for known and unknown emails). */
/** `POST /auth/email/verify/resend` answer (202). */
export interface ResendVerificationResponse {
  readonly message: string;
}

export interface ForgotPasswordResponse {
  readonly message: string;
}

/** A row of the admin user list (docs/product.md#roles-and-permissions); `userType` is the number 0..6. */
export interface AdminUserListItem {
  readonly id: string;
  readonly name: string;
  readonly email: string;
  readonly userType: UserTypeCode;
  readonly isActive: boolean;
  readonly emailConfirmed: boolean;
  readonly createdAt: string;
  readonly lastLoginAt: string | null;
}

/** `GET`/`PUT /admin/users/{id}` answer (docs/product.md#roles-and-permissions); `userType` as its text name. */
export interface AdminUserDetail {
  readonly id: string;
  readonly user: {
    readonly name: string;
    readonly email: string;
    readonly emailVerified: boolean;
    readonly picture: string | null;
  };
  readonly userType: UserTypeName;
  readonly isActive: boolean;
  readonly createdAt: string;
  readonly lastLoginAt: string | null;
  /** Link to a person record in the external CRM. */
  readonly pipedrivePersonId: number | null;
  /**
   * Whether the server has a CRM link (PIPEDRIVE_API_TOKEN, docs/product.md#crm-link); without
   * one no account is ever linked, so a null `pipedrivePersonId` is expected, not a failure.
   */
  readonly crmConfigured: boolean;
  /** The language of the user's mail. */
  readonly locale: Locale;
}

/** `POST /admin/users` answer: the detail with `userType` as the number 0..6. */
export interface AdminUserCreated extends Omit<AdminUserDetail, 'userType'> {
  readonly userType: UserTypeCode;
}

/** `GET /admin/users` query after defaults (docs/product.md#user-administration, user list query). */
export interface UserListQuery {
  readonly pageNumber: number;
  readonly pageSize: number;
  readonly sortBy: UserSortField;
  readonly descending: boolean;
  readonly searchTerm?: string;
  readonly userType?: UserTypeCode;
  readonly isEmailConfirmed?: boolean;
}

/** One page of a list (docs/product.md#user-administration, user list response). */
export interface UserListResponse<T = AdminUserListItem> {
  readonly items: readonly T[];
  readonly pageNumber: number;
  readonly pageSize: number;
  readonly totalCount: number;
  readonly totalPages: number;
  readonly hasPreviousPage: boolean;
  readonly hasNextPage: boolean;
}

/** What every job of the queue shows an administrator (`GET /admin/jobs`). */
interface JobState {
  readonly id: string;
  /** `failed` once it was given up after its last attempt; `pending` while still to be tried. */
  readonly state: 'pending' | 'failed';
  /** Failed attempts so far (0 after a retry). */
  readonly attempts: number;
  /** The last attempt's error text (English, from the server, SMTP or Pipedrive); null before any failed. */
  readonly lastError: string | null;
  /** When it runs next (meaningful for pending jobs). */
  readonly nextAttemptAt: string;
  /** When it was queued. */
  readonly createdAt: string;
}

/**
 * A CRM (Pipedrive) update (docs/product.md#crm-link): `deal.create` makes the person and
 * the deal when a site visit is requested, `deal.move` moves the deal to the stage of a
 * later status (won, lost).
 */
export interface CrmJob extends JobState {
  readonly kind: 'deal.create' | 'deal.move';
  /** The status change it carries: the project, its owner, the status moved to, when (ISO). */
  readonly payload: {
    readonly projectId: string;
    readonly ownerId: string;
    readonly status: ProjectStatus;
    readonly at: string;
  };
}

/**
 * A mail (docs/product.md#mail): which one (`verifyEmail`, `welcome`, `resetPassword`,
 * `passwordChanged`, `confirmEmailChange`, `projectStatus`, ...) and the address it goes to;
 * `projectId` for a project's status mail. Never its link.
 */
export interface MailJob extends JobState {
  readonly kind: 'mail';
  readonly payload: {
    readonly mail: string;
    readonly to: string;
    readonly projectId: string | null;
  };
}

/** One job of the queue as an administrator sees it: a CRM update or a mail. */
export type Job = CrmJob | MailJob;

/** `GET /admin/jobs` answer: the jobs of one state, newest first. */
export interface JobList {
  readonly items: readonly Job[];
}

/**
 * A project's location (docs/product.md#full-calculator): the address and its point in
 * degrees. `addressVerified: false` marks an address the user typed while no geocoder could
 * check it; its point is then not known (`latitude` and `longitude` null), and production
 * is estimated without the site (`estimateModel: "sun-hours"`).
 */
export interface ProjectLocation {
  readonly address: string;
  readonly latitude: number | null;
  readonly longitude: number | null;
  readonly placeId?: string;
  /** False for an address as typed, not found by a geocoder; absent otherwise. */
  readonly addressVerified?: false;
}

/** A full-calculator project (the OpenAPI document). */
export interface Project {
  readonly id: string;
  readonly userId: string;
  readonly location: ProjectLocation;
  readonly configuration: Readonly<Record<string, unknown>> | null;
  readonly isDraft: boolean;
  readonly createdAt: string;
  readonly updatedAt: string;
}

/** `GET /health` answer. */
export interface HealthResponse {
  readonly status: 'ok';
  readonly database: 'pglite' | 'postgres';
}

/**
 * The OpenID provider of external sign-in as the web shows it: `name` for "Continue with
 * {name}", `logo` 'google' for Google's mark (null: a neutral icon).
 */
export interface OidcProviderInfo {
  readonly name: string;
  readonly logo: 'google' | null;
}

/**
 * The business that issues the quotes (docs/product.md#business-identity): `name` always
 * ("Solar" unless configured); each contact line null when not configured (never invented).
 * `phone` is as the business typed it; `website` an https URL; `logoUrl` a path on the
 * server (`GET /config/logo`), null for the product's own mark.
 */
export interface BusinessInfo {
  readonly name: string;
  readonly address: string | null;
  readonly phone: string | null;
  readonly email: string | null;
  readonly website: string | null;
  readonly legal: string | null;
  readonly logoUrl: string | null;
}

/** `GET /config` answer. */
export interface ConfigResponse {
  /** The OpenID client id of external sign-in (null: off). */
  readonly googleClientId: string | null;
  /** External sign-in's provider (null: off, the web hides its button). */
  readonly oidcProvider: OidcProviderInfo | null;
  readonly aiProvider: string;
  /** Whether `GET /geo/suggest` offers address suggestions while typing (PHOTON_URL set). */
  readonly addressSuggestions: boolean;
  readonly version: string;
  /** The business's name and contacts: every page's footer, the proposal, the mails. */
  readonly business: BusinessInfo;
}

/** `POST /calculator/bill-extract` answer: amount in som, confidence 0..1. */
export interface BillExtractResponse {
  readonly amount: number | null;
  readonly currency: 'KGS';
  readonly confidence: number;
  readonly text: string;
}

/**
 * The query of `GET /calculator/production` (full calculator step 2): the site in degrees
 * (both null when it is not known: an unverified address),
 * the system's size in kW DC, its losses in %, tilt in degrees from flat and azimuth as a
 * compass bearing in degrees (180 = south).
 */
export interface ProductionQuery {
  readonly latitude: number | null;
  readonly longitude: number | null;
  readonly peakPowerKw: number;
  readonly lossPercent: number;
  readonly tilt: number;
  readonly azimuth: number;
}

/**
 * The answer of `GET /calculator/production`: monthly production from PVGIS, or, when PVGIS
 * cannot be reached, an estimate from the sun's path at the site (`source: "estimate"`,
 * `estimateModel: "clear-sky"`; docs/decisions/032-geocoding-providers-and-fallback-estimate.md).
 */
export interface ProductionEstimate {
  readonly source: 'pvgis' | 'estimate';
  /**
   * Names the estimate's model: `clear-sky` (solar geometry with a clear-sky model, a
   * climate factor and transposition onto the panels); `sun-hours` (the site is not known:
   * 4.5 sun hours a day, as the quick calculator, with the losses); null for PVGIS's figures.
   */
  readonly estimateModel: 'clear-sky' | 'sun-hours' | null;
  /** Twelve values, January first, kWh per month. */
  readonly monthlyKwh: readonly number[];
  /** kWh per year. */
  readonly yearlyKwh: number;
  /** The source's year-to-year standard deviation: kWh and % of the yearly value; null for the formula. */
  readonly uncertainty: { readonly yearlyKwh: number; readonly percent: number } | null;
  /** The query as the server read it. */
  readonly inputs: ProductionQuery;
}

/** A geocoded place (`/geo/reverse`, `/geo/search`; docs/product.md#full-calculator map selection). */
export interface GeoPlace {
  readonly address: string;
  readonly latitude: number;
  readonly longitude: number;
  readonly placeId: string;
}
