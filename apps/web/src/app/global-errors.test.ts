/**
 * The global error handler's resource rule (docs/product.md#errors-and-messages): the app's own
 * failed image, script or stylesheet raises one 'Warning'; a picked file's preview and a map tile
 * do not.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createNoticeBus, type Notice } from './events.ts';
import { HANDLED_LOAD_ERRORS, installGlobalErrorHandlers } from './global-errors.ts';

const cleanups: (() => void)[] = [];
afterEach(() => {
  while (cleanups.length) cleanups.pop()!();
});

function listen() {
  const bus = createNoticeBus();
  const notices: Notice[] = [];
  cleanups.push(bus.subscribe((notice) => notices.push(notice)));
  cleanups.push(installGlobalErrorHandlers(window, bus));
  return notices;
}

/** Adds an image that fails to load under `parent`; resolves after its error event. */
function failingImage(src: string, parent: HTMLElement = document.body) {
  const image = document.createElement('img');
  const failed = new Promise((resolve) => image.addEventListener('error', resolve));
  image.src = src;
  parent.append(image);
  cleanups.push(() => image.remove());
  return failed;
}

describe('global resource-load warnings', () => {
  it("warns once for the app's own image", async () => {
    const notices = listen();
    await failingImage('/no-such-image-for-this-test.png');
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ kind: 'warning' });
  });

  it('stays quiet for a picked file that is not an image (blob: preview)', async () => {
    const notices = listen();
    await failingImage(URL.createObjectURL(new Blob(['not a picture'], { type: 'image/png' })));
    expect(notices).toHaveLength(0);
  });

  it('stays quiet inside a subtree that shows its own failure (the map)', async () => {
    const notices = listen();
    const map = document.createElement('div');
    for (const [name, value] of Object.entries(HANDLED_LOAD_ERRORS)) map.setAttribute(name, value);
    document.body.append(map);
    cleanups.push(() => map.remove());
    await failingImage('/no-such-tile/1/2/3.png', map);
    expect(notices).toHaveLength(0);
  });
});
