/**
 * The in-memory fake backend: the same contract as the real server (API-CONTRACT.md), kept
 * in memory, for Storybook, component tests and the web's route tests. It validates with
 * the domain's zod schemas and answers with the domain's error bodies, so its answers have
 * the server's shapes; the contract suite (src/contract) runs against both to prove it.
 *
 * Pure TypeScript (browser and Node): no MSW here; handlers.ts maps HTTP onto it.
 * Never imported by the package root: production code cannot reach it.
 */
import { emptyPortfolio, mergePortfolio } from '@solar/domain/chat';
import type {
  AdminUserDetail,
  AdminUserListItem,
  ApiErrorBody,
  ApiErrorCode,
  AuthMethod,
  ChatMessageDto,
  ConversationDetail,
  ConversationSummary,
  ExtractedData,
  MeResponse,
  Portfolio,
  Project,
  SessionUser,
  StreamChunk,
} from '@solar/domain/contract';
import {
  adminCreateUserRequestSchema,
  adminUpdateUserRequestSchema,
  adminUserListQuerySchema,
  chatStreamRequestSchema,
  conversationsQuerySchema,
  forgotPasswordRequestSchema,
  geoReverseQuerySchema,
  geoSearchQuerySchema,
  googleSignInRequestSchema,
  profileUpdateRequestSchema,
  projectCreateRequestSchema,
  projectsQuerySchema,
  projectUpdateRequestSchema,
  refreshRequestSchema,
  resetPasswordRequestSchema,
  signInRequestSchema,
  signOutRequestSchema,
  signUpRequestSchema,
  titleUpdateRequestSchema,
  verifyEmailRequestSchema,
  changePasswordRequestSchema,
} from '@solar/domain/requests';
import { errorBody, validationErrorBody, type IssueLike } from '@solar/domain/errors';
import { readTokenClaims } from '@solar/domain/jwt';
import {
  apiMessages,
  authMessages,
  calculatorMessages,
  chatMessages,
  mapMessages,
  validationMessages,
} from '@solar/domain/messages';
import { normalizeEmail } from '@solar/domain/email';
import { toPage } from '@solar/domain/paging';
import { permissionsFor, type PermissionFlag } from '@solar/domain/permissions';
import { userTypeToName, userTypeToRole, type UserTypeCode } from '@solar/domain/roles';
import { extractSolarFacts } from '@solar/domain/solar-facts';
import { detectImageType, BILL_IMAGE_MAX_BYTES } from '@solar/domain/validation';
import { fakeJwt } from './jwt.ts';

/** A JSON answer of the fake: status, body (undefined for 204) and extra headers. */
export interface FakeReply {
  readonly status: number;
  readonly body?: unknown;
  readonly headers?: Readonly<Record<string, string>>;
}

/** One SSE event of a streamed reply. */
export interface FakeStreamEvent {
  readonly event?: string;
  readonly data: StreamChunk;
}

/** A streamed chat reply: events to send one by one, and what to store when cut short. */
export interface FakeStream {
  readonly kind: 'stream';
  readonly events: readonly FakeStreamEvent[];
  /** Call when the client went away after `sent` events: stores the partial reply. */
  interrupted(sent: number): void;
  /** Call when every event was sent. */
  finished(): void;
}

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
}

