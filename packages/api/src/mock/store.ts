/**
 * The one in-memory store of the fake backend: every record (users, tokens, mail,
 * conversations, projects and their pipeline, portfolios, running chat replies), the clock
 * and the id sequence, plus the account helpers every resource uses (sign-in state,
 * permissions). Each resource file (fake-*.ts) reads and writes this store; nothing else
 * holds state.
 *
 * Ids are `00000000-0000-4000-8000-<sequence>` in creation order: the seed (seed.ts) runs
 * right after the administrator is added, so stories and screenshots see the same ids.
 */
import type {
  AuthMethod,
  BusinessInfo,
  ChatMessageDto,
  MeResponse,
  OidcProviderInfo,
  Portfolio,
  Project,
  SessionUser,
} from '@solar/domain/contract';
import type { Locale } from '@solar/domain/constants';
import { normalizeEmail } from '@solar/domain/email';
import { readTokenClaims } from '@solar/domain/jwt';
import { apiMessages } from '@solar/domain/messages';
import { permissionsFor, type PermissionFlag } from '@solar/domain/permissions';
import { userTypeToRole, type UserTypeCode } from '@solar/domain/roles';
import { ROUTES } from '@solar/domain/routes';
import type { FakeAuditRow } from './fake-audit.ts';
import type { FakeLiveReply } from './fake-chat-live.ts';
import type { FakeJob } from './fake-jobs.ts';
import type { FakePipelineRecord } from './fake-pipeline.ts';
import { fakeJwt } from './jwt.ts';
import { refuse } from './reply.ts';

/** A user record of the fake. */
export interface FakeUser {
  id: string;
  name: string;
  email: string;
  password: string | null;
  userType: UserTypeCode;
  isActive: boolean;
  emailConfirmed: boolean;
  createdAt: string;
  lastLoginAt: string | null;
  picture: string | null;
  authMethod: AuthMethod;
  pipedrivePersonId: number | null;
  /** The language of the user's mail. */
  locale: Locale;
  /** A new address waiting for its confirmation link (null when none). */
  pendingEmail: string | null;
}

/** What a mailed link of the fake is for. */
export type FakeMailPurpose = 'reset' | 'verify' | 'emailChange' | 'emailChangeCancel';

/** A conversation of the fake with its stored messages. */
export interface FakeConversation {
  id: string;
  userId: string;
  title: string;
  titleGenerated: boolean;
  status: 'active' | 'ended';
  startedAt: string;
  lastMessageAt: string;
  messages: ChatMessageDto[];
}

/** A mail the fake "sent" (the real server writes .eml files to DATA_DIR/outbox). */
export interface FakeMail {
  readonly to: string;
  readonly subject: string;
  readonly link: string;
}

/** Seed data and settings of the fake backend. */
export interface FakeBackendOptions {
  /** The first administrator (default admin@solar.local / Admin123!). */
  readonly admin?: { readonly email: string; readonly password: string; readonly name?: string };
  /** 'demo' (default): a few users of every role, conversations and a portfolio; 'empty': the admin only. */
  readonly seed?: 'demo' | 'empty';
  /** The clock, epoch ms (default Date.now); stories pass a frozen one. */
  readonly now?: () => number;
  /** Access token lifetime, seconds (default 900, as the server). */
  readonly accessTokenTtl?: number;
  /** What `GET /config` reports as the client id (default: set when `oidcProvider` is). */
  readonly googleClientId?: string | null;
  /**
   * External sign-in's provider as `GET /config` reports it (default null: off). Its fake
   * authorization code `fake:<email>` signs in (or up) the account of that email.
   */
  readonly oidcProvider?: OidcProviderInfo | null;
  /** What `GET /config` reports as `addressSuggestions` (default false: no type-ahead). */
  readonly addressSuggestions?: boolean;
  /** What `GET /config` reports as `business` (default: the name "Solar" only). */
  readonly business?: Partial<BusinessInfo>;
  /** Whether the fake reports a CRM link on admin user details (default true). */
  readonly crmConfigured?: boolean;
  /** The answer of bill extraction for a valid image (default: nothing found). */
  readonly billExtract?: { amount: number | null; confidence: number; text: string };
  /**
   * The job queue: 'none' (default) empty, as on a server whose mails and Pipedrive calls
   * all went through; 'failed': two CRM updates and two mails given up (fake-jobs.ts), for
   * the dashboard's panel.
   */
  readonly jobs?: 'none' | 'failed';
}

