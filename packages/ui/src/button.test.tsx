import { describe, expect, it, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { Button } from './button.tsx';

describe('Button', () => {
  it('presses with the keyboard and reports the variant', async () => {
    const onPress = vi.fn();
    const screen = await render(
      <Button variant="secondary" onPress={onPress}>
        Save
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Save' });
    await expect.element(button).toHaveAttribute('data-variant', 'secondary');
    await userEvent.keyboard('{Tab}');
    await userEvent.keyboard('{Enter}');
    expect(onPress).toHaveBeenCalledTimes(1);
  });

  it('keeps its accessible name and ignores presses while pending', async () => {
    const onPress = vi.fn();
    const screen = await render(
      <Button isPending onPress={onPress}>
        Calculate
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Calculate' });
    await expect.element(button).toHaveAttribute('data-pending', 'true');
    await button.click({ force: true });
    expect(onPress).not.toHaveBeenCalled();
  });

  it('draws the focus ring on keyboard focus only (WCAG 2.4.7)', async () => {
    const screen = await render(<Button>Save</Button>);
    const button = screen.getByRole('button', { name: 'Save' }).element();
    expect(getComputedStyle(button).outlineStyle).toBe('none');
    await userEvent.keyboard('{Tab}');
    await expect.element(button).toHaveAttribute('data-focus-visible', 'true');
    const focused = getComputedStyle(button);
    expect(focused.outlineStyle).toBe('solid');
    expect(focused.outlineWidth).toBe('2px');
  });

  it('looks different focused: a screenshot with keyboard focus differs from one without', async () => {
    const screen = await render(
      <div data-testid="frame" className="inline-block p-4">
        <Button>Save</Button>
      </div>,
    );
    const frame = screen.getByTestId('frame');
    // A capture once two in a row agree (colour transitions have settled).
    const shot = async () => {
      let last = await pixels(await page.screenshot({ element: frame, save: false }));
      for (let tries = 0; tries < 20; tries += 1) {
        const next = await pixels(await page.screenshot({ element: frame, save: false }));
        if (changedPixels(last, next) === 0) return next;
        last = next;
      }
      throw new Error('the button never stopped changing');
    };
    const unfocused = await shot();
    await userEvent.keyboard('{Tab}');
    await expect.element(screen.getByRole('button', { name: 'Save' })).toHaveFocus();
    // The 2 px ring around the button: hundreds of pixels change, not a few.
    expect(changedPixels(unfocused, await shot())).toBeGreaterThan(200);
  });
});

/** The RGBA pixels of a base64 PNG screenshot. */
async function pixels(base64: string): Promise<ImageData> {
  const image = new Image();
  image.src = `data:image/png;base64,${base64}`;
  await image.decode();
  const canvas = new OffscreenCanvas(image.width, image.height);
  const context = canvas.getContext('2d')!;
  context.drawImage(image, 0, 0);
  return context.getImageData(0, 0, image.width, image.height);
}

/** How many pixels differ between two same-size images. */
function changedPixels(a: ImageData, b: ImageData): number {
  let changed = 0;
  for (let i = 0; i < a.data.length; i += 4) {
    if (a.data.slice(i, i + 4).some((value, k) => value !== b.data[i + k])) changed += 1;
  }
  return changed;
}
