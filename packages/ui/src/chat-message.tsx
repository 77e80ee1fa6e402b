/**
 * ChatMessage: one message of the AI chat (docs/product.md#ai-chat). User messages are plain
 * text on the right; assistant messages render safe markdown (markdown-to-jsx: no raw
 * HTML, unsafe URLs dropped, links open in a new tab) with the bot type label
 * (Solar Consultant / Sales Specialist); system messages are centred notices, `tone`
 * error for failures. A streaming reply shows a blinking caret and is `aria-busy`; an
 * interrupted one is marked. A finished assistant reply can offer a Copy button (`onCopy`):
 * after a successful copy it shows a check and "Copied", announced politely. The last reply
 * can offer Regenerate (`regenerate`): a menu asking whether the new reply replaces this one
 * or both are kept (docs/product.md#ai-chat); a reply kept from an earlier answer carries
 * `earlierLabel`. Labels arrive translated.
 */
import type { ChatRole } from '@solar/domain/contract';
import {
  lazy,
  Suspense,
  useEffect,
  useState,
  type ComponentType,
  type LazyExoticComponent,
  type ReactNode,
} from 'react';
import { Menu, MenuItem, MenuTrigger, Popover } from 'react-aria-components';
import { Button } from './button.tsx';
import { cn } from './cn.ts';
import { AlertIcon, CheckIcon, CopyIcon, SunIcon } from './icons.tsx';

export interface ChatMessageProps {
  /** Who wrote it: user, assistant or system. */
  author: ChatRole;
  /** The text: plain for user and system messages, markdown for the assistant's. */
  content: string;
  /** Screen-reader name of the author ("You", "Assistant", "System"). */
  authorLabel: string;
  /** The bot type shown above an assistant message ("Solar Consultant"). @default undefined (none) */
  botLabel?: string;
  /** Formatted time of the message, shown in its header. @default undefined (none) */
  time?: string;
  /** The reply is still arriving: blinking caret, `aria-busy`. @default false */
  isStreaming?: boolean;
  /** Text of the interrupted mark ("Response interrupted"); shown when set. @default undefined */
  interruptedLabel?: string;
  /** System message tone: `info` a neutral notice, `error` a failure. */
  tone?: 'info' | 'error';
  /**
   * Copies the reply (the app writes `content` to the clipboard); resolve when copied,
   * reject when not (no "Copied" then). Shown on finished assistant replies only, with
   * `copyLabel`. @default undefined (no Copy button)
   */
  onCopy?: () => Promise<void> | void;
  /** Accessible name of the Copy button ("Copy reply"); required with `onCopy`. @default undefined */
  copyLabel?: string;
  /** Shown and announced after a copy ("Copied"). @default undefined (the check mark alone) */
  copiedLabel?: string;
  /**
   * Regenerate on this reply (the last one of the conversation): a "Regenerate" button
   * opening a menu of `replaceLabel` and `keepLabel`; `onRegenerate` gets the choice.
   * Shown on finished assistant replies only. @default undefined (no Regenerate)
   */
  regenerate?: RegenerateMenuProps;
  /** Marks a reply kept when it was regenerated ("Earlier reply"). @default undefined */
  earlierLabel?: string;
  /** Extra classes for the message. @default undefined */
  className?: string;
}

/** The Regenerate menu of a reply (see `ChatMessageProps.regenerate`). */
export interface RegenerateMenuProps {
  /** Text of the button ("Regenerate"). */
  label: string;
  /** The item that replaces this reply ("Replace this reply"). */
  replaceLabel: string;
  /** The item that keeps both replies ("Keep both"). */
  keepLabel: string;
  /** Called with the chosen mode; the menu closes. */
  onRegenerate: (mode: 'replace' | 'keep') => void;
  /** Open on first render (stories of the open menu). @default false */
  defaultOpen?: boolean;
}

const menuItemClass = cn(
  'flex cursor-default items-center rounded-md px-2.5 py-2 text-sm text-fg outline-none',
  'data-[focused]:bg-brand-soft',
);

