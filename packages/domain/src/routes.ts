/**
 * Route and navigation policy (docs/product.md#roles-and-permissions): which screen a path is, who
 * may open it, where others are sent, and which nav links and dashboard cards a session sees.
 * Every decision goes through {@link can} / {@link isSignedIn}. `nowMs` is epoch ms.
 */
import { navMessages, pageTitleMessages, type MessageDescriptor } from './messages.ts';
import { can, isSignedIn, type PermissionFlag, type SessionLike } from './permissions.ts';

/** The fixed paths of the app (docs/product.md#roles-and-permissions). */
export const ROUTES = {
  root: '/',
  signIn: '/signin',
  signUp: '/signup',
  /**
   * Where the OpenID provider sends the browser back with the authorization code
   * (external sign-in; docs/decisions/030-external-identity-linking.md).
   */
  signInCallback: '/signin/callback',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  /** The link in the verification mail (`POST /auth/email/verify` in the OpenAPI document). */
  verifyEmail: '/verify-email',
  /** The link mailed to a new address (`POST /auth/email/change/confirm`). */
  confirmEmailChange: '/confirm-email-change',
  /** The link mailed to the old address to cancel a change (`POST /auth/email/change/cancel`). */
  cancelEmailChange: '/cancel-email-change',
  /** Terms and privacy pages linked from sign-up (docs/product.md#roles-and-permissions). */
  terms: '/terms',
  privacy: '/privacy',
  dashboard: '/dashboard',
  profile: '/profile',
  quickCalculator: '/solar-calculator',
  fullCalculator: '/solar-calculator-full',
  chat: '/chat',
  users: '/users',
  userCreate: '/users/create',
  /** The project pipeline list. */
  projects: '/projects',
  /** The audit log (docs/product.md#audit-log; canViewAuditLog). */
  auditLog: '/audit-log',
} as const;

/** `/chat/{conversationId}` (docs/product.md#roles-and-permissions). */
export const conversationPath = (conversationId: string): string =>
  `${ROUTES.chat}/${encodeURIComponent(conversationId)}`;
/**
 * The full calculator with one saved draft opened (the dashboard links each
 * draft to where it came from): `/solar-calculator-full?draft={projectId}`.
 */
export const draftPath = (projectId: string): string =>
  `${ROUTES.fullCalculator}?draft=${encodeURIComponent(projectId)}`;
/** `/users/{id}` (docs/product.md#roles-and-permissions). */
export const userPath = (id: string): string => `${ROUTES.users}/${encodeURIComponent(id)}`;
/** `/users/{id}/edit` (docs/product.md#roles-and-permissions). */
export const userEditPath = (id: string): string => `${userPath(id)}/edit`;

/** `/projects/{id}`: a project's page, its status and actions. */
export const projectPath = (id: string): string => `${ROUTES.projects}/${encodeURIComponent(id)}`;
/** `/projects/{id}/proposal`: the proposal of a saved assessment. */
export const proposalPath = (id: string): string => `${projectPath(id)}/proposal`;

/** Who may open a route (docs/product.md#roles-and-permissions). */
export type RouteAccess =
  | { readonly kind: 'any' }
  | { readonly kind: 'signedOut' }
  | { readonly kind: 'signedIn' }
  | { readonly kind: 'permission'; readonly flag: PermissionFlag };

/** The screens of docs/product.md#roles-and-permissions; `notFound` is any other path. */
export type RouteId =
  | keyof typeof ROUTES
  | 'conversation'
  | 'userView'
  | 'userEdit'
  | 'project'
  | 'proposal'
  | 'notFound';

/** A path matched to its screen, parameters and access rule. */
export interface RouteMatch {
  readonly id: RouteId;
  readonly params: Readonly<Record<string, string>>;
  readonly access: RouteAccess;
}

const ANY: RouteAccess = { kind: 'any' };
const SIGNED_OUT: RouteAccess = { kind: 'signedOut' };
const SIGNED_IN: RouteAccess = { kind: 'signedIn' };
const MANAGE_USERS: RouteAccess = { kind: 'permission', flag: 'canManageUsers' };
const VIEW_AUDIT_LOG: RouteAccess = { kind: 'permission', flag: 'canViewAuditLog' };