/** The store: records, clock, ids and the account helpers (see the module comment). */
export interface FakeStore {
  readonly options: FakeBackendOptions;
  readonly users: Map<string, FakeUser>;
  /** Access token -> user id. */
  readonly accessTokens: Map<string, string>;
  readonly refreshTokens: Map<string, { userId: string; family: string; retired: boolean }>;
  readonly mailTokens: Map<string, { userId: string; purpose: FakeMailPurpose; used: boolean }>;
  /** External sign-ins started: state -> redirect URI (single use). */
  readonly externalSignIns: Map<string, string>;
  readonly conversations: Map<string, FakeConversation>;
  /** The chat replies being generated now, by conversation id. */
  readonly liveReplies: Map<string, FakeLiveReply>;
  readonly projects: Map<string, Project>;
  /** Each project's pipeline status, dates, findings, photos and history, by project id. */
  readonly pipelines: Map<string, FakePipelineRecord>;
  /** Times (epoch ms) of each user's project writes, for the hourly limit. */
  readonly projectActions: Map<string, number[]>;
  readonly portfolios: Map<string, Portfolio>;
  readonly outbox: FakeMail[];
  /** The job queue (mail, CRM): jobs not done, failed or pending. */
  readonly jobs: FakeJob[];
  /** The audit log (fake-audit.ts), in the order recorded. */
  readonly audit: FakeAuditRow[];
  /** The clock, epoch ms. */
  now(): number;
  /** The clock as an ISO 8601 string. */
  iso(): string;
  /** The next id of the sequence. */
  newId(): string;
  /** An unguessable token (takes the next id of the sequence). */
  random(): string;
  addUser(seed: Partial<FakeUser> & Pick<FakeUser, 'name' | 'email'>): FakeUser;
  byEmail(email: string): FakeUser | undefined;
  sessionUser(user: FakeUser): SessionUser;
  meOf(user: FakeUser): MeResponse;
  /** A new access token and refresh token (of `family`, else a new one) for `user`. */
  issueTokens(
    user: FakeUser,
    family?: string,
  ): { token: string; refreshToken: string; expiresAt: string };
  /** Forgets every refresh token of the user. */
  revokeUserTokens(userId: string): void;
  /**
   * "Sends" a link of `purpose` for `user` to `to` (default the user's address; an email
   * change's confirmation goes to the new one): appends to the outbox. Earlier unused
   * links of the same purpose stop working, as on the server.
   */
  sendMail(user: FakeUser, purpose: FakeMailPurpose, to?: string): void;
  /** Spends the user's unused links of `purposes`. */
  spendMailTokens(userId: string, purposes: readonly FakeMailPurpose[]): void;
  /** The signed-in user of an Authorization header, or a 401 refusal. */
  authenticate(auth: string | null): FakeUser;
  allowed(user: FakeUser, flag: PermissionFlag): boolean;
  /** The signed-in user holding `flag`; 401 or 403 refusal otherwise. */
  requireFlag(auth: string | null, flag: PermissionFlag): FakeUser;
  /** A 409 `email_taken` refusal when another user has this email. */
  checkEmailFree(email: string, exceptId?: string): void;
}

/** The page and subject of each kind of mailed link. */
const MAILS: Record<FakeMailPurpose, { path: string; subject: string }> = {
  reset: { path: ROUTES.resetPassword, subject: 'Reset your Solar password' },
  verify: { path: ROUTES.verifyEmail, subject: 'Confirm your email for Solar' },
  emailChange: { path: ROUTES.confirmEmailChange, subject: 'Confirm your new email address' },
  emailChangeCancel: {
    path: ROUTES.cancelEmailChange,
    subject: 'A change of your account’s email was requested',
  },
};

const DEFAULT_ADMIN = { email: 'admin@solar.local', password: 'Admin123!', name: 'Administrator' };

/** The role name of a user's type code. */
export const roleOf = (user: FakeUser) => userTypeToRole(user.userType)!;

