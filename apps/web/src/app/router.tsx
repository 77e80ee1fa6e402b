/**
 * Routes (spec section 2). Every screen is loaded lazily; the guard decides access first.
 * Feature folders own their screens: features/<name>/<screen>.tsx default-exports it.
 */
import { matchRoute, type RouteId } from '@solar/domain';
import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { Redirect, useLocation } from 'wouter';
import { FullPageSpinner, RouteGuard } from './session-gate.tsx';

type Screen = LazyExoticComponent<ComponentType<{ params: Record<string, string> }>>;

const chatScreen: Screen = lazy(() => import('../features/chat/chat-screen.tsx'));

/** The screen of each route id; `root` redirects, handled by the guard. */
export const screens: Partial<Record<RouteId, Screen>> = {
  signIn: lazy(() => import('../features/auth/signin-screen.tsx')),
  dashboard: lazy(() => import('../features/dashboard/dashboard-screen.tsx')),
  signUp: lazy(() => import('../features/auth/signup-screen.tsx')),
  forgotPassword: lazy(() => import('../features/auth/forgot-password-screen.tsx')),
  resetPassword: lazy(() => import('../features/auth/reset-password-screen.tsx')),
  verifyEmail: lazy(() => import('../features/auth/verify-email-screen.tsx')),
  terms: lazy(() => import('../features/auth/terms-screen.tsx')),
  privacy: lazy(() => import('../features/auth/privacy-screen.tsx')),
  profile: lazy(() => import('../features/profile/profile-screen.tsx')),
  quickCalculator: lazy(() => import('../features/calculator/quick-calculator-screen.tsx')),
  fullCalculator: lazy(() => import('../features/full-calculator/full-calculator-screen.tsx')),
  // One component for /chat and /chat/{id}: the URL changes on the first chunk of a new
  // conversation and the screen (and its stream) must stay mounted.
  chat: chatScreen,
  conversation: chatScreen,
  users: lazy(() => import('../features/users/users-list-screen.tsx')),
  userCreate: lazy(() => import('../features/users/user-create-screen.tsx')),
  userView: lazy(() => import('../features/users/user-view-screen.tsx')),
  userEdit: lazy(() => import('../features/users/user-edit-screen.tsx')),
  notFound: lazy(() => import('../features/not-found/not-found-screen.tsx')),
};

export function AppRoutes() {
  const [location] = useLocation();
  const match = matchRoute(location);
  const Screen = screens[match.id] ?? screens.notFound!;
  if (match.id === 'root') return <Redirect to="/dashboard" replace />;
  return (
    <RouteGuard>
      <Suspense fallback={<FullPageSpinner />}>
        <Screen params={match.params} />
      </Suspense>
    </RouteGuard>
  );
}