interface FakeConversation {
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

/** Seed data and settings of {@link createFakeBackend}. */
export interface FakeBackendOptions {
  /** The first administrator (default admin@solar.local / Admin123!). */
  readonly admin?: { readonly email: string; readonly password: string; readonly name?: string };
  /** 'demo' (default): a few users of every role, conversations and a portfolio; 'empty': the admin only. */
  readonly seed?: 'demo' | 'empty';
  /** The clock, epoch ms (default Date.now); stories pass a frozen one. */
  readonly now?: () => number;
  /** Access token lifetime, seconds (default 900, as the server). */
  readonly accessTokenTtl?: number;
  /** What `GET /config` reports as the Google client id (default null: Google sign-in off). */
  readonly googleClientId?: string | null;
  /** The answer of bill extraction for a valid image (default: nothing found). */
  readonly billExtract?: { amount: number | null; confidence: number; text: string };
}

const DEFAULT_ADMIN = { email: 'admin@solar.local', password: 'Admin123!', name: 'Administrator' };
const RATE_LIMIT_PER_HOUR = 100;

/** The part of a zod schema the fake uses (structural, so no zod import is needed). */
interface Schema<T> {
  safeParse(
    input: unknown,
  ): { success: true; data: T } | { success: false; error: { issues: readonly IssueLike[] } };
}

/** An error reply with the contract's body. */
export function errorReply(status: number, code: ApiErrorCode, message?: string): FakeReply {
  return { status, body: errorBody(code, message) };
}

const ok = (body: unknown, status = 200): FakeReply => ({ status, body });
const noContent: FakeReply = { status: 204 };

/** Thrown inside the fake to answer early with an error reply. */
class Refusal {
  readonly reply: FakeReply;
  constructor(reply: FakeReply) {
    this.reply = reply;
  }
}

function refuse(status: number, code: ApiErrorCode, message?: string): never {
  throw new Refusal(errorReply(status, code, message));
}

function parse<T>(schema: Schema<T>, input: unknown): T {
  const result = schema.safeParse(input);
  if (!result.success) {
    throw new Refusal({
      status: 400,
      body: validationErrorBody(result.error.issues) satisfies ApiErrorBody,
    });
  }
  return result.data;
}

/** Runs a fake operation, turning a refusal into its error reply. */
function attempt<T>(work: () => T): T | FakeReply {
  try {
    return work();
  } catch (error) {
    if (error instanceof Refusal) return error.reply;
    throw error;
  }
}

/** The in-memory backend. Every method is one contract row; `auth` is the Authorization header. */
export interface FakeBackend {
  readonly users: Map<string, FakeUser>;
  readonly outbox: FakeMail[];
  health(): FakeReply;
  config(): FakeReply;
  signUp(body: unknown): FakeReply;
  signIn(body: unknown): FakeReply;
  googleSignIn(body: unknown): FakeReply;
  refresh(body: unknown): FakeReply;
  signOut(body: unknown): FakeReply;
  me(auth: string | null): FakeReply;
  updateMe(auth: string | null, body: unknown): FakeReply;
  forgotPassword(body: unknown): FakeReply;
  resetPassword(body: unknown): FakeReply;
  verifyEmail(body: unknown): FakeReply;
  changePassword(auth: string | null, body: unknown): FakeReply;
  resendVerification(auth: string | null): FakeReply;
  listUsers(auth: string | null, query: Record<string, string>): FakeReply;
  getUser(auth: string | null, id: string): FakeReply;
  createUser(auth: string | null, body: unknown): FakeReply;
  updateUser(auth: string | null, id: string, body: unknown): FakeReply;
  chatStream(auth: string | null, body: unknown): FakeReply | FakeStream;
  history(auth: string | null, id: string): FakeReply;
  endConversation(auth: string | null, id: string): FakeReply;
  conversations(auth: string | null, query: Record<string, string>): FakeReply;
  renameConversation(auth: string | null, id: string, body: unknown): FakeReply;
  portfolio(auth: string | null): FakeReply;
  listProjects(auth: string | null, query: Record<string, string>): FakeReply;
  createProject(auth: string | null, body: unknown): FakeReply;
  getProject(auth: string | null, id: string): FakeReply;
  updateProject(auth: string | null, id: string, body: unknown): FakeReply;
  deleteProject(auth: string | null, id: string): FakeReply;
  billExtract(file: { bytes: Uint8Array; size: number } | null): FakeReply;
  geoReverse(query: Record<string, string>): FakeReply;
  geoSearch(query: Record<string, string>): FakeReply;
}

/** Creates a fake backend with its seed data. */
export function createFakeBackend(options: FakeBackendOptions = {}): FakeBackend {
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
  const accessTokens = new Map<string, string>(); // token -> user id
  const refreshTokens = new Map<string, { userId: string; family: string; retired: boolean }>();
  const mailTokens = new Map<
    string,
    { userId: string; purpose: 'reset' | 'verify'; used: boolean }
  >();
  const conversations = new Map<string, FakeConversation>();
  const projects = new Map<string, Project>();
  const projectActions = new Map<string, number[]>();
  const portfolios = new Map<string, Portfolio>();
  const outbox: FakeMail[] = [];

  function addUser(seed: Partial<FakeUser> & Pick<FakeUser, 'name' | 'email'>): FakeUser {
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
      ...seed,
    };
    users.set(user.id, user);
    return user;
  }

