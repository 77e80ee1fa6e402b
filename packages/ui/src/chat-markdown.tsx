/**
 * The assistant's markdown (docs/product.md#ai-chat) rendered safely, GitHub-flavoured (tables,
 * strikethrough, task lists, autolinks: what real models write): markdown-to-jsx, which builds
 * React elements (never `dangerouslySetInnerHTML`), with raw HTML not parsed (it shows as the
 * text it is), images shown as their alt text, unsafe URLs dropped (its sanitizer, then only
 * relative URLs and the schemes of `safeSchemes`), links opening in a new tab without
 * referrer. Loaded lazily by ChatMessage; a partial reply goes through
 * `chat-markdown-partial.tsx` first. See docs/decisions/008-ui-library.md ("Markdown in chat").
 */
import Markdown, { sanitizer, type MarkdownToJSX } from 'markdown-to-jsx/react';
import { Children, isValidElement, type ComponentPropsWithoutRef, type ReactNode } from 'react';

/** URL schemes a link may use (those react-markdown allowed); a URL without one is relative. */
const safeSchemes = new Set(['http', 'https', 'mailto', 'irc', 'ircs', 'xmpp']);

/**
 * A link or image URL as it may be rendered, or null to drop the attribute: markdown-to-jsx's
 * own sanitizer first (it sees through entity and percent encoding), then the URL's scheme,
 * if it has one before any `/`, `?` or `#`, must be in `safeSchemes` (so `data:` and other
 * schemes are dropped too).
 */
function safeUrl(url: string): string | null {
  const checked = sanitizer(url);
  if (checked === null) return null;
  // Browsers ignore tabs, newlines and leading control characters and spaces in a URL.
  // eslint-disable-next-line no-control-regex
  const bare = checked.replace(/[\u0000-\u0020]/g, '');
  const scheme = /^([^/?#]*?):/.exec(bare)?.[1];
  return scheme === undefined || safeSchemes.has(scheme.toLowerCase()) ? checked : null;
}

/** A link; one whose URL was refused (no `href`) is plain text, not a dead link. */
function Link({ children, href, title }: ComponentPropsWithoutRef<'a'>) {
  if (!href) return <span title={title}>{children}</span>;
  return (
    <a
      href={href}
      title={title}
      target="_blank"
      rel="noopener noreferrer nofollow"
      className="text-link underline underline-offset-2"
    >
      {children}
    </a>
  );
}

/** A task list item's box (`- [x] done`): shows the state, is not a control. */
function TaskBox({ checked }: ComponentPropsWithoutRef<'input'>) {
  return <input type="checkbox" checked={checked} disabled readOnly />;
}

/** Elements that end a task's label (a nested list, a second paragraph). */
const blockTags = new Set(['ul', 'ol', 'p', 'pre', 'blockquote', 'div', 'hr']);

/**
 * Content that starts with a task box, with the box and the text after it (up to the first
 * block) wrapped in a label, so the box is named by its task; other content as it is.
 */
function labelledTask(children: ReactNode): ReactNode {
  const items = Children.toArray(children);
  const [first] = items;
  if (!isValidElement(first) || first.type !== TaskBox) return children;
  const end = items.findIndex(
    (item, index) =>
      index > 0 &&
      isValidElement(item) &&
      typeof item.type === 'string' &&
      blockTags.has(item.type),
  );
  const cut = end === -1 ? items.length : end;
  return (
    <>
      <label>{items.slice(0, cut)}</label>
      {items.slice(cut)}
    </>
  );
}

const options: MarkdownToJSX.Options = {
  // Raw HTML is text: `<b>x</b>` shows the characters, nothing becomes an element.
  disableParsingRawHTML: true,
  // `---` at the start is a thematic break, not frontmatter that would be hidden.
  disableFrontmatter: true,
  // Always block output (paragraphs), as for a reply of several paragraphs.
  forceBlock: true,
  wrapper: null,
  sanitizer: (value) => safeUrl(value),
  overrides: {
    a: Link,
    img: ({ alt }: ComponentPropsWithoutRef<'img'>) => <span>{alt}</span>,
    input: TaskBox,
    li: ({ children, ...props }: ComponentPropsWithoutRef<'li'>) => (
      <li {...props}>{labelledTask(children)}</li>
    ),
    p: ({ children, ...props }: ComponentPropsWithoutRef<'p'>) => (
      <p {...props}>{labelledTask(children)}</p>
    ),
    // A wide table scrolls inside the bubble instead of widening it (phones).
    table: (props: ComponentPropsWithoutRef<'table'>) => (
      <div className="max-w-full overflow-x-auto">
        <table {...props} />
      </div>
    ),
  },
};

/**
 * Renders complete markdown without raw HTML or images; links open in a new tab.
 *
 * Use when showing text written by the assistant (ChatMessage loads it for you).
 *
 * Don't use when the text is the product's own copy or a user's input: render it as plain
 * text (react-intl messages, `{text}`), which never interprets markup.
 */
export default function SafeMarkdown({
  children,
}: {
  /** The markdown source. */
  children: string;
}) {
  return <Markdown options={options}>{children}</Markdown>;
}
