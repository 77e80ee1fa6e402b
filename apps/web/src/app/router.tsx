/**
 * Routes (docs/product.md#roles-and-permissions). Every screen is loaded lazily; the guard decides
 * access first. Feature folders own their screens: features/<name>/<screen>.tsx default-exports it,
 * and the folder's messages (i18n/locales.ts) load alongside the screen's module: the screen
 * renders once both have arrived.
 */
import { matchRoute, pageTitle, type RouteId } from '@solar/domain';
import type { ComponentType } from 'react';
import { useIntl } from 'react-intl';
import { Redirect, useLocation } from 'wouter';
import { loadFeatureMessages, type Feature } from '../i18n/locales.ts';
import { retryableLazy, type RetryableLazy } from './retryable-lazy.tsx';
import { ScreenErrorBoundary } from './screen-error-boundary.tsx';
import { RouteGuard } from './session-gate.tsx';

type Loader = () => Promise<{ default: ComponentType<{ params: Record<string, string> }> }>;
/** A lazily loaded screen (see `lazyScreen`). */
export type Screen = RetryableLazy<{ params: Record<string, string> }> & {
  /** Fetches the screen's module ahead of its first render. */
  preload: Loader;
};

/** The features whose messages each screen shows (set below, from `screenFeatures`). */
const featureOf = new WeakMap<Screen, readonly Feature[]>();

/**
 * A lazily loaded screen that can also be fetched ahead of its first render. Loading it
 * fetches the module and its feature's messages side by side. A screen whose code could not
 * be fetched loads again after `retryFailedLoads()` (retryable-lazy.tsx).
 */
export function lazyScreen(load: Loader): Screen {
  const loadWithMessages: Loader = async () => {
    const features = featureOf.get(screen) ?? [];
    const [module] = await Promise.all([load(), ...features.map(loadFeatureMessages)]);
    return module;
  };
  const screen: Screen = Object.assign(retryableLazy(loadWithMessages), {
    preload: loadWithMessages,
  });
  return screen;
}

const chatScreen: Screen = lazyScreen(() => import('../features/chat/chat-screen.tsx'));

/** The screen of each route id; `root` redirects, handled by the guard. */
export const screens = {
  signIn: lazyScreen(() => import('../features/auth/signin-screen.tsx')),
  dashboard: lazyScreen(() => import('../features/dashboard/dashboard-screen.tsx')),
  signUp: lazyScreen(() => import('../features/auth/signup-screen.tsx')),
  signInCallback: lazyScreen(() => import('../features/auth/signin-callback-screen.tsx')),
  forgotPassword: lazyScreen(() => import('../features/auth/forgot-password-screen.tsx')),
  resetPassword: lazyScreen(() => import('../features/auth/reset-password-screen.tsx')),
  verifyEmail: lazyScreen(() => import('../features/auth/verify-email-screen.tsx')),
  confirmEmailChange: lazyScreen(() => import('../features/auth/confirm-email-change-screen.tsx')),
  cancelEmailChange: lazyScreen(() => import('../features/auth/cancel-email-change-screen.tsx')),
  terms: lazyScreen(() => import('../features/auth/terms-screen.tsx')),
  privacy: lazyScreen(() => import('../features/auth/privacy-screen.tsx')),
  profile: lazyScreen(() => import('../features/profile/profile-screen.tsx')),
  quickCalculator: lazyScreen(() => import('../features/calculator/quick-calculator-screen.tsx')),
  fullCalculator: lazyScreen(
    () => import('../features/full-calculator/full-calculator-screen.tsx'),
  ),
  // One component for /chat and /chat/{id}: the URL changes on the first chunk of a new
  // conversation and the screen (and its stream) must stay mounted.
  chat: chatScreen,
  conversation: chatScreen,
  users: lazyScreen(() => import('../features/users/users-list-screen.tsx')),
  userCreate: lazyScreen(() => import('../features/users/user-create-screen.tsx')),
  userView: lazyScreen(() => import('../features/users/user-view-screen.tsx')),
  userEdit: lazyScreen(() => import('../features/users/user-edit-screen.tsx')),
  projects: lazyScreen(() => import('../features/projects/projects-list-screen.tsx')),
  project: lazyScreen(() => import('../features/projects/project-screen.tsx')),
  proposal: lazyScreen(() => import('../features/projects/proposal-screen.tsx')),
  auditLog: lazyScreen(() => import('../features/audit/audit-log-screen.tsx')),
  notFound: lazyScreen(() => import('../features/not-found/not-found-screen.tsx')),
} satisfies Partial<Record<RouteId, Screen>>;

const screenOfRoute: Partial<Record<RouteId, Screen>> = screens;

/**
 * The feature folder of each screen, whose messages it needs (the proposal also shows the
 * full calculator's production chart, with its messages).
 */
const screenFeatures: Record<keyof typeof screens, Feature | readonly Feature[]> = {
  signIn: 'auth',
  dashboard: 'dashboard',
  signUp: 'auth',
  signInCallback: 'auth',
  forgotPassword: 'auth',
  resetPassword: 'auth',
  verifyEmail: 'auth',
  confirmEmailChange: 'auth',
  cancelEmailChange: 'auth',
  terms: 'auth',
  privacy: 'auth',
  profile: 'profile',
  quickCalculator: 'calculator',
  fullCalculator: 'full-calculator',
  chat: 'chat',
  conversation: 'chat',
  users: ['users', 'saved-views'],
  userCreate: 'users',
  userView: ['users', 'audit'],
  userEdit: 'users',
  projects: ['projects', 'saved-views'],
  project: ['projects', 'audit'],
  proposal: ['projects', 'full-calculator'],
  auditLog: ['audit', 'projects'],
  notFound: 'not-found',
};
for (const [id, feature] of Object.entries(screenFeatures)) {
  featureOf.set(
    screens[id as keyof typeof screens],
    typeof feature === 'string' ? [feature] : feature,
  );
}

/**
 * Starts fetching the screen of `location` (a path) at once, so it loads alongside the
 * language catalog instead of after the first render asks for it. Errors are left to the
 * render, which shows them as usual.
 */
export function preloadScreen(location: string): void {
  const screen = screenOfRoute[matchRoute(location).id];
  screen?.preload().catch(() => undefined);
}

/** The browser tab's title, "{page} · Solar" in the interface language (React hoists it). */
function DocumentTitle({ route }: { route: RouteId }) {
  const intl = useIntl();
  const page = intl.formatMessage(pageTitle(route));
  return <title>{intl.formatMessage({ id: 'app.documentTitle' }, { page })}</title>;
}

export function AppRoutes() {
  const [location] = useLocation();
  const match = matchRoute(location);
  const Screen = screenOfRoute[match.id] ?? screens.notFound;
  if (match.id === 'root') return <Redirect to="/dashboard" replace />;
  return (
    <>
      <DocumentTitle route={match.id} />
      <ScreenErrorBoundary resetKey={location}>
        <RouteGuard>
          <Screen params={match.params} />
        </RouteGuard>
      </ScreenErrorBoundary>
    </>
  );
}