  const admin = { ...DEFAULT_ADMIN, ...options.admin };
  addUser({
    name: admin.name ?? DEFAULT_ADMIN.name,
    email: admin.email,
    password: admin.password,
    userType: 0,
    emailConfirmed: true,
    createdAt: new Date(now() - 90 * 86_400_000).toISOString(),
  });

  const byEmail = (email: string) =>
    [...users.values()].find((u) => normalizeEmail(u.email) === normalizeEmail(email));
  const roleOf = (user: FakeUser) => userTypeToRole(user.userType)!;
  const sessionUser = (user: FakeUser): SessionUser => ({
    id: user.id,
    name: user.name,
    email: user.email,
    picture: user.picture,
    role: roleOf(user),
    authMethod: user.authMethod,
  });
  const meOf = (user: FakeUser): MeResponse => ({
    ...sessionUser(user),
    emailConfirmed: user.emailConfirmed,
    createdAt: user.createdAt,
  });
  const detailOf = (user: FakeUser): AdminUserDetail => ({
    id: user.id,
    user: {
      name: user.name,
      email: user.email,
      emailVerified: user.emailConfirmed,
      picture: user.picture,
    },
    userType: userTypeToName(user.userType)!,
    isActive: user.isActive,
    createdAt: user.createdAt,
    lastLoginAt: user.lastLoginAt,
    pipedrivePersonId: user.pipedrivePersonId,
  });
  const listItemOf = (user: FakeUser): AdminUserListItem => ({
    id: user.id,
    name: user.name,
    email: user.email,
    userType: user.userType,
    isActive: user.isActive,
    emailConfirmed: user.emailConfirmed,
    createdAt: user.createdAt,
    lastLoginAt: user.lastLoginAt,
  });

  function issueTokens(user: FakeUser, family = random()) {
    const issuedAt = Math.floor(now() / 1000);
    const exp = issuedAt + ttl;
    const token = fakeJwt(
      {
        sub: user.id,
        email: user.email,
        name: user.name,
        picture: user.picture,
        role: roleOf(user),
        iat: issuedAt,
        exp,
      },
      random(),
    );
    accessTokens.set(token, user.id);
    const refreshToken = random();
    refreshTokens.set(refreshToken, { userId: user.id, family, retired: false });
    return { token, refreshToken, expiresAt: new Date(exp * 1000).toISOString() };
  }

  function revokeUserTokens(userId: string) {
    for (const [token, record] of refreshTokens)
      if (record.userId === userId) refreshTokens.delete(token);
  }

  function sendMail(user: FakeUser, purpose: 'reset' | 'verify') {
    const token = random();
    mailTokens.set(token, { userId: user.id, purpose, used: false });
    const path = purpose === 'reset' ? 'reset-password' : 'verify-email';
    outbox.push({
      to: user.email,
      subject: purpose === 'reset' ? 'Reset your Solar password' : 'Confirm your email for Solar',
      link: `http://localhost/${path}?token=${token}`,
    });
  }

  /** The signed-in user of an Authorization header, or a 401 refusal. */
  function authenticate(auth: string | null): FakeUser {
    const token = /^Bearer\s+(.+)$/i.exec(auth ?? '')?.[1];
    if (!token) refuse(401, 'unauthenticated');
    const userId = accessTokens.get(token);
    const claims = readTokenClaims(token);
    if (!userId || !claims?.exp) refuse(401, 'unauthenticated');
    if (claims.exp * 1000 <= now()) refuse(401, 'token_expired');
    const user = users.get(userId);
    if (!user) refuse(401, 'unauthenticated');
    // As the server: a deactivated account's token is refused as such.
    if (!user.isActive) refuse(401, 'account_inactive', apiMessages.accountInactive.defaultMessage);
    return user;
  }

  function allowed(user: FakeUser, flag: PermissionFlag): boolean {
    return permissionsFor(roleOf(user))[flag];
  }

  function requireFlag(auth: string | null, flag: PermissionFlag): FakeUser {
    const user = authenticate(auth);
    if (!allowed(user, flag)) refuse(403, 'forbidden');
    return user;
  }

  function checkEmailFree(email: string, exceptId?: string) {
    const other = byEmail(email);
    if (other && other.id !== exceptId) refuse(409, 'email_taken');
  }

