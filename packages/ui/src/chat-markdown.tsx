/**
 * The assistant's markdown (docs/product.md#ai-chat) rendered safely, GitHub-flavoured (tables,
 * strikethrough, task lists, autolinks: what real models write): react-markdown with raw HTML
 * skipped, images shown as their alt text, unsafe URLs dropped (react-markdown's default
 * URL transform), links opening in a new tab without referrer. Loaded lazily by ChatMessage.
 * A partial reply (still streaming, or stopped mid-way) is first completed by remend, so an
 * unclosed `**bold` or `` `code`` renders as formatting, not raw markers.
 */
import Markdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import remend from 'remend';

const markdownComponents: Components = {
  a: ({ node: _node, children, ...props }) => (
    <a
      {...props}
      target="_blank"
      rel="noopener noreferrer nofollow"
      className="text-link underline underline-offset-2"
    >
      {children}
    </a>
  ),
  img: ({ alt }) => <span>{alt}</span>,
  // A wide table scrolls inside the bubble instead of widening it (phones).
  table: ({ node: _node, ...props }) => (
    <div className="max-w-full overflow-x-auto">
      <table {...props} />
    </div>
  ),
};

/**
 * Renders markdown without raw HTML or images; links open in a new tab. `isPartial`: the
 * text may end mid-way through a formatting mark (streaming or interrupted).
 *
 * Use when showing text written by the assistant (ChatMessage loads it for you).
 *
 * Don't use when the text is the product's own copy or a user's input: render it as plain
 * text (react-intl messages, `{text}`), which never interprets markup.
 */
export default function SafeMarkdown({
  children,
  isPartial = false,
}: {
  /** The markdown source. */
  children: string;
  /** The text may end mid-way (streaming or stopped): close open marks first. @default false */
  isPartial?: boolean;
}) {
  return (
    <Markdown skipHtml remarkPlugins={[remarkGfm]} components={markdownComponents}>
      {isPartial ? remend(children) : children}
    </Markdown>
  );
}
