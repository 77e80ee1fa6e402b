/**
 * Modes: the combinations of globals that Chromatic captures for a story
 * (`parameters.chromatic.modes`) and that the local screenshot run captures for screen stories
 * (.storybook/visual/stories.spec.ts). Each mode is a set of the toolbar's globals (see
 * preview.tsx): `scheme` (light, dark), `locale` (en, es, ru) and `viewport` (phone, desktop).
 *
 * This module is the one source of these facts: the docs pages (.storybook/docs/modes.tsx)
 * render the lists and counts from it, and story-modes.test.ts fails when a page states them
 * by hand.
 */
export const VIEWPORTS = {
  phone: { name: 'Phone (390 px)', styles: { width: '390px', height: '844px' }, type: 'mobile' },
  desktop: {
    name: 'Desktop (1280 px)',
    styles: { width: '1280px', height: '800px' },
    type: 'desktop',
  },
} as const;

/** A viewport of the toolbar (`phone`, `desktop`). */
export type ViewportName = keyof typeof VIEWPORTS;

/** The width of a viewport in CSS pixels (390 for `phone`). */
export function viewportWidth(viewport: ViewportName): number {
  return parseInt(VIEWPORTS[viewport].styles.width, 10);
}

/** The height of a viewport in CSS pixels (844 for `phone`). */
export function viewportHeight(viewport: ViewportName): number {
  return parseInt(VIEWPORTS[viewport].styles.height, 10);
}

/** A mode: the globals a capture is taken with. */
export interface Mode {
  readonly scheme: 'light' | 'dark';
  readonly locale: 'en' | 'es' | 'ru';
  readonly viewport?: ViewportName;
}

/** Every story: the default look (light, English). */
export const defaultMode = { light: { scheme: 'light', locale: 'en' } } satisfies Record<
  string,
  Mode
>;

/**
 * The captures of every screen story (local run and Chromatic alike): English and Russian
 * (the longest words), light and dark, at 1280 px and at 390 px; and Spanish, light and dark,
 * at 390 px, where its long words wrap first. A screen is where a dark colour, a narrow width
 * or a long word breaks a layout.
 *
 * Keys are the local run's file-name suffixes: the first is the story's main capture (its
 * file has no suffix); the others add `--<key>` to the file name. A mode added here is
 * captured on the next run once its baselines are taken. Play functions find elements with
 * `text()` (story-text.ts), so they pass in every language.
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
  'es-phone': { scheme: 'light', locale: 'es', viewport: 'phone' },
  'es-dark-phone': { scheme: 'dark', locale: 'es', viewport: 'phone' },
};

/** A Chromatic mode: the story's globals, and the viewport as a width in pixels. */
export interface ChromaticMode {
  readonly scheme: Mode['scheme'];
  readonly locale: Mode['locale'];
  readonly viewport: number;
}

/**
 * The name of a mode in Chromatic: `light desktop`, `ru dark phone`, `es light phone`
 * (English has no prefix). Renaming a mode starts its Chromatic baselines afresh.
 */
export function chromaticModeName(mode: Mode): string {
  const prefix = mode.locale === 'en' ? '' : `${mode.locale} `;
  return `${prefix}${mode.scheme} ${mode.viewport ?? 'desktop'}`;
}

/**
 * Screen stories in Chromatic: the same modes as the local run, named for people, with each
 * viewport given as a width in pixels as Chromatic's modes API takes it
 * (https://www.chromatic.com/docs/modes/viewports/); the other keys are set as globals.
 */
export const screenModes: Record<string, ChromaticMode> = Object.fromEntries(
  Object.values(localScreenModes).map((mode) => [
    chromaticModeName(mode),
    {
      scheme: mode.scheme,
      locale: mode.locale,
      viewport: viewportWidth(mode.viewport ?? 'desktop'),
    },
  ]),
);

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