const TABLE: readonly (readonly [RouteId, RegExp, RouteAccess])[] = [
  ['root', /^\/$/, ANY],
  ['signIn', /^\/signin$/, SIGNED_OUT],
  ['signUp', /^\/signup$/, SIGNED_OUT],
  // Any session: the screen signs in on its own and then leaves for the remembered page.
  ['signInCallback', /^\/signin\/callback$/, ANY],
  ['forgotPassword', /^\/forgot-password$/, SIGNED_OUT],
  ['resetPassword', /^\/reset-password$/, ANY],
  ['verifyEmail', /^\/verify-email$/, ANY],
  ['confirmEmailChange', /^\/confirm-email-change$/, ANY],
  ['cancelEmailChange', /^\/cancel-email-change$/, ANY],
  ['terms', /^\/terms$/, ANY],
  ['privacy', /^\/privacy$/, ANY],
  ['dashboard', /^\/dashboard$/, SIGNED_IN],
  ['profile', /^\/profile$/, SIGNED_IN],
  ['quickCalculator', /^\/solar-calculator$/, ANY],
  ['fullCalculator', /^\/solar-calculator-full$/, SIGNED_IN],
  ['chat', /^\/chat$/, SIGNED_IN],
  ['conversation', /^\/chat\/([^/]+)$/, SIGNED_IN],
  ['users', /^\/users$/, MANAGE_USERS],
  ['userCreate', /^\/users\/create$/, MANAGE_USERS],
  ['userEdit', /^\/users\/([^/]+)\/edit$/, MANAGE_USERS],
  ['userView', /^\/users\/([^/]+)$/, MANAGE_USERS],
  ['auditLog', /^\/audit-log$/, VIEW_AUDIT_LOG],
  // Who may see which project is the server's (pipeline.ts): others get its 404.
  ['projects', /^\/projects$/, SIGNED_IN],
  ['proposal', /^\/projects\/([^/]+)\/proposal$/, SIGNED_IN],
  ['project', /^\/projects\/([^/]+)$/, SIGNED_IN],
];