/** The reply's Regenerate button and its menu: replace this reply, or keep both. */
function RegenerateMenu({
  label,
  replaceLabel,
  keepLabel,
  onRegenerate,
  defaultOpen,
}: RegenerateMenuProps) {
  return (
    <MenuTrigger defaultOpen={defaultOpen}>
      <Button variant="ghost" size="sm" className="h-7 px-2 text-fg-muted">
        {label}
      </Button>
      <Popover
        placement="bottom start"
        className="w-56 max-w-[calc(100vw-1rem)] rounded-control border border-border bg-surface-raised p-1 shadow-overlay"
      >
        <Menu
          aria-label={label}
          className="outline-none"
          onAction={(key) => onRegenerate(key === 'keep' ? 'keep' : 'replace')}
        >
          <MenuItem id="replace" className={menuItemClass}>
            {replaceLabel}
          </MenuItem>
          <MenuItem id="keep" className={menuItemClass}>
            {keepLabel}
          </MenuItem>
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}

/** How long the "Copied" confirmation stays, in milliseconds. */
const COPIED_MS = 2000;

/**
 * The reply's Copy button: its name stays `label`; after `onCopy` resolves, a check mark and
 * `copiedLabel` show for two seconds in a polite status region (present from the start, so
 * screen readers announce the change).
 */
function CopyReplyButton({
  onCopy,
  label,
  copiedLabel,
}: {
  onCopy: () => Promise<void> | void;
  label: string;
  copiedLabel?: string;
}) {
  // Each successful copy gets a new stamp, so a second copy restarts the two seconds.
  const [copiedAt, setCopiedAt] = useState<number | null>(null);
  useEffect(() => {
    if (copiedAt === null) return;
    const timer = setTimeout(() => setCopiedAt(null), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copiedAt]);
  const copied = copiedAt !== null;
  const copy = () => {
    Promise.resolve()
      .then(onCopy)
      .then(
        () => setCopiedAt(Date.now()),
        () => setCopiedAt(null),
      );
  };
  return (
    <div data-slot="copy" className="flex items-center gap-1">
      <Button
        variant="ghost"
        size="sm"
        aria-label={label}
        onPress={copy}
        className="h-7 px-2 text-fg-muted"
      >
        {copied ? (
          <CheckIcon className="size-4 text-success-fg" />
        ) : (
          <CopyIcon className="size-4" />
        )}
      </Button>
      <span role="status" className="text-xs font-medium text-success-fg">
        {copied ? copiedLabel : null}
      </span>
    </div>
  );
}

/**
 * The markdown renderer (markdown-to-jsx, about 28 kB brotli) loads with the first assistant
 * message, not with the chat page; a partial reply (streaming, or stopped mid-way) also
 * needs remend (about 5 kB), which loads with the first such reply or when a reply is asked
 * for ({@link loadChatMarkdown}), so a conversation read from history does not fetch it.
 * Until the code arrives, the text shows as written. When it cannot be fetched (the server
 * is down), the text stays as written and the next message rendered asks for it again,
 * rather than the failure taking down the screen.
 */
const loadCompleteMarkdown = () => import('./chat-markdown.tsx');
const loadPartialMarkdown = () => import('./chat-markdown-partial.tsx');

let SafeMarkdown = lazyRetrying(loadCompleteMarkdown, (next) => (SafeMarkdown = next));
let PartialMarkdown = lazyRetrying(loadPartialMarkdown, (next) => (PartialMarkdown = next));

type MarkdownComponent = ComponentType<{ children: string }>;

/**
 * A lazy component from `load`; when loading fails it renders the text as written and hands
 * `replace` a fresh lazy component, so the next render tries again.
 */
function lazyRetrying(
  load: () => Promise<{ default: MarkdownComponent }>,
  replace: (next: LazyExoticComponent<MarkdownComponent>) => void,
): LazyExoticComponent<MarkdownComponent> {
  return lazy(() =>
    load().catch(() => {
      replace(lazyRetrying(load, replace));
      return { default: PlainText };
    }),
  );
}

/** The text as written (the markdown renderer's stand-in when it could not load). */
function PlainText({ children }: { children: string }) {
  return <p className="whitespace-pre-wrap">{children}</p>;
}

/**
 * Starts loading the markdown renderer and the completion of partial replies (call it when a
 * reply is asked for); resolves with the renderer's module.
 */
export async function loadChatMarkdown() {
  const [complete] = await Promise.all([loadCompleteMarkdown(), loadPartialMarkdown()]);
  return complete;
}

const proseStyles = cn(
  'flex flex-col gap-2 text-sm leading-relaxed break-words',
  '[&_li]:my-0.5 [&_ol]:list-decimal [&_ol]:pl-5 [&_ul]:list-disc [&_ul]:pl-5',
  '[&_h1]:text-base [&_h1]:font-semibold [&_h2]:text-base [&_h2]:font-semibold [&_h3]:font-semibold [&_strong]:font-semibold',
  '[&_code]:rounded [&_code]:bg-surface-sunken [&_code]:px-1 [&_code]:font-mono [&_code]:text-[0.8125rem]',
  '[&_pre]:overflow-x-auto [&_pre]:rounded-control [&_pre]:bg-surface-sunken [&_pre]:p-3',
  '[&_table]:border-collapse [&_td]:border [&_td]:border-border [&_td]:px-2 [&_th]:border [&_th]:border-border [&_th]:px-2',
);

/**
 * One chat message: a user bubble on the right, an assistant bubble with markdown on the
 * left, or a centred system notice.
 *
 * Use when rendering the messages of a conversation, one per message, in order.
 *
 * Don't use when telling the user about the app itself outside the conversation (use
 * `Toast` or an inline alert), or for text the user has not sent yet (`ChatComposer`).
 */
export function ChatMessage({
  author,
  content,
  authorLabel,
  botLabel,
  time,
  isStreaming,
  interruptedLabel,
  tone = 'info',
  onCopy,
  copyLabel,
  copiedLabel,
  regenerate,
  earlierLabel,
  className,
}: ChatMessageProps) {
  if (author === 'system') {
    return (
      <div
        data-slot="chat-message"
        data-role="system"
        className={cn(
          'mx-auto flex max-w-lg items-start gap-2 rounded-control border px-3 py-2 text-sm',
          tone === 'error'
            ? 'border-danger-fg/30 bg-danger-soft text-danger-fg'
            : 'border-border bg-surface-sunken text-fg-muted',
          className,
        )}
      >
        <span className="sr-only">{`${authorLabel}: `}</span>
        {tone === 'error' && <AlertIcon className="mt-0.5 size-4 shrink-0" />}
        <p>{content}</p>
      </div>
    );
  }

  const isUser = author === 'user';
  let body: ReactNode = isUser ? (
    <p className="text-sm leading-relaxed break-words whitespace-pre-wrap">{content}</p>
  ) : (
    <div className={proseStyles}>
      <Suspense fallback={<p className="whitespace-pre-wrap">{content}</p>}>
        {isStreaming || interruptedLabel ? (
          <PartialMarkdown>{content}</PartialMarkdown>
        ) : (
          <SafeMarkdown>{content}</SafeMarkdown>
        )}
      </Suspense>
    </div>
  );
  if (isStreaming) {
    body = (
      <div className="flex flex-col">
        {body}
        <span
          aria-hidden="true"
          data-slot="caret"
          className="mt-0.5 inline-block h-4 w-1.5 animate-caret rounded-sm bg-current motion-reduce:animate-none"
        />
      </div>
    );
  }

  return (
    <article
      data-slot="chat-message"
      data-role={author}
      aria-busy={isStreaming || undefined}
      className={cn('flex w-full flex-col gap-1', isUser ? 'items-end' : 'items-start', className)}
    >
      <header className="flex items-center gap-2 px-1 text-xs text-fg-muted">
        {!isUser && (
          <span
            aria-hidden="true"
            className="flex size-5 items-center justify-center rounded-pill bg-brand-soft-strong text-brand-fg"
          >
            <SunIcon className="size-3.5" />
          </span>
        )}
        <span className={cn(isUser || botLabel ? 'sr-only' : 'font-medium')}>{authorLabel}</span>
        {!isUser && botLabel && (
          <span data-slot="bot-label" className="font-medium text-fg">
            {botLabel}
          </span>
        )}
        {time && <time>{time}</time>}
        {!isUser && earlierLabel && (
          <span data-slot="earlier" className="font-medium">
            {earlierLabel}
          </span>
        )}
      </header>
      <div
        className={cn(
          'max-w-[85%] rounded-card px-4 py-2.5',
          isUser
            ? 'rounded-br-sm bg-brand-700 text-white'
            : 'rounded-bl-sm border border-border bg-surface-raised text-fg',
          interruptedLabel && 'border-dashed border-warning-fg/60',
        )}
      >
        {body}
      </div>
      {interruptedLabel && (
        <p
          data-slot="interrupted"
          className="flex items-center gap-1 px-1 text-xs font-medium text-warning-fg"
        >
          <AlertIcon className="size-3.5" />
          {interruptedLabel}
        </p>
      )}
      {!isUser && !isStreaming && ((onCopy && copyLabel) || regenerate) && (
        <div data-slot="reply-actions" className="flex flex-wrap items-center gap-1">
          {onCopy && copyLabel && (
            <CopyReplyButton onCopy={onCopy} label={copyLabel} copiedLabel={copiedLabel} />
          )}
          {regenerate && <RegenerateMenu {...regenerate} />}
        </div>
      )}
    </article>
  );
}
