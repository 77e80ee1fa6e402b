/**
 * How every test runner here launches Chromium: Debian's build at /usr/bin/chromium
 * (CHROMIUM_PATH overrides), headless, and without background networking, which the
 * closed network of CI machines would refuse many times a second.
 */
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

export const chromiumLaunchOptions = {
  executablePath: chromiumPath,
  args: chromiumArgs,
};
