/**
 * The capture modes are stated once, in story-modes.ts: the docs pages render them from it
 * (.storybook/docs/modes.tsx). These tests fail when a page about Storybook, screenshots or
 * Chromatic states how many times, in which languages or at which widths screens are captured
 * by hand, and check the Chromatic modes follow the local ones.
 */
import { describe, expect, it } from 'vitest';
import {
  chromaticModeName,
  localScreenModes,
  screenModes,
  viewportWidth,
  VIEWPORTS,
} from './story-modes.ts';

const pages = {
  ...import.meta.glob<string>('../../../../.storybook/docs/*.mdx', {
    query: '?raw',
    import: 'default',
    eager: true,
  }),
  ...import.meta.glob<string>(
    ['../../../../docs/visual-testing.md', '../../../../docs/decisions/019-visual-review.md'],
    { query: '?raw', import: 'default', eager: true },
  ),
};

const COUNT =
  '(?:\\d+|once|twice|thrice|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)';

/** Sentences of a page (prose only: code blocks, imports and JSX left out). */
function sentences(page: string): string[] {
  return page
    .replace(/```[\s\S]*?```/g, '')
    .split('\n')
    .filter((line) => !/^\s*(import|export|<|\})/.test(line))
    .join(' ')
    .split(/(?<=[.;:])\s+/);
}

describe('docs pages about captures', () => {
  it('finds the pages', () => {
    expect(Object.keys(pages).some((path) => path.endsWith('introduction.mdx'))).toBe(true);
    expect(Object.keys(pages).some((path) => path.endsWith('visual-testing.md'))).toBe(true);
  });

  it.each(Object.entries(pages))('%s states no capture count by hand', (_path, page) => {
    const countOfCaptures = new RegExp(
      `\\b${COUNT}\\b(?:\\s+(?:more|screen|local|chromatic))*\\s+(?:modes?|captures?|times|snapshots?)\\b|\\bcaptured\\s+(?:[\\w-]+\\s+){0,3}${COUNT}\\b(?!\\s*px)`,
      'i',
    );
    const stated = sentences(page).filter((sentence) => countOfCaptures.test(sentence));
    expect(stated).toEqual([]);
  });

  it.each(Object.entries(pages))(
    '%s lists no capture languages or widths by hand',
    (_path, page) => {
      // "English and Russian, light and dark, at 1280 px and 390 px" written out in prose.
      const modeList =
        /\b(?:English|Russian|Spanish)\b[^.]{0,80}\b(?:light|dark)\b[^.]{0,80}\b\d{3,4}\s*px\b/i;
      const stated = sentences(page).filter(
        (sentence) => /captur|mode|screenshot|chromatic/i.test(sentence) && modeList.test(sentence),
      );
      expect(stated).toEqual([]);
    },
  );
});

describe('screen modes', () => {
  it('Chromatic captures each local mode, with the viewport as its width', () => {
    const local = Object.values(localScreenModes);
    expect(Object.keys(screenModes)).toEqual(local.map(chromaticModeName));
    for (const mode of local) {
      expect(screenModes[chromaticModeName(mode)]).toEqual({
        scheme: mode.scheme,
        locale: mode.locale,
        viewport: viewportWidth(mode.viewport ?? 'desktop'),
      });
    }
  });

  it('captures Spanish at phone width in light and dark', () => {
    const spanishPhone = Object.values(localScreenModes).filter(
      (mode) => mode.locale === 'es' && mode.viewport === 'phone',
    );
    expect(spanishPhone.map((mode) => mode.scheme).sort()).toEqual(['dark', 'light']);
  });

  it('gives every mode a viewport of the toolbar', () => {
    for (const mode of Object.values(localScreenModes)) {
      expect(Object.keys(VIEWPORTS)).toContain(mode.viewport);
    }
  });
});
