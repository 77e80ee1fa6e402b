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

/** The initials an avatar draws (its ::before content, quoted as CSS gives it). */
const drawnInitials = (element: Element) => getComputedStyle(element, '::before').content;

describe('Avatar', () => {
  it('falls back to initials when the picture fails to load, keeping the name', async () => {
    const screen = await render(<Avatar name="Ada Lovelace" src="/missing-picture.png" />);
    const avatar = screen.getByRole('img', { name: 'Ada Lovelace' });
    await expect.element(avatar).toBeVisible();
    await expect.poll(() => drawnInitials(avatar.element())).toBe('"AL"');
  });

  it('shows initials without a picture', async () => {
    const screen = await render(<Avatar name="Boris Ivanov" src={null} />);
    const avatar = screen.getByRole('img', { name: 'Boris Ivanov' });
    expect(drawnInitials(avatar.element())).toBe('"BI"');
    // Drawn, not written: the page's text (and a button's visible label) does not hold them.
    expect(avatar.element().textContent).toBe('');
  });
});
