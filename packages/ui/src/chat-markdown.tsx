/**
 * The assistant's markdown (spec section 4) rendered safely: react-markdown with raw HTML
 * skipped, images shown as their alt text, unsafe URLs dropped (react-markdown's default
 * URL transform), links opening in a new tab without referrer. Loaded lazily by ChatMessage.
 */
import Markdown, { type Components } from 'react-markdown';

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
};

/** Renders markdown without raw HTML or images; links open in a new tab. */
export default function SafeMarkdown({ children }: { children: string }) {
  return (
    <Markdown skipHtml components={markdownComponents}>
      {children}
    </Markdown>
  );
}
