import { describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
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
});
