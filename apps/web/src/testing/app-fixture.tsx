/**
 * The whole app against the MSW fake, for route-level tests and screen stories.
 * Requests go through the fake's MSW handlers in-process (msw `getResponse`), the session
 * lives in memory, the clock is frozen and the location is a wouter memory location, so
 * every render is isolated and repeatable.
 *
 *   <AppFixture path="/users" as="admin" />                          signed-in admin
 *   <AppFixture path="/chat" as="client" mock={{ scenario: scenarios.slow }} />
 *   const fixture = createAppFixture({...}); fixture.mock.fake  (inspect the fake's data)
 *   fixture.mock.fake.seed.project({ status: 'cancelled' })       (a state the demo seed has not)
 *   fixture.requests                                               (what the app asked for)
 */
import { memoryStorage, type ApiClient } from '@solar/api';
import { createMockApi, type MockApi, type MockApiOptions } from '@solar/api/mock';
import { getResponse, type HttpHandler } from 'msw';
import { useEffect, useState } from 'react';
import { memoryLocation } from 'wouter/memory-location';
import { App } from '../app/app.tsx';
import type { Schedule } from '../app/clock.tsx';
import { createBrowserClient } from '../app/create-client.ts';
import { createNoticeBus, type NoticeBus } from '../app/events.ts';
import { useOuterLocale } from '../app/intl.tsx';
import type { Locale } from '../i18n/locales.ts';

/** The instant stories and route tests treat as now (same as .storybook/fixtures.ts). */
export const FIXTURE_NOW = Date.parse('2026-03-14T10:30:00Z');

/** Accounts of the fake's demo seed. */
export const FIXTURE_ACCOUNTS = {
  admin: { email: 'admin@solar.local', password: 'Admin123!' },
  /** Daniyar Sadykov, Residential Client, with one conversation and a portfolio. */
  client: { email: 'daniyar@example.com', password: 'Password1' },
  /** Aigerim Bekova, Project Manager. */
  manager: { email: 'aigerim@example.com', password: 'Password1' },
  /** Bakyt Osmonov, Installer. */
  installer: { email: 'bakyt@example.com', password: 'Password1' },
  /** Chynara Alieva, Roof Inspector (email not yet confirmed). */
  inspector: { email: 'chynara@example.com', password: 'Password1' },
} as const;

export interface AppFixtureOptions {
  /** Start location, with query string if any (default '/'). */
  path?: string;
  /** Signed in as one of the fixture accounts, or signed out (default). */
  as?: keyof typeof FIXTURE_ACCOUNTS | null;
  /** Options of the fake (seed, scenario...). */
  mock?: MockApiOptions;
  /** Handlers tried before the fake's (override one resource in a story). */
  handlers?: HttpHandler[];
  locale?: Locale;
  /** The instant the fake and the app treat as now, epoch ms (default FIXTURE_NOW). */
  now?: number;
  /** The timer of the app's own delays (default: the browser's; see manual-schedule.ts). */
  schedule?: Schedule;
  /** Runs after the sign-in, before the app renders (e.g. save a draft as the user). */
  afterSignIn?: (client: ApiClient) => Promise<unknown>;
}

export interface AppFixture {
  client: ApiClient;
  mock: MockApi;
  /** The requests that reached the fake, in order: `METHOD /path?query` under `/api/v1`. */
  requests: string[];
  bus: NoticeBus;
  location: ReturnType<typeof memoryLocation> & { history: string[] };
  now: () => number;
  schedule?: Schedule;
  /** Signs the `as` account in (call before rendering). */
  ready: Promise<void>;
  /**
   * Another tab of the same browser: a client over the same storage whose writes reach the
   * app's session as the browser's `storage` event would.
   */
  otherTab(): ApiClient;
}

export function createAppFixture(options: AppFixtureOptions = {}): AppFixture {
  const instant = options.now ?? FIXTURE_NOW;
  const now = () => instant;
  const mock = createMockApi({ now, ...options.mock });
  const handlers = [...(options.handlers ?? []), ...mock.list];
  const requests: string[] = [];
  const fetchThroughFake: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    requests.push(`${request.method} ${url.pathname.replace(/^.*\/api\/v1/, '')}${url.search}`);
    return (await getResponse(handlers, request)) ?? new Response(null, { status: 404 });
  };
  const [pathname = '/', search = ''] = (options.path ?? '/').split('?');
  const location = memoryLocation({ path: pathname, searchPath: search, record: true });
  const bus = createNoticeBus();
  const storage = memoryStorage();
  const reporters = new Set<() => void>();
  // The app's own client (its 403 toast and sign-out wiring), over the fake, in memory.
  const client = createBrowserClient({
    bus,
    navigate: (to) => location.navigate(to),
    fetch: fetchThroughFake,
    storage,
    externalChanges: (onChange) => {
      reporters.add(onChange);
      return () => reporters.delete(onChange);
    },
    now,
  });
  const otherTab = () => {
    const other = createBrowserClient({
      bus: createNoticeBus(),
      navigate: () => undefined,
      fetch: fetchThroughFake,
      storage,
      now,
    });
    other.session.subscribe(() => reporters.forEach((onChange) => onChange()));
    return other;
  };
  const account = options.as ? FIXTURE_ACCOUNTS[options.as] : null;
  const signedIn = account ? client.auth.signIn(account) : Promise.resolve();
  const ready = signedIn.then(() => options.afterSignIn?.(client)).then(() => undefined);
  return {
    client,
    mock,
    requests,
    bus,
    location,
    now,
    ...(options.schedule ? { schedule: options.schedule } : {}),
    ready,
    otherTab,
  };
}

/**
 * Renders the app from a fixture once its sign-in is done, in `locale`, else in the language
 * of an enclosing LocaleProvider (a story's toolbar language), else as the app starts.
 */
export function AppFixtureView({ fixture, locale }: { fixture: AppFixture; locale?: Locale }) {
  const outer = useOuterLocale();
  const active = locale ?? outer;
  const [ready, setReady] = useState(false);
  useEffect(() => {
    void fixture.ready.then(() => setReady(true));
  }, [fixture]);
  if (!ready) return null;
  return (
    <App
      client={fixture.client}
      bus={fixture.bus}
      location={fixture.location}
      now={fixture.now}
      {...(fixture.schedule ? { schedule: fixture.schedule } : {})}
      {...(active ? { locale: active } : {})}
    />
  );
}

/** Shorthand for stories: the app at `path`, signed in `as`, on the fake. */
export function AppFixture({ locale, ...options }: AppFixtureOptions) {
  const [fixture] = useState(() => createAppFixture(options));
  return <AppFixtureView fixture={fixture} {...(locale ? { locale } : {})} />;
}