const pathOnly = (location: string): string =>
  (location.split(/[?#]/)[0] ?? '').replace(/\/+$/, '') || '/';

const decode = (segment: string): string => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
};

/**
 * The page name of a route for the browser tab; a conversation is
 * "Chat", `root` (which redirects) the dashboard.
 */
export function pageTitle(id: RouteId): MessageDescriptor {
  if (id === 'root') return pageTitleMessages.dashboard;
  if (id === 'conversation') return pageTitleMessages.chat;
  return pageTitleMessages[id];
}

/**
 * Matches a path (query and hash ignored, trailing slash tolerated) to its screen
 * (docs/product.md#roles-and-permissions).
 */
export function matchRoute(location: string): RouteMatch {
  const path = pathOnly(location);
  for (const [id, pattern, access] of TABLE) {
    const found = pattern.exec(path);
    if (!found) continue;
    const params: Record<string, string> = {};
    if (found[1] !== undefined)
      params[id === 'conversation' ? 'conversationId' : 'id'] = decode(found[1]);
    return { id, params, access };
  }
  return { id: 'notFound', params: {}, access: ANY };
}

/** The access rule of a path (docs/product.md#roles-and-permissions). */
export function routePolicy(location: string): RouteAccess {
  return matchRoute(location).access;
}

/** Outcome of opening a path: show it, or go elsewhere (`from` = the path to come back to). */
export type RouteDecision =
  | { readonly kind: 'allow' }
  | { readonly kind: 'redirect'; readonly to: string; readonly from?: string };

const hasToken = (location: string): boolean => /[?&]token=[^&#]+/.test(location);

/**
 * The route guard (docs/product.md#roles-and-permissions): `/` goes to /dashboard; /reset-password
 * without a `token` query goes to /forgot-password; signed-in visitors of /signin,
 * /signup and /forgot-password go to /dashboard; signed-out visitors of protected routes
 * go to /signin remembering `from`; signed-in users without the route's permission go to
 * /dashboard. `location` may carry a query string.
 */
export function canOpenRoute(
  session: SessionLike | null | undefined,
  location: string,
  nowMs: number,
): RouteDecision {
  const { id, access } = matchRoute(location);
  const signedIn = isSignedIn(session, nowMs);
  if (id === 'root') return { kind: 'redirect', to: ROUTES.dashboard };
  if (id === 'resetPassword' && !hasToken(location)) {
    return { kind: 'redirect', to: ROUTES.forgotPassword };
  }
  if (access.kind === 'signedOut' && signedIn) return { kind: 'redirect', to: ROUTES.dashboard };
  if ((access.kind === 'signedIn' || access.kind === 'permission') && !signedIn) {
    return { kind: 'redirect', to: ROUTES.signIn, from: location };
  }
  if (access.kind === 'permission' && !can(session, access.flag, nowMs)) {
    return { kind: 'redirect', to: ROUTES.dashboard };
  }
  return { kind: 'allow' };
}

/**
 * Where to go after signing in (docs/product.md#roles-and-permissions): the remembered path when it
 * is an in-app path (starts with one `/`, not a signed-out screen nor the external sign-in's
 * callback), else /dashboard. A path with
 * a backslash or a control character is refused: the browser's URL parser drops tabs and
 * line breaks and reads `\` as `/`, so `/\t/evil.example` would become `//evil.example`,
 * another site, and `history.replaceState` would throw.
 */
export function afterSignInPath(from: string | null | undefined): string {
  if (
    !from ||
    !from.startsWith('/') ||
    from.startsWith('//') ||
    from.includes('\\') ||
    /\p{Cc}/u.test(from)
  ) {
    return ROUTES.dashboard;
  }
  const { id, access } = matchRoute(from);
  return access.kind === 'signedOut' || id === 'root' || id === 'signInCallback'
    ? ROUTES.dashboard
    : from;
}

/**
 * A link between /signin and /signup that keeps the remembered `?from=` when
 * {@link afterSignInPath} would go there (docs/product.md#accounts-and-sessions): following
 * "Sign up" from `/signin?from=/solar-calculator-full` opens
 * `/signup?from=%2Fsolar-calculator-full`; an unsafe or missing `from` gives the bare path.
 */
export function withSafeFrom(path: string, from: string | null | undefined): string {
  const target = afterSignInPath(from);
  return target === ROUTES.dashboard ? path : `${path}?from=${encodeURIComponent(target)}`;
}

/**
 * The home link of the 404 page (docs/product.md#roles-and-permissions): /dashboard when
 * signed in, else /signin.
 */
export function homePath(session: SessionLike | null | undefined, nowMs: number): string {
  return isSignedIn(session, nowMs) ? ROUTES.dashboard : ROUTES.signIn;
}

/** A navigation link or dashboard card; `path` null for the non-link cards. */
export interface NavItem {
  readonly id: string;
  readonly path: string | null;
  readonly label: MessageDescriptor;
}

/**
 * Header navigation (docs/product.md#roles-and-permissions): dashboard,
 * the full calculator, projects (everyone signed in: clients see their own), chat,
 * profile, users only with canManageUsers and the audit log only with canViewAuditLog.
 */
export function navItems(session: SessionLike | null | undefined, nowMs: number): NavItem[] {
  const items: NavItem[] = [
    { id: 'dashboard', path: ROUTES.dashboard, label: navMessages.dashboard },
    { id: 'fullCalculator', path: ROUTES.fullCalculator, label: navMessages.calculator },
    { id: 'projects', path: ROUTES.projects, label: navMessages.projects },
    { id: 'chat', path: ROUTES.chat, label: navMessages.chat },
    { id: 'profile', path: ROUTES.profile, label: navMessages.profile },
    { id: 'users', path: ROUTES.users, label: navMessages.users },
    { id: 'auditLog', path: ROUTES.auditLog, label: navMessages.auditLog },
  ];
  const needs: Readonly<Record<string, PermissionFlag>> = {
    users: 'canManageUsers',
    auditLog: 'canViewAuditLog',
  };
  return items.filter((item) => !needs[item.id] || can(session, needs[item.id]!, nowMs));
}

/** The screens each navigation entry stands for (its page is marked current on them). */
const NAV_SECTIONS: Readonly<Record<string, readonly RouteId[]>> = {
  dashboard: ['dashboard'],
  fullCalculator: ['fullCalculator', 'quickCalculator'],
  projects: ['projects', 'project', 'proposal'],
  chat: ['chat', 'conversation'],
  profile: ['profile'],
  users: ['users', 'userCreate', 'userView', 'userEdit'],
  auditLog: ['auditLog'],
};

/** Whether navigation entry `id` is the current page at `location` (a path). */
export function isCurrentNavItem(id: string, location: string): boolean {
  return NAV_SECTIONS[id]?.includes(matchRoute(location).id) ?? false;
}

/**
 * Dashboard cards (docs/product.md#roles-and-permissions): quick calculator, full calculator,
 * profile, user management (only with canManageUsers), then the non-link activity and settings
 * cards.
 */
export function dashboardCards(session: SessionLike | null | undefined, nowMs: number): NavItem[] {
  const cards: NavItem[] = [
    { id: 'quickCalculator', path: ROUTES.quickCalculator, label: navMessages.quickCalculator },
    { id: 'fullCalculator', path: ROUTES.fullCalculator, label: navMessages.fullCalculator },
    { id: 'profile', path: ROUTES.profile, label: navMessages.profile },
    { id: 'users', path: ROUTES.users, label: navMessages.userManagement },
    { id: 'activity', path: null, label: navMessages.activity },
    { id: 'settings', path: null, label: navMessages.settings },
  ];
  return cards.filter((card) => card.id !== 'users' || can(session, 'canManageUsers', nowMs));
}
