/**
 * Global story setup: the theme, MSW (screen stories set handlers per story with
 * `beforeEach({ msw }) { msw.use(...) }`), stories pass a fixed `now` (./fixtures.ts) for stable screenshots, the a11y
 * addon failing tests on violations, and locale / colour-scheme toolbars.
 */
import type { Preview } from '@storybook/react-vite';
import { mswLoader } from 'msw-storybook-addon/csf3';
import '../packages/ui/src/theme.css';

const preview: Preview = {
  loaders: [mswLoader()],
  parameters: {
    layout: 'centered',
    a11y: { test: 'error' },
    controls: { expanded: true },
  },
  globalTypes: {
    locale: {
      description: 'Interface language',
      toolbar: {
        title: 'Language',
        icon: 'globe',
        items: [
          { value: 'en', title: 'English' },
          { value: 'es', title: 'Español' },
          { value: 'ru', title: 'Русский' },
        ],
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
        ],
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { locale: 'en', scheme: 'light' },
  decorators: [
    (Story, context) => {
      document.documentElement.lang = String(context.globals.locale ?? 'en');
      document.documentElement.dataset.theme = String(context.globals.scheme ?? 'light');
      return <Story />;
    },
  ],
};

export default preview;
