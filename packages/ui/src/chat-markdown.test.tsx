import { describe, expect, it } from 'vitest';
import { render } from 'vitest-browser-react';
import PartialMarkdown from './chat-markdown-partial.tsx';
import SafeMarkdown from './chat-markdown.tsx';

/** Renders the markdown; its elements are the direct children of `container`. */
const rendered = (markdown: string, isPartial = false) =>
  render(
    isPartial ? (
      <PartialMarkdown>{markdown}</PartialMarkdown>
    ) : (
      <SafeMarkdown>{markdown}</SafeMarkdown>
    ),
  );

describe('SafeMarkdown refuses', () => {
  it('raw HTML: a script or an image with onerror is text, never an element', async () => {
    const screen = await rendered(
      [
        '<script>alert(1)</script>',
        '',
        'Look: <img src="x" onerror="alert(2)"> and <b>raw html</b>',
      ].join('\n'),
    );
    await expect.element(screen.getByText('raw html', { exact: false })).toBeVisible();
    const root = screen.container;
    expect(root.querySelector('script, img, b, [onerror]')).toBeNull();
    // The markup is shown as the characters it is.
    expect(root.textContent).toContain('<b>raw html</b>');
    expect(root.textContent).toContain('onerror=');
  });

  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'java%0ascript:alert(1)',
    'javascript&#58;alert(1)',
    'vbscript:msgbox(1)',
    'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
    'data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=',
  ])('an unsafe link target: [x](%s) has no href', async (url) => {
    const screen = await rendered(`[click me](<${url}>)`);
    await expect.element(screen.getByText('click me')).toBeVisible();
    expect(screen.container.querySelector('a')).toBeNull();
  });

  it('an image: its alt text is shown instead', async () => {
    const screen = await rendered('![roof photo](https://example.com/roof.png)');
    await expect.element(screen.getByText('roof photo')).toBeVisible();
    expect(screen.container.querySelector('img')).toBeNull();
  });
});

describe('SafeMarkdown renders GitHub-flavoured markdown', () => {
  it('a link opening in a new tab without referrer', async () => {
    const screen = await rendered('See [PVGIS](https://re.jrc.ec.europa.eu/pvg_tools/en/).');
    const link = screen.getByRole('link', { name: 'PVGIS' });
    await expect.element(link).toHaveAttribute('href', 'https://re.jrc.ec.europa.eu/pvg_tools/en/');
    await expect.element(link).toHaveAttribute('target', '_blank');
    await expect.element(link).toHaveAttribute('rel', 'noopener noreferrer nofollow');
    await expect.element(link).toHaveClass('text-link underline underline-offset-2');
  });

  it('a bare https URL as a link (autolink)', async () => {
    const screen = await rendered('Details at https://example.com/solar today.');
    const link = screen.getByRole('link', { name: 'https://example.com/solar' });
    await expect.element(link).toHaveAttribute('href', 'https://example.com/solar');
    await expect.element(link).toHaveAttribute('target', '_blank');
    await expect.element(link).toHaveAttribute('rel', 'noopener noreferrer nofollow');
  });

  it('a table inside a horizontally scrolling box', async () => {
    const screen = await rendered(
      ['| System | Power |', '| --- | --- |', '| Small | 3,2 kW |', '| Medium | 5,0 kW |'].join(
        '\n',
      ),
    );
    const table = screen.getByRole('table');
    await expect.element(table).toBeVisible();
    expect(screen.getByRole('row').all()).toHaveLength(3);
    const headers = [...table.element().querySelectorAll('thead th')];
    expect(headers.map((header) => header.textContent)).toEqual(['System', 'Power']);
    await expect.element(screen.getByRole('cell', { name: 'Medium' })).toBeVisible();
    const box = table.element().parentElement;
    expect(box?.tagName).toBe('DIV');
    expect(box).toHaveClass('overflow-x-auto');
  });

  it('strikethrough as a del element', async () => {
    const screen = await rendered('The ~~old~~ new price.');
    expect(screen.container.querySelector('del')).toHaveTextContent('old');
  });

  it('a task list item as a checked, disabled checkbox named by its task', async () => {
    const screen = await rendered(['- [x] done', '- [ ] to *do*', '  - nested'].join('\n'));
    const done = screen.getByRole('checkbox', { name: 'done' });
    await expect.element(done).toBeChecked();
    await expect.element(done).toBeDisabled();
    const toDo = screen.getByRole('checkbox', { name: 'to do' });
    await expect.element(toDo).not.toBeChecked();
    await expect.element(toDo).toBeDisabled();
    await expect.element(screen.getByText('nested')).toBeVisible();
  });

  it('several paragraphs and lists without a wrapping element', async () => {
    const screen = await rendered(['First.', '', '1. one', '2. two', '', 'Last.'].join('\n'));
    await expect.element(screen.getByRole('list')).toBeVisible();
    expect([...screen.container.children].map((child) => child.tagName)).toEqual(['P', 'OL', 'P']);
  });

  it('a partial reply with its open marks closed (remend)', async () => {
    const screen = await rendered('Your payback is about **6 years', true);
    await expect.element(screen.getByText('6 years')).toBeVisible();
    expect(screen.container.querySelector('strong')).toHaveTextContent('6 years');
  });
});