  // ---- chat ----
  const ownConversation = (user: FakeUser, id: string) => {
    const conversation = conversations.get(id);
    if (!conversation || conversation.userId !== user.id)
      refuse(404, 'not_found', 'Conversation not found');
    return conversation;
  };
  const summaryOf = (c: FakeConversation): ConversationSummary => ({
    id: c.id,
    title: c.title,
    messageCount: c.messages.length,
    lastMessageAt: c.lastMessageAt,
    titleGenerated: c.titleGenerated,
  });
  const titleFrom = (message: string) => {
    const words = message.trim().replace(/\s+/g, ' ');
    return words.length <= 50 ? words : `${words.slice(0, 47).trimEnd()}...`;
  };
  function replyTo(message: string, facts: ExtractedData, botType: 0 | 1): string {
    const known = Object.entries(facts)
      .map(([key, value]) => `${key} ${String(value)}`)
      .join(', ');
    const intro =
      botType === 1
        ? 'As your sales specialist, I can prepare a quote for you.'
        : 'Thanks for your message about solar energy.';
    const noted = known ? ` I noted: ${known}.` : '';
    const ask =
      facts.monthlyKwh === undefined
        ? ' How many kWh do you use per month?'
        : ' What kind of roof do you have?';
    return `${intro}${noted}${ask} (${message.length} characters received)`;
  }
  function addMessage(c: FakeConversation, message: Omit<ChatMessageDto, 'id' | 'createdAt'>) {
    c.messages.push({ id: newId(), createdAt: iso(), ...message });
    c.lastMessageAt = iso();
  }

  // ---- projects ----
  function countProjectAction(user: FakeUser) {
    const windowStart = now() - 3_600_000;
    const recent = (projectActions.get(user.id) ?? []).filter((t) => t > windowStart);
    if (recent.length >= RATE_LIMIT_PER_HOUR) {
      throw new Refusal({
        status: 429,
        body: errorBody(
          'rate_limited',
          calculatorMessages.rateLimitExceeded.defaultMessage.replace(
            '{max}',
            String(RATE_LIMIT_PER_HOUR),
          ),
        ),
        headers: { 'Retry-After': String(Math.ceil((recent[0]! + 3_600_000 - now()) / 1000)) },
      });
    }
    recent.push(now());
    projectActions.set(user.id, recent);
  }
  function readableProject(user: FakeUser, id: string) {
    const project = projects.get(id);
    if (!project || (project.userId !== user.id && !allowed(user, 'canViewAllProjects')))
      refuse(404, 'not_found');
    return project;
  }

  function seedDemo() {
    const day = 86_400_000;
    const people: [string, string, UserTypeCode, boolean, boolean][] = [
      ['Aigerim Bekova', 'aigerim@example.com', 1, true, true],
      ['Bakyt Osmonov', 'bakyt@example.com', 2, true, true],
      ['Chynara Alieva', 'chynara@example.com', 3, true, false],
      ['Daniyar Sadykov', 'daniyar@example.com', 4, true, true],
      ['Elnura Toktogulova', 'elnura@example.com', 5, false, true],
      ['Farida Usenova', 'farida@example.com', 6, true, false],
      ['Gulnara Mamytova', 'gulnara@example.com', 4, true, false],
      ['Ilyas Kadyrov', 'ilyas@example.com', 4, true, true],
      ['Jyldyz Asanova', 'jyldyz@example.com', 5, true, true],
      ['Kanat Zhumabaev', 'kanat@example.com', 2, true, true],
      ['Lira Abdyldaeva', 'lira@example.com', 4, true, false],
      ['Maksat Ibraimov', 'maksat@example.com', 1, true, true],
    ];
    people.forEach(([name, email, userType, isActive, emailConfirmed], index) => {
      addUser({
        name,
        email,
        password: 'Password1',
        userType,
        isActive,
        emailConfirmed,
        createdAt: new Date(now() - (60 - index * 4) * day).toISOString(),
        lastLoginAt: index % 3 === 0 ? null : new Date(now() - index * day).toISOString(),
      });
    });
    const client = byEmail('daniyar@example.com')!;
    const first: FakeConversation = {
      id: newId(),
      userId: client.id,
      title: 'Solar panels for my house',
      titleGenerated: true,
      status: 'active',
      startedAt: new Date(now() - 2 * day).toISOString(),
      lastMessageAt: new Date(now() - 2 * day).toISOString(),
      messages: [],
    };
    conversations.set(first.id, first);
    const text = 'We use 450 kWh per month and pay 670 som. I live in Bishkek.';
    const facts = extractSolarFacts(text);
    addMessage(first, {
      role: 'user',
      content: text,
      botType: 0,
      extractedDataJson: null,
      interrupted: false,
    });
    addMessage(first, {
      role: 'assistant',
      content: replyTo(text, facts, 0),
      botType: 0,
      extractedDataJson: JSON.stringify(facts),
      interrupted: false,
    });
    portfolios.set(client.id, mergePortfolio(emptyPortfolio(), facts, iso(), first));
  }
  if ((options.seed ?? 'demo') === 'demo') seedDemo();

