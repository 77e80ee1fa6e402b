/**
 * Modes: the combinations of globals that Chromatic captures for a story
 * (`parameters.chromatic.modes`) and that the local screenshot run captures for screen stories
 * (.storybook/visual/stories.spec.ts). Each mode is a set of the toolbar's globals (see
 * preview.tsx): `scheme` (light, dark), `locale` (en, es, ru) and `viewport` (phone, desktop).
 */
export const VIEWPORTS = {
  phone: { name: 'Phone (390 px)', styles: { width: '390px', height: '844px' }, type: 'mobile' },
  desktop: {
    name: 'Desktop (1280 px)',
    styles: { width: '1280px', height: '800px' },
    type: 'desktop',
  },
} as const;

/** A mode: the globals a capture is taken with. */
export interface Mode {
  readonly scheme: 'light' | 'dark';
  readonly locale: 'en' | 'es' | 'ru';
  readonly viewport?: keyof typeof VIEWPORTS;
}

/** Every story: the default look (light, English). */
export const defaultMode = { light: { scheme: 'light', locale: 'en' } } satisfies Record<
  string,
  Mode
>;

/**
 * Screen stories in Chromatic: light and dark, at desktop and phone width, in English and
 * in Russian (the longest words). A screen is where a dark colour, a narrow width or a long
 * word breaks a layout, so each is captured in all eight combinations.
 */
export const screenModes = {
  'light desktop': { scheme: 'light', locale: 'en', viewport: 'desktop' },
  'dark desktop': { scheme: 'dark', locale: 'en', viewport: 'desktop' },
  'light phone': { scheme: 'light', locale: 'en', viewport: 'phone' },
  'dark phone': { scheme: 'dark', locale: 'en', viewport: 'phone' },
  'ru light desktop': { scheme: 'light', locale: 'ru', viewport: 'desktop' },
  'ru dark desktop': { scheme: 'dark', locale: 'ru', viewport: 'desktop' },
  'ru light phone': { scheme: 'light', locale: 'ru', viewport: 'phone' },
  'ru dark phone': { scheme: 'dark', locale: 'ru', viewport: 'phone' },
} satisfies Record<string, Mode>;

/**
 * The parameters every screen story's meta starts from: full-screen layout, the screen modes
 * for Chromatic, and docs pages that render each state in its own frame (a screen's mock
 * handlers and route are its own, so two states must not share one page).
 */
export const SCREEN_PARAMETERS = {
  layout: 'fullscreen',
  chromatic: { modes: screenModes },
  docs: { story: { inline: false, height: '640px' } },
} as const;

/**
 * The captures of every screen story in the local screenshot run
 * (.storybook/visual/stories.spec.ts): English and Russian (the longest words), light and
 * dark, at 1280 px and at 390 px, eight in all. The first is the story's main capture
 * (its file has no suffix); the others add `--<name>` to the file name. A mode added here
 * is captured on the next run once its baselines are taken. Play functions find elements
 * with `text()` (story-text.ts), so they pass in every language.
 */
export const localScreenModes: Record<string, Mode> = {
  '': { scheme: 'light', locale: 'en', viewport: 'desktop' },
  dark: { scheme: 'dark', locale: 'en', viewport: 'desktop' },
  phone: { scheme: 'light', locale: 'en', viewport: 'phone' },
  'dark-phone': { scheme: 'dark', locale: 'en', viewport: 'phone' },
  ru: { scheme: 'light', locale: 'ru', viewport: 'desktop' },
  'ru-dark': { scheme: 'dark', locale: 'ru', viewport: 'desktop' },
  'ru-phone': { scheme: 'light', locale: 'ru', viewport: 'phone' },
  'ru-dark-phone': { scheme: 'dark', locale: 'ru', viewport: 'phone' },
};
