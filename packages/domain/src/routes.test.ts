import { describe, expect, it } from 'vitest';
import {
  ROUTES,
  afterSignInPath,
  canOpenRoute,
  conversationPath,
  dashboardCards,
  draftPath,
  homePath,
  isCurrentNavItem,
  matchRoute,
  navItems,
  withSafeFrom,
  pageTitle,
  projectPath,
  proposalPath,
  routePolicy,
  userEditPath,
  userPath,
} from './routes.ts';

const NOW = Date.parse('2026-11-22T12:00:00Z');
const exp = NOW / 1000 + 900;
const admin = { role: 'admin', expiresAt: exp };
const manager = { role: 'project_manager', expiresAt: exp };
const client = { role: 'client_residential', expiresAt: exp };
const expired = { role: 'admin', expiresAt: NOW / 1000 - 1 };

describe('matchRoute and routePolicy', () => {
  it.each([
    ['/', 'root', {}, 'any'],
    ['/signin', 'signIn', {}, 'signedOut'],
    ['/signin/callback', 'signInCallback', {}, 'any'],
    ['/signup', 'signUp', {}, 'signedOut'],
    ['/forgot-password', 'forgotPassword', {}, 'signedOut'],
    ['/reset-password?token=abc', 'resetPassword', {}, 'any'],
    ['/verify-email?token=abc', 'verifyEmail', {}, 'any'],
    ['/confirm-email-change?token=abc', 'confirmEmailChange', {}, 'any'],
    ['/cancel-email-change?token=abc', 'cancelEmailChange', {}, 'any'],
    ['/terms', 'terms', {}, 'any'],
    ['/privacy', 'privacy', {}, 'any'],
    ['/dashboard', 'dashboard', {}, 'signedIn'],
    ['/dashboard/', 'dashboard', {}, 'signedIn'],
    ['/profile#top', 'profile', {}, 'signedIn'],
    ['/solar-calculator', 'quickCalculator', {}, 'any'],
    ['/solar-calculator-full', 'fullCalculator', {}, 'signedIn'],
    ['/chat', 'chat', {}, 'signedIn'],
    ['/chat/c%201', 'conversation', { conversationId: 'c 1' }, 'signedIn'],
    ['/users', 'users', {}, 'permission'],
    ['/users/create', 'userCreate', {}, 'permission'],
    ['/users/u1', 'userView', { id: 'u1' }, 'permission'],
    ['/users/u1/edit', 'userEdit', { id: 'u1' }, 'permission'],
    ['/users/%E0%A4%A/edit', 'userEdit', { id: '%E0%A4%A' }, 'permission'],
    ['/projects', 'projects', {}, 'signedIn'],
    ['/projects/p1', 'project', { id: 'p1' }, 'signedIn'],
    ['/projects/p%201/proposal', 'proposal', { id: 'p 1' }, 'signedIn'],
    ['/projects/p1/other', 'notFound', {}, 'any'],
    ['/nowhere', 'notFound', {}, 'any'],
    ['/chat/a/b', 'notFound', {}, 'any'],
  ])('%s is %s', (path, id, params, access) => {
    const match = matchRoute(path);
    expect(match.id).toBe(id);
    expect(match.params).toEqual(params);
    expect(routePolicy(path).kind).toBe(access);
  });

  it('gates the user screens with canManageUsers', () => {
    expect(routePolicy('/users')).toEqual({ kind: 'permission', flag: 'canManageUsers' });
  });

  it('gates the audit log with canViewAuditLog (docs/product.md#audit-log)', () => {
    expect(matchRoute('/audit-log').id).toBe('auditLog');
    expect(routePolicy('/audit-log')).toEqual({ kind: 'permission', flag: 'canViewAuditLog' });
  });

  it('builds paths with encoded ids', () => {
    expect(conversationPath('a/b')).toBe('/chat/a%2Fb');
    expect(draftPath('p 1')).toBe('/solar-calculator-full?draft=p%201');
    expect(userPath('u1')).toBe('/users/u1');
    expect(userEditPath('u1')).toBe('/users/u1/edit');
    expect(projectPath('p/1')).toBe('/projects/p%2F1');
    expect(proposalPath('p 1')).toBe('/projects/p%201/proposal');
  });
});

describe('canOpenRoute', () => {
  const allow = { kind: 'allow' };
  const to = (path: string, from?: string) =>
    from ? { kind: 'redirect', to: path, from } : { kind: 'redirect', to: path };

  it.each([
    ['/', null, to('/dashboard')],
    ['/', admin, to('/dashboard')],
    ['/signin', null, allow],
    ['/signin', client, to('/dashboard')],
    ['/signin', expired, allow],
    // The callback finishes a sign-in: it opens with or without a session.
    ['/signin/callback?code=c&state=s', null, allow],
    ['/signin/callback?code=c&state=s', client, allow],
    ['/signup', client, to('/dashboard')],
    ['/forgot-password', client, to('/dashboard')],
    ['/forgot-password', null, allow],
    ['/reset-password', null, to('/forgot-password')],
    ['/reset-password?token=', null, to('/forgot-password')],
    ['/reset-password?token=t1', null, allow],
    ['/reset-password?x=1&token=t1', client, allow],
    ['/dashboard', null, to('/signin', '/dashboard')],
    ['/dashboard', expired, to('/signin', '/dashboard')],
    ['/dashboard', client, allow],
    ['/chat/c1?x=1', null, to('/signin', '/chat/c1?x=1')],
    ['/chat/c1', client, allow],
    ['/profile', client, allow],
    ['/solar-calculator', null, allow],
    ['/solar-calculator-full', null, to('/signin', '/solar-calculator-full')],
    ['/users', null, to('/signin', '/users')],
    ['/users', client, to('/dashboard')],
    ['/users', manager, to('/dashboard')],
    ['/users', admin, allow],
    ['/users/create', admin, allow],
    ['/users/u1/edit', client, to('/dashboard')],
    ['/users/u1', { role: 'unknown', expiresAt: exp }, to('/dashboard')],
    ['/projects', null, to('/signin', '/projects')],
    ['/projects/p1', client, allow],
    ['/projects/p1/proposal', client, allow],
    ['/anything', null, allow],
  ] as const)('%s with %j -> %j', (path, session, decision) => {
    expect(canOpenRoute(session, path, NOW)).toEqual(decision);
  });
});