  const reply = (work: () => FakeReply) => attempt(work) as FakeReply;

  return {
    users,
    outbox,
    health: () => ok({ status: 'ok', database: 'pglite' }),
    config: () =>
      ok({
        googleClientId: options.googleClientId ?? null,
        aiProvider: 'offline',
        version: '0.0.0-fake',
      }),

    signUp: (body) =>
      reply(() => {
        const input = parse(signUpRequestSchema, body);
        checkEmailFree(input.email);
        const user = addUser({
          name: input.name,
          email: input.email,
          password: input.password,
          lastLoginAt: iso(),
        });
        sendMail(user, 'verify');
        return ok({ ...issueTokens(user), user: sessionUser(user) }, 201);
      }),
    signIn: (body) =>
      reply(() => {
        const input = parse(signInRequestSchema, body);
        const user = byEmail(input.email);
        if (!user || user.password === null || user.password !== input.password) {
          refuse(401, 'invalid_credentials', authMessages.loginFailed.defaultMessage);
        }
        if (!user.isActive) refuse(403, 'account_inactive');
        user.lastLoginAt = iso();
        return ok({ ...issueTokens(user), user: sessionUser(user) });
      }),
    googleSignIn: (body) =>
      reply(() => {
        parse(googleSignInRequestSchema, body);
        if (!options.googleClientId)
          refuse(503, 'service_unavailable', 'Google sign-in is not configured.');
        refuse(401, 'invalid_credentials', authMessages.googleLoginFailed.defaultMessage);
      }),
    refresh: (body) =>
      reply(() => {
        const { refreshToken } = parse(refreshRequestSchema, body);
        const record = refreshTokens.get(refreshToken);
        if (!record) refuse(401, 'unauthenticated', authMessages.refreshFailed.defaultMessage);
        if (record.retired) {
          for (const [token, other] of refreshTokens)
            if (other.family === record.family) refreshTokens.delete(token);
          refuse(401, 'unauthenticated', authMessages.refreshFailed.defaultMessage);
        }
        const user = users.get(record.userId);
        if (!user?.isActive)
          refuse(401, 'unauthenticated', authMessages.refreshFailed.defaultMessage);
        record.retired = true;
        const { token, refreshToken: next, expiresAt } = issueTokens(user, record.family);
        return ok({ token, refreshToken: next, expiresAt });
      }),
    signOut: (body) =>
      reply(() => {
        const { refreshToken } = parse(signOutRequestSchema, body);
        const record = refreshTokens.get(refreshToken);
        if (record)
          for (const [token, other] of refreshTokens)
            if (other.family === record.family) refreshTokens.delete(token);
        return noContent;
      }),
    me: (auth) => reply(() => ok(meOf(authenticate(auth)))),
    updateMe: (auth, body) =>
      reply(() => {
        const user = authenticate(auth);
        const input = parse(profileUpdateRequestSchema, body);
        if (user.authMethod === 'google')
          refuse(403, 'forbidden', authMessages.googleProfileLocked.defaultMessage);
        const email = normalizeEmail(input.email);
        if (email !== normalizeEmail(user.email)) {
          // As the server: an email change needs the current password (issue 25 item 4).
          const problem = !input.currentPassword
            ? validationMessages.currentPasswordRequired
            : input.currentPassword !== user.password
              ? validationMessages.currentPasswordWrong
              : undefined;
          if (problem) {
            throw new Refusal({
              status: 400,
              body: errorBody('validation_failed', problem.defaultMessage, {
                currentPassword: problem.defaultMessage,
              }),
            });
          }
          checkEmailFree(email, user.id);
          user.emailConfirmed = false;
        }
        const moved = email !== normalizeEmail(user.email);
        user.name = input.name;
        user.email = email;
        if (moved) sendMail(user, 'verify');
        return ok(meOf(user));
      }),
    forgotPassword: (body) =>
      reply(() => {
        const { email } = parse(forgotPasswordRequestSchema, body);
        const user = byEmail(email);
        if (user?.isActive) sendMail(user, 'reset');
        return ok(
          { message: 'If an account exists for this email, a reset link has been sent.' },
          202,
        );
      }),
    resetPassword: (body) =>
      reply(() => {
        const input = parse(resetPasswordRequestSchema, body);
        const record = mailTokens.get(input.token);
        if (!record || record.used || record.purpose !== 'reset') refuse(400, 'invalid_token');
        record.used = true;
        const user = users.get(record.userId)!;
        user.password = input.password;
        revokeUserTokens(user.id);
        return noContent;
      }),
    changePassword: (auth, body) =>
      reply(() => {
        const user = authenticate(auth);
        const input = parse(changePasswordRequestSchema, body);
        if (input.currentPassword !== user.password) {
          const problem = validationMessages.currentPasswordWrong.defaultMessage;
          throw new Refusal({
            status: 400,
            body: errorBody('validation_failed', problem, { currentPassword: problem }),
          });
        }
        user.password = input.password;
        const kept = input.refreshToken ? refreshTokens.get(input.refreshToken) : undefined;
        for (const [token, record] of refreshTokens)
          if (record.userId === user.id && record.family !== kept?.family)
            refreshTokens.delete(token);
        return noContent;
      }),
    resendVerification: (auth) =>
      reply(() => {
        const user = authenticate(auth);
        if (user.emailConfirmed) refuse(409, 'already_confirmed');
        sendMail(user, 'verify');
        return ok({ message: 'We have sent a new confirmation link to your email.' }, 202);
      }),
    verifyEmail: (body) =>
      reply(() => {
        const { token } = parse(verifyEmailRequestSchema, body);
        const record = mailTokens.get(token);
        if (!record || record.purpose !== 'verify') refuse(400, 'invalid_token');
        if (record.used) {
          // A link clicked twice: say so while the address it confirmed still is.
          if (users.get(record.userId)?.emailConfirmed) refuse(409, 'already_confirmed');
          refuse(400, 'invalid_token');
        }
        record.used = true;
        users.get(record.userId)!.emailConfirmed = true;
        return noContent;
      }),

    listUsers: (auth, query) =>
      reply(() => {
        requireFlag(auth, 'canManageUsers');
        const q = parse(adminUserListQuerySchema, query);
        const search = q.searchTerm?.toLowerCase();
        const rows = [...users.values()].filter(
          (u) =>
            (!search ||
              u.name.toLowerCase().includes(search) ||
              u.email.toLowerCase().includes(search)) &&
            (q.userType === undefined || u.userType === q.userType) &&
            (q.isEmailConfirmed === undefined || u.emailConfirmed === q.isEmailConfirmed),
        );
        const key = q.sortBy;
        const value = (u: FakeUser): string | number => {
          const v = key === 'lastLoginAt' ? u.lastLoginAt : u[key];
          if (v === null) return '';
          if (typeof v === 'boolean') return v ? 1 : 0;
          return typeof v === 'string' && key !== 'createdAt' ? v.toLowerCase() : v;
        };
        rows.sort((a, b) => {
          const x = value(a);
          const y = value(b);
          const order = x < y ? -1 : x > y ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
          return q.descending ? -order : order;
        });
        const start = (q.pageNumber - 1) * q.pageSize;
        return ok(
          toPage(
            rows.slice(start, start + q.pageSize).map(listItemOf),
            rows.length,
            q.pageNumber,
            q.pageSize,
          ),
        );
      }),
    getUser: (auth, id) =>
      reply(() => {
        requireFlag(auth, 'canManageUsers');
        const user = users.get(id);
        if (!user) refuse(404, 'not_found', 'User not found');
        return ok(detailOf(user));
      }),
    createUser: (auth, body) =>
      reply(() => {
        requireFlag(auth, 'canManageUsers');
        const input = parse(adminCreateUserRequestSchema, body);
        checkEmailFree(input.email);
        const user = addUser({
          name: input.name,
          email: input.email,
          password: input.password,
          userType: input.userType,
          emailConfirmed: input.emailConfirmed,
        });
        return ok({ ...detailOf(user), userType: user.userType }, 201);
      }),
    updateUser: (auth, id, body) =>
      reply(() => {
        const actor = requireFlag(auth, 'canManageUsers');
        const input = parse(adminUpdateUserRequestSchema, body);
        const user = users.get(id);
        if (!user) refuse(404, 'not_found', 'User not found');
        if (user.id === actor.id && (!input.isActive || input.userType !== 0)) {
          refuse(409, 'own_account', apiMessages.ownAccount.defaultMessage);
        }
        checkEmailFree(input.email, user.id);
        Object.assign(user, {
          name: input.name,
          email: input.email,
          userType: input.userType,
          emailConfirmed: input.emailConfirmed,
          isActive: input.isActive,
        });
        if (!user.isActive) revokeUserTokens(user.id);
        return ok(detailOf(user));
      }),

    chatStream(auth, body) {
      return attempt((): FakeStream => {
        const user = authenticate(auth);
        const input = parse(chatStreamRequestSchema, body);
        const botType = input.context?.botType ?? 0;
        let conversation: FakeConversation;
        if (input.conversationId) {
          conversation = ownConversation(user, input.conversationId);
          if (conversation.status === 'ended')
            refuse(409, 'conflict', 'This conversation has ended.');
        } else {
          conversation = {
            id: newId(),
            userId: user.id,
            title: titleFrom(input.message),
            titleGenerated: true,
            status: 'active',
            startedAt: iso(),
            lastMessageAt: iso(),
            messages: [],
          };
          conversations.set(conversation.id, conversation);
        }
        addMessage(conversation, {
          role: 'user',
          content: input.message,
          botType,
          extractedDataJson: null,
          interrupted: false,
        });
        const facts = extractSolarFacts(input.message);
        const hasFacts = Object.keys(facts).length > 0;
        const text = replyTo(input.message, facts, botType);
        const pieces = text.match(/\S+\s*/g) ?? [text];
        const base = {
          conversationId: conversation.id,
          botType,
          isComplete: false,
          isError: false,
        } as const;
        const events: FakeStreamEvent[] = pieces.map((piece) => ({
          data: { ...base, textDelta: piece },
        }));
        events.push({
          event: 'complete',
          data: {
            ...base,
            textDelta: '',
            isComplete: true,
            completeMessage: text,
            extractedData: hasFacts ? facts : null,
          },
        });
        const c = conversation;
        return {
          kind: 'stream',
          events,
          interrupted(sent) {
            const partial = pieces.slice(0, Math.min(sent, pieces.length)).join('');
            addMessage(c, {
              role: 'assistant',
              content: partial,
              botType,
              extractedDataJson: null,
              interrupted: true,
            });
          },
          finished() {
            addMessage(c, {
              role: 'assistant',
              content: text,
              botType,
              extractedDataJson: hasFacts ? JSON.stringify(facts) : null,
              interrupted: false,
            });
            if (hasFacts)
              portfolios.set(
                user.id,
                mergePortfolio(
                  portfolios.get(user.id) ?? emptyPortfolio(),
                  facts,
                  iso(),
                  conversation,
                ),
              );
          },
        };
      });
    },
    history: (auth, id) =>
      reply(() => {
        const c = ownConversation(authenticate(auth), id);
        const detail: ConversationDetail = {
          conversationId: c.id,
          title: c.title,
          startedAt: c.startedAt,
          status: c.status,
          messages: c.messages,
        };
        return ok(detail);
      }),
    endConversation: (auth, id) =>
      reply(() => {
        const c = ownConversation(authenticate(auth), id);
        c.status = 'ended';
        return ok({ conversationId: c.id, status: 'ended' });
      }),
    conversations: (auth, query) =>
      reply(() => {
        const user = authenticate(auth);
        const q = parse(conversationsQuerySchema, query);
        const own = [...conversations.values()]
          .filter((c) => c.userId === user.id)
          .sort((a, b) =>
            a.lastMessageAt < b.lastMessageAt
              ? 1
              : a.lastMessageAt > b.lastMessageAt
                ? -1
                : a.id < b.id
                  ? 1
                  : -1,
          );
        const start = (q.page - 1) * q.pageSize;
        return ok({
          conversations: own.slice(start, start + q.pageSize).map(summaryOf),
          page: q.page,
          totalPages: Math.ceil(own.length / q.pageSize),
        });
      }),
    renameConversation: (auth, id, body) =>
      reply(() => {
        const user = authenticate(auth);
        const { title } = parse(titleUpdateRequestSchema, body);
        const c = ownConversation(user, id);
        c.title = title;
        c.titleGenerated = false;
        return ok({ success: true, title });
      }),
    portfolio: (auth) => reply(() => ok(portfolios.get(authenticate(auth).id) ?? emptyPortfolio())),

    listProjects: (auth, query) =>
      reply(() => {
        const user = authenticate(auth);
        const { scope } = parse(projectsQuerySchema, query);
        if (scope === 'all' && !allowed(user, 'canViewAllProjects')) refuse(403, 'forbidden');
        return ok([...projects.values()].filter((p) => scope === 'all' || p.userId === user.id));
      }),
    createProject: (auth, body) =>
      reply(() => {
        const user = authenticate(auth);
        const input = parse(projectCreateRequestSchema, body);
        countProjectAction(user);
        const project: Project = {
          id: newId(),
          userId: user.id,
          location: input.location,
          configuration: input.configuration,
          isDraft: input.isDraft,
          createdAt: iso(),
          updatedAt: iso(),
        };
        projects.set(project.id, project);
        return ok(project, 201);
      }),
    getProject: (auth, id) =>
      reply(() => {
        const user = authenticate(auth);
        // Reading is not a project action (issue 25, item 12).
        return ok(readableProject(user, id));
      }),
    updateProject: (auth, id, body) =>
      reply(() => {
        const user = authenticate(auth);
        const input = parse(projectUpdateRequestSchema, body);
        const project = readableProject(user, id);
        if (project.userId !== user.id && !allowed(user, 'canEditProjects'))
          refuse(403, 'forbidden');
        countProjectAction(user);
        const next: Project = {
          ...project,
          ...(input.location ? { location: input.location } : {}),
          ...(input.configuration === undefined ? {} : { configuration: input.configuration }),
          ...(input.isDraft === undefined ? {} : { isDraft: input.isDraft }),
          updatedAt: iso(),
        };
        projects.set(id, next);
        return ok(next);
      }),
    deleteProject: (auth, id) =>
      reply(() => {
        const user = authenticate(auth);
        const project = readableProject(user, id);
        if (project.userId !== user.id && !allowed(user, 'canDeleteProjects'))
          refuse(403, 'forbidden');
        countProjectAction(user);
        projects.delete(id);
        return noContent;
      }),

    billExtract: (file) =>
      reply(() => {
        if (!file) refuse(400, 'validation_failed', 'A file is required in the field "file".');
        if (file.size > BILL_IMAGE_MAX_BYTES)
          refuse(413, 'payload_too_large', 'File size must be less than 10MB');
        if (!detectImageType(file.bytes)) {
          refuse(
            415,
            'unsupported_media_type',
            'Please upload a valid image file (JPEG, PNG, or WebP)',
          );
        }
        const result = options.billExtract ?? { amount: null, confidence: 0, text: '' };
        return ok({ ...result, currency: 'KGS' });
      }),
    geoReverse: (query) =>
      reply(() => {
        const { lat, lon } = parse(geoReverseQuerySchema, query);
        return ok({
          address: `Chui Avenue 1, Bishkek (${lat.toFixed(4)}, ${lon.toFixed(4)})`,
          latitude: lat,
          longitude: lon,
          placeId: `fake:${lat.toFixed(5)},${lon.toFixed(5)}`,
        });
      }),
    geoSearch: (query) =>
      reply(() => {
        const { q } = parse(geoSearchQuerySchema, query);
        return ok([
          {
            address: `${q}, Bishkek, Kyrgyzstan`,
            latitude: 42.8746,
            longitude: 74.5698,
            placeId: 'fake:bishkek',
          },
          {
            address: `${q}, Osh, Kyrgyzstan`,
            latitude: 40.5283,
            longitude: 72.7985,
            placeId: 'fake:osh',
          },
        ]);
      }),
  };
}

/** The error message the fake's geo handlers answer when the provider is "down". */
export const GEO_FAILURE_MESSAGE = mapMessages.reverseGeocodeFailed.defaultMessage;
/** The chat error chunk text the fake sends when a scenario breaks a stream mid-way. */
export const STREAM_ERROR_TEXT = chatMessages.genericError.defaultMessage;