/** Creates the store holding only the first administrator (id 1 of the sequence). */
export function createStore(options: FakeBackendOptions = {}): FakeStore {
  const now = options.now ?? (() => Date.now());
  const iso = () => new Date(now()).toISOString();
  const ttl = options.accessTokenTtl ?? 900;
  let sequence = 0;
  const newId = () => {
    sequence += 1;
    const hex = sequence.toString(16).padStart(12, '0');
    return `00000000-0000-4000-8000-${hex}`;
  };
  const random = () => `${newId()}-${Math.random().toString(36).slice(2)}`;
  const users = new Map<string, FakeUser>();
  const accessTokens = new Map<string, string>();
  const refreshTokens: FakeStore['refreshTokens'] = new Map();
  const mailTokens: FakeStore['mailTokens'] = new Map();
  const outbox: FakeMail[] = [];

  const store: FakeStore = {
    options,
    users,
    accessTokens,
    refreshTokens,
    mailTokens,
    externalSignIns: new Map(),
    conversations: new Map(),
    liveReplies: new Map(),
    projects: new Map(),
    pipelines: new Map(),
    projectActions: new Map(),
    portfolios: new Map(),
    outbox,
    jobs: [],
    audit: [],
    now,
    iso,
    newId,
    random,
    addUser(seed) {
      const user: FakeUser = {
        id: newId(),
        password: null,
        userType: 4,
        isActive: true,
        emailConfirmed: false,
        createdAt: iso(),
        lastLoginAt: null,
        picture: null,
        authMethod: 'email',
        pipedrivePersonId: null,
        locale: 'en',
        pendingEmail: null,
        ...seed,
      };
      users.set(user.id, user);
      return user;
    },
    byEmail: (email) =>
      [...users.values()].find((u) => normalizeEmail(u.email) === normalizeEmail(email)),
    sessionUser: (user) => ({
      id: user.id,
      name: user.name,
      email: user.email,
      picture: user.picture,
      role: roleOf(user),
      authMethod: user.authMethod,
    }),
    meOf: (user) => ({
      ...store.sessionUser(user),
      emailConfirmed: user.emailConfirmed,
      createdAt: user.createdAt,
      locale: user.locale,
      pendingEmail: user.pendingEmail,
    }),
    issueTokens(user, family = random()) {
      const issuedAt = Math.floor(now() / 1000);
      const exp = issuedAt + ttl;
      const claims = { sub: user.id, email: user.email, name: user.name, picture: user.picture };
      const token = fakeJwt({ ...claims, role: roleOf(user), iat: issuedAt, exp }, random());
      accessTokens.set(token, user.id);
      const refreshToken = random();
      refreshTokens.set(refreshToken, { userId: user.id, family, retired: false });
      return { token, refreshToken, expiresAt: new Date(exp * 1000).toISOString() };
    },
    revokeUserTokens(userId) {
      for (const [token, record] of refreshTokens)
        if (record.userId === userId) refreshTokens.delete(token);
    },
    sendMail(user, purpose, to = user.email) {
      store.spendMailTokens(user.id, [purpose]);
      const token = random();
      mailTokens.set(token, { userId: user.id, purpose, used: false });
      outbox.push({
        to,
        ...MAILS[purpose],
        link: `http://localhost${MAILS[purpose].path}?token=${token}`,
      });
    },
    spendMailTokens(userId, purposes) {
      for (const record of mailTokens.values())
        if (record.userId === userId && purposes.includes(record.purpose)) record.used = true;
    },
    authenticate(auth) {
      const token = /^Bearer\s+(.+)$/i.exec(auth ?? '')?.[1];
      if (!token) refuse(401, 'unauthenticated');
      const userId = accessTokens.get(token);
      const claims = readTokenClaims(token);
      if (!userId || !claims?.exp) refuse(401, 'unauthenticated');
      if (claims.exp * 1000 <= now()) refuse(401, 'token_expired');
      const user = users.get(userId);
      if (!user) refuse(401, 'unauthenticated');
      // As the server: a deactivated account's token is refused as such.
      if (!user.isActive)
        refuse(401, 'account_inactive', apiMessages.accountInactive.defaultMessage);
      return user;
    },
    allowed: (user, flag) => permissionsFor(roleOf(user))[flag],
    requireFlag(auth, flag) {
      const user = store.authenticate(auth);
      if (!store.allowed(user, flag)) refuse(403, 'forbidden');
      return user;
    },
    checkEmailFree(email, exceptId) {
      const other = store.byEmail(email);
      if (other && other.id !== exceptId) refuse(409, 'email_taken');
    },
  };

  const admin = { ...DEFAULT_ADMIN, ...options.admin };
  store.addUser({
    name: admin.name ?? DEFAULT_ADMIN.name,
    email: admin.email,
    password: admin.password,
    userType: 0,
    emailConfirmed: true,
    createdAt: new Date(now() - 90 * 86_400_000).toISOString(),
  });
  return store;
}
