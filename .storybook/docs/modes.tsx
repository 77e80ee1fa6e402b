/**
 * The capture modes as the docs pages state them, rendered from
 * apps/web/src/testing/story-modes.ts (the module the local screenshot run and Chromatic
 * read), so a page cannot say "twice" when the code captures ten times.
 * apps/web/src/testing/story-modes.test.ts fails when a page writes such a fact by hand.
 */
import {
  chromaticModeName,
  localScreenModes,
  viewportWidth,
  type Mode,
} from '../../apps/web/src/testing/story-modes.ts';

const LANGUAGES: Record<Mode['locale'], string> = {
  en: 'English',
  es: 'Spanish',
  ru: 'Russian',
};

const modes = Object.entries(localScreenModes);

/** How many times each screen story is captured (local run and Chromatic alike). */
export const screenModeCount = modes.length;

/** The languages screens are captured in, as a sentence ("English, Russian and Spanish"). */
export const screenModeLanguages = listOf(
  [...new Set(modes.map(([, mode]) => mode.locale))].map((locale) => LANGUAGES[locale]),
);

/** The widths screens are captured at, as a sentence ("1280 px and 390 px"). */
export const screenModeWidths = listOf(
  [...new Set(modes.map(([, mode]) => viewportWidth(mode.viewport ?? 'desktop')))].map(
    (width) => `${width} px`,
  ),
);

/** "a, b and c". */
function listOf(items: string[]): string {
  return items.length < 2
    ? (items[0] ?? '')
    : `${items.slice(0, -1).join(', ')} and ${items.at(-1)!}`;
}

/** A table of the screen modes: language, scheme, width, local file suffix, Chromatic name. */
export function ScreenModeTable() {
  return (
    <table>
      <caption style={{ textAlign: 'start' }}>
        The {screenModeCount} modes of every screen story (
        <code>apps/web/src/testing/story-modes.ts</code>)
      </caption>
      <thead>
        <tr>
          <th scope="col">Language</th>
          <th scope="col">Scheme</th>
          <th scope="col">Width</th>
          <th scope="col">Local capture file</th>
          <th scope="col">Chromatic mode</th>
        </tr>
      </thead>
      <tbody>
        {modes.map(([suffix, mode]) => (
          <tr key={suffix || 'default'}>
            <td>{LANGUAGES[mode.locale]}</td>
            <td>{mode.scheme}</td>
            <td>{viewportWidth(mode.viewport ?? 'desktop')} px</td>
            <td>
              <code>{suffix ? `<story>--${suffix}.png` : '<story>.png'}</code>
            </td>
            <td>
              <code>{chromaticModeName(mode)}</code>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
