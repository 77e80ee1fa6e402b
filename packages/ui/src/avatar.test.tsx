import { describe, expect, it } from 'vitest';
import { render } from 'vitest-browser-react';
import { Avatar, initialsOf } from './avatar.tsx';

describe('initialsOf', () => {
  it.each([
    ['Ada Lovelace', 'AL'],
    ['  ada   king lovelace ', 'AL'],
    ['Cher', 'C'],
    ['борис пастернак', 'БП'],
    ['', '?'],
  ])('%j -> %s', (name, initials) => {
    expect(initialsOf(name)).toBe(initials);
  });
});

describe('Avatar', () => {
  it('falls back to initials when the picture fails to load, keeping the name', async () => {
    const screen = await render(<Avatar name="Ada Lovelace" src="/missing-picture.png" />);
    await expect.element(screen.getByText('AL')).toBeVisible();
    await expect.element(screen.getByRole('img', { name: 'Ada Lovelace' })).toBeInTheDocument();
  });

  it('shows initials without a picture', async () => {
    const screen = await render(<Avatar name="Boris Ivanov" src={null} />);
    await expect.element(screen.getByRole('img', { name: 'Boris Ivanov' })).toHaveTextContent('BI');
  });
});
