/**
 * An assistant reply that may end mid-way (still streaming, or stopped): remend first
 * closes its open marks, so an unclosed `**bold` or `` `code`` renders as formatting, not
 * raw markers, then SafeMarkdown renders it. Its own module so that a conversation read from
 * history loads no remend (ChatMessage loads it lazily; docs/decisions/008-ui-library.md,
 * "Markdown in chat").
 */
import remend from 'remend';
import SafeMarkdown from './chat-markdown.tsx';

/** Renders the partial markdown `children` (a string) with its open marks closed. */
export default function PartialMarkdown({ children }: { children: string }) {
  return <SafeMarkdown>{remend(children)}</SafeMarkdown>;
}
