/**
 * How every test runner here launches Chromium: Debian's build at /usr/bin/chromium
 * (CHROMIUM_PATH overrides), headless, without background networking (which the closed
 * network of CI machines would refuse many times a second), and with the project's own
 * font configuration (scripts/fonts.conf), so text renders the same on every machine.
 */
import { fileURLToPath } from 'node:url';

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--font-render-hinting=none',
];

/** fontconfig's rendering rules fixed by the project instead of the machine's /etc/fonts. */
export const fontconfigFile = fileURLToPath(new URL('./fonts.conf', import.meta.url));

/** The environment of a launched Chromium: the caller's, with the project's fontconfig. */
export const chromiumEnv = Object.fromEntries(
  Object.entries({ ...process.env, FONTCONFIG_FILE: fontconfigFile }).filter(
    (entry): entry is [string, string] => entry[1] !== undefined,
  ),
);

export const chromiumLaunchOptions = {
  executablePath: chromiumPath,
  args: chromiumArgs,
  env: chromiumEnv,
};
