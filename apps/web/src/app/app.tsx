/**
 * The application: language, toasts, API client and data cache, session start-up, routes.
 * `client` and `bus` can be passed in (route-level tests and screen stories use the MSW
 * fake); the browser build creates its own.
 */
import { ApiProvider } from '@solar/api/react/provider';
import type { ApiClient } from '@solar/api';
import { RouterProvider, ToastProvider } from '@solar/ui';
import { useEffect, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Router, useLocation, type RouterProps } from 'wouter';
import type { Locale } from '../i18n/locales.ts';
import { browserSchedule, ClockProvider, ScheduleProvider, type Schedule } from './clock.tsx';
import { createBrowserClient } from './create-client.ts';
import { createNoticeBus, type NoticeBus } from './events.ts';
import { installGlobalErrorHandlers } from './global-errors.ts';
import { AccountLocaleSync } from './account-locale.tsx';
import { LocaleProvider } from './intl.tsx';
import { NoticeBridge } from './notices.tsx';
import { AppRoutes } from './router.tsx';
import { SessionStartup } from './session-gate.tsx';

export interface AppProps {
  client?: ApiClient;
  bus?: NoticeBus;
  locale?: Locale;
  /** wouter's location (memory location in tests and stories): `memoryLocation(...)`. */
  location?: {
    hook: NonNullable<RouterProps['hook']>;
    searchHook: NonNullable<RouterProps['searchHook']>;
  };
  /** The clock, epoch ms (frozen in stories and tests). */
  now?: () => number;
  /** The timer of the app's own delays (a manual one in route tests). */
  schedule?: Schedule;
  /** Rendered inside the data layer's providers (TanStack Query's devtools in development). */
  devtools?: ReactNode;
  children?: ReactNode;
}

function Frame({ children }: { children: ReactNode }) {
  const intl = useIntl();
  const [, navigate] = useLocation();
  return (
    <RouterProvider navigate={(to) => navigate(to)}>
      <ToastProvider
        closeLabel={intl.formatMessage({ id: 'app.close' })}
        regionLabel={intl.formatMessage({ id: 'app.notifications' }, { hotkey: '{hotkey}' })}
        toastLabel={intl.formatMessage({ id: 'app.notification' })}
      >
        {children}
      </ToastProvider>
    </RouterProvider>
  );
}

function ClientRoot({
  client,
  bus,
  children,
}: {
  client?: ApiClient;
  bus: NoticeBus;
  children: ReactNode;
}) {
  const [, navigate] = useLocation();
  const [own] = useState(() => client ?? createBrowserClient({ bus, navigate }));
  return <ApiProvider client={own}>{children}</ApiProvider>;
}

export function App({
  client,
  bus: givenBus,
  locale,
  location,
  now = Date.now,
  schedule = browserSchedule,
  devtools,
  children,
}: AppProps) {
  const [bus] = useState(() => givenBus ?? createNoticeBus());
  useEffect(() => installGlobalErrorHandlers(window, bus), [bus]);
  return (
    <ClockProvider value={now}>
      <ScheduleProvider value={schedule}>
        <Router {...(location ? { hook: location.hook, searchHook: location.searchHook } : {})}>
          <LocaleProvider {...(locale ? { initial: locale } : {})}>
            <Frame>
              <NoticeBridge bus={bus}>
                <ClientRoot {...(client ? { client } : {})} bus={bus}>
                  <AccountLocaleSync />
                  <SessionStartup>{children ?? <AppRoutes />}</SessionStartup>
                  {devtools}
                </ClientRoot>
              </NoticeBridge>
            </Frame>
          </LocaleProvider>
        </Router>
      </ScheduleProvider>
    </ClockProvider>
  );
}
