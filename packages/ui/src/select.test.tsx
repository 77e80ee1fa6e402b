import { describe, expect, it, vi } from 'vitest';
import { render } from 'vitest-browser-react';
import { userEvent } from 'vitest/browser';
import { Select } from './select.tsx';

const options = [
  { id: 'en', label: 'English', lang: 'en' },
  { id: 'es', label: 'Español', lang: 'es' },
];

describe('Select (react-aria)', () => {
  it('opens the real list on a press, with the chosen option selectable', async () => {
    const onChange = vi.fn();
    const screen = await render(
      <Select label="Language" options={options} value="en" onChange={onChange} />,
    );
    await userEvent.click(screen.getByRole('button', { name: /Language/ }));
    await expect.element(screen.getByRole('listbox')).toBeVisible();
    await userEvent.click(screen.getByRole('option', { name: 'Español' }));
    expect(onChange).toHaveBeenCalledWith('es');
  });

  it('opens with ArrowDown from the keyboard and moves focus into the list', async () => {
    const screen = await render(<Select label="Language" options={options} value="en" />);
    (screen.getByRole('button', { name: /Language/ }).element() as HTMLElement).focus();
    await userEvent.keyboard('{ArrowDown}');
    await expect.element(screen.getByRole('listbox')).toBeVisible();
    await vi.waitFor(() => expect(document.activeElement?.getAttribute('role')).toBe('option'));
  });
});
