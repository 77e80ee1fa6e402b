/**
 * Global story setup: the theme, MSW (screen stories set handlers per story with
 * `beforeEach({ msw }) { msw.use(...) }`), the a11y addon failing tests on any violation,
 * and the locale / colour-scheme toolbars (light, dark, or the system's setting). The
 * locale decorator sets `<html lang>`, gives react-aria-components the locale (number
 * formats, built-in labels) and wraps every story in the web app's react-intl provider with
 * that language's catalog, so screen stories render translated (a loader fetches that catalog first). Stories take "now" from
 * ./fixtures.ts (FROZEN_NOW).
 */
import type { Preview } from '@storybook/react-vite';
import { mswLoader } from 'msw-storybook-addon/csf3';
import { configure } from 'storybook/test';
import { LocaleProvider } from '../apps/web/src/app/intl.tsx';
import { loadCatalog } from '../apps/web/src/i18n/locales.ts';
import { LANGUAGE_NAMES, LOCALES, type Locale } from '../packages/domain/src/constants.ts';
import { I18nProvider } from '../packages/ui/src/index.ts';
import '../packages/ui/src/theme.css';
import { defaultMode, VIEWPORTS } from '../apps/web/src/testing/story-modes.ts';

type StoryLocale = Locale;

// Screen stories wait for a lazily loaded screen (and, once idle, the Select and toast
// chunks); in the built Storybook with two parallel browsers the first `findBy...` can
// need more than Testing Library's 1 s default.
configure({ asyncUtilTimeout: 5000 });

/** react-aria's live announcements of an element's label (a pending button's, say). */
const ANNOUNCEMENTS = '[role="log"] > [role="img"][aria-labelledby]';

/**
 * react-aria announces a pending button's label through a live region that references the
 * button by id; when the button goes (a story unmounts, or a pending label is replaced once
 * its data arrives), that reference dangles and the a11y check fails (role-img-alt). Each
 * story starts without leftovers, and during a story an announcement whose label is gone
 * or empty is removed as soon as the page changes (the a11y check may run before the
 * story's own afterEach).
 */
function clearStaleAnnouncements(): void {
  for (const node of document.querySelectorAll(ANNOUNCEMENTS)) node.remove();
}

/** True when an announcement's `aria-labelledby` names an element that is gone or empty. */
function dangles(node: Element): boolean {
  const ids = (node.getAttribute('aria-labelledby') ?? '').split(/\s+/).filter(Boolean);
  return ids.some((id) => !document.getElementById(id)?.textContent?.trim());
}

new MutationObserver(() => {
  for (const node of document.querySelectorAll(ANNOUNCEMENTS)) if (dangles(node)) node.remove();
}).observe(document.body, { childList: true, subtree: true, characterData: true });

const preview: Preview = {
  // Every component gets a docs page: its description, a prop table from its doc comments
  // and every story (screen stories list their states there).
  tags: ['autodocs'],
  beforeEach: clearStaleAnnouncements,
  afterEach: clearStaleAnnouncements,
  loaders: [
    mswLoader(),
    async ({ globals }) => {
      await loadCatalog(String(globals.locale ?? 'en') as StoryLocale);
      return {};
    },
  ],
  parameters: {
    layout: 'centered',
    a11y: { test: 'error' },
    controls: { expanded: true },
    viewport: { options: VIEWPORTS },
    chromatic: { modes: defaultMode },
    docs: { toc: true },
    options: {
      storySort: {
        order: ['Introduction', 'Foundations', 'Content guidelines', 'Patterns', 'UI', 'Screens'],
      },
    },
  },
  globalTypes: {
    locale: {
      description: 'Interface language',
      toolbar: {
        title: 'Language',
        icon: 'globe',
        items: LOCALES.map((locale) => ({ value: locale, title: LANGUAGE_NAMES[locale] })),
        dynamicTitle: true,
      },
    },
    scheme: {
      description: 'Colour scheme',
      toolbar: {
        title: 'Scheme',
        icon: 'mirror',
        items: [
          { value: 'light', title: 'Light' },
          { value: 'dark', title: 'Dark' },
          // No data-theme: the page follows the browser's prefers-color-scheme, as the app does.
          { value: 'system', title: 'System' },
        ],
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: {
    locale: 'en',
    // The storybook-dark test project (vitest.config.ts) runs Chromium with the system set to
    // dark and leaves data-theme off, the way a user of the app gets the dark scheme.
    scheme: import.meta.env.VITE_STORY_SCHEME === 'system' ? 'system' : 'light',
    viewport: { value: undefined },
  },
  decorators: [
    (Story, context) => {
      const locale = String(context.globals.locale ?? 'en') as StoryLocale;
      document.documentElement.lang = locale;
      const scheme = String(context.globals.scheme ?? 'light');
      if (scheme === 'system') delete document.documentElement.dataset.theme;
      else document.documentElement.dataset.theme = scheme;
      return (
        <I18nProvider locale={locale}>
          <LocaleProvider key={locale} initial={locale}>
            <Story />
          </LocaleProvider>
        </I18nProvider>
      );
    },
  ],
};

export default preview;