describe('afterSignInPath and homePath', () => {
  it.each([
    [null, '/dashboard'],
    ['', '/dashboard'],
    ['/chat/c1', '/chat/c1'],
    ['/users?page=2', '/users?page=2'],
    ['/signin', '/dashboard'],
    ['/signup', '/dashboard'],
    ['/signin/callback?code=c&state=s', '/dashboard'],
    ['/', '/dashboard'],
    ['//evil.example', '/dashboard'],
    ['/\\evil.example', '/dashboard'],
    ['https://evil.example', '/dashboard'],
    // The URL parser drops tabs and line breaks: these read as //evil.example.
    ['/\t/evil.example', '/dashboard'],
    ['/\n/evil.example', '/dashboard'],
    ['/\r/evil.example', '/dashboard'],
    ['/%09/evil.example', '/%09/evil.example'],
    ['/profile#top', '/profile#top'],
  ])('after sign-in from %j goes to %s', (from, path) => {
    expect(afterSignInPath(from)).toBe(path);
  });

  it.each([
    ['/solar-calculator-full', '/signup?from=%2Fsolar-calculator-full'],
    ['/users?page=2', '/signup?from=%2Fusers%3Fpage%3D2'],
    [null, '/signup'],
    ['/signin', '/signup'],
    ['//evil.example', '/signup'],
    ['https://evil.example', '/signup'],
    ['/\t/evil.example', '/signup'],
  ])('links /signin and /signup keeping a safe from %j: %s', (from, link) => {
    expect(withSafeFrom(ROUTES.signUp, from)).toBe(link);
  });

  it('links the 404 page home to the dashboard or sign-in', () => {
    expect(homePath(client, NOW)).toBe(ROUTES.dashboard);
    expect(homePath(expired, NOW)).toBe(ROUTES.signIn);
    expect(homePath(null, NOW)).toBe(ROUTES.signIn);
  });
});

describe('navItems and dashboardCards', () => {
  it.each([
    [admin, ['dashboard', 'fullCalculator', 'projects', 'chat', 'profile', 'users', 'auditLog']],
    [manager, ['dashboard', 'fullCalculator', 'projects', 'chat', 'profile']],
    [client, ['dashboard', 'fullCalculator', 'projects', 'chat', 'profile']],
    [expired, ['dashboard', 'fullCalculator', 'projects', 'chat', 'profile']],
  ])('nav for %j', (session, ids) => {
    expect(navItems(session, NOW).map((item) => item.id)).toEqual(ids);
  });

  it('shows the user management card only with canManageUsers', () => {
    const ids = (session: typeof admin) => dashboardCards(session, NOW).map((c) => c.id);
    expect(ids(admin)).toEqual([
      'quickCalculator',
      'fullCalculator',
      'profile',
      'users',
      'activity',
      'settings',
    ]);
    expect(ids(client)).not.toContain('users');
    const cards = dashboardCards(admin, NOW);
    expect(cards.find((c) => c.id === 'users')?.label.defaultMessage).toBe('User Management');
    expect(cards.filter((c) => c.path === null).map((c) => c.id)).toEqual(['activity', 'settings']);
  });
});

describe('pageTitle', () => {
  it('names each screen, a conversation as the chat and the redirecting root as the dashboard', () => {
    expect(pageTitle(matchRoute('/users/42/edit').id).defaultMessage).toBe('Edit user');
    expect(pageTitle(matchRoute(conversationPath('c1')).id)).toEqual(pageTitle('chat'));
    expect(pageTitle('root')).toEqual(pageTitle('dashboard'));
    expect(pageTitle(matchRoute('/nowhere').id).defaultMessage).toBe('Page not found');
    expect(pageTitle(matchRoute(proposalPath('p1')).id).defaultMessage).toBe('Proposal');
    expect(pageTitle(matchRoute(projectPath('p1')).id).defaultMessage).toBe('Project');
    const ids = Object.keys(ROUTES).map((key) => pageTitle(key as keyof typeof ROUTES).id);
    expect(new Set(ids).size).toBe(ids.length - 1); // root shares the dashboard's
  });
});

describe('isCurrentNavItem', () => {
  it('marks the entry of the section a path belongs to', () => {
    expect(isCurrentNavItem('fullCalculator', ROUTES.quickCalculator)).toBe(true);
    expect(isCurrentNavItem('fullCalculator', ROUTES.fullCalculator)).toBe(true);
    expect(isCurrentNavItem('chat', conversationPath('c1'))).toBe(true);
    expect(isCurrentNavItem('users', userEditPath('u1'))).toBe(true);
    expect(isCurrentNavItem('projects', proposalPath('p1'))).toBe(true);
    expect(isCurrentNavItem('projects', projectPath('p1'))).toBe(true);
    expect(isCurrentNavItem('dashboard', ROUTES.profile)).toBe(false);
    expect(isCurrentNavItem('activity', ROUTES.dashboard)).toBe(false);
  });
});
