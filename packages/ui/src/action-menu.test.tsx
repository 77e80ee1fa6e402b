import { describe, expect, it, vi } from 'vitest';
import { render } from 'vitest-browser-react';
import { userEvent } from 'vitest/browser';
import { ActionMenu } from './action-menu.tsx';

const items = [
  { id: 'clear', label: 'Clear chat' },
  { id: 'end', label: 'End conversation', isDisabled: true, tone: 'danger' as const },
];

describe('ActionMenu', () => {
  it('runs an enabled action, skips a disabled one, and returns focus on Escape', async () => {
    const onAction = vi.fn();
    const screen = await render(
      <ActionMenu label="More actions" items={items} onAction={onAction} />,
    );
    const button = screen.getByRole('button', { name: 'More actions' });
    (button.element() as HTMLElement).focus();
    await userEvent.keyboard('{Enter}');
    await expect
      .element(screen.getByRole('menuitem', { name: 'End conversation' }))
      .toHaveAttribute('aria-disabled', 'true');
    await userEvent.keyboard('{Escape}');
    expect(document.activeElement).toBe(button.element());
    await userEvent.click(button);
    await userEvent.click(screen.getByRole('menuitem', { name: 'Clear chat' }));
    expect(onAction).toHaveBeenCalledExactlyOnceWith('clear');
  });

  it('shows each option checked or not and reports a change', async () => {
    const onOptionChange = vi.fn();
    const screen = await render(
      <ActionMenu
        label="More actions"
        items={items}
        onAction={vi.fn()}
        options={[{ id: 'showBotType', label: 'Show the assistant type', isSelected: true }]}
        onOptionChange={onOptionChange}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'More actions' }));
    const option = screen.getByRole('menuitemcheckbox', { name: 'Show the assistant type' });
    await expect.element(option).toHaveAttribute('aria-checked', 'true');
    await userEvent.click(option);
    expect(onOptionChange).toHaveBeenCalledExactlyOnceWith('showBotType', false);
  });
});
