/**
 * The Select's stand-in and a press that is still down when the full Select arrives (its
 * own file: the full Select must not be loaded yet, and the loaded module is kept for the
 * rest of a file's tests).
 */
import { expect, it } from 'vitest';
import { render } from 'vitest-browser-react';
import { Select } from './select.tsx';

const options = [
  { id: 'en', label: 'English', lang: 'en' },
  { id: 'ru', label: 'Русский', lang: 'ru' },
];

function pointer(type: string, target: Element) {
  target.dispatchEvent(
    new PointerEvent(type, { bubbles: true, button: 0, pointerType: 'mouse', isPrimary: true }),
  );
}

it('opens the list when the full Select arrives while a press on the stand-in is down', async () => {
  const screen = await render(<Select label="Language" options={options} value="en" />);
  const standIn = screen.getByRole('button', { name: /Language/ }).element();
  // The pointer comes near (loading starts) and goes down before the full Select is there.
  pointer('pointerenter', standIn);
  pointer('pointerdown', standIn);
  await expect.element(screen.getByRole('listbox')).toBeVisible();
  // The release lands on the new trigger, which never saw the press: the list stays open.
  const trigger = screen.getByRole('button', { name: /Language/ }).element();
  expect(trigger).not.toBe(standIn);
  pointer('pointerup', trigger);
  await expect.element(screen.getByRole('option', { name: 'Русский' })).toBeVisible();
});
