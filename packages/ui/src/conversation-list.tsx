/**
 * ConversationList: the chat sidebar's list (docs/product.md#ai-chat and #errors-and-messages).
 * Each item shows the title (an asterisk marks a generated title), and the last activity date
 * labelled by `conversationDateLabel` of @solar/domain (today: time; yesterday; weekday under 7
 * days; else month and day) against the injected `now`. The active conversation is
 * `aria-current`. States: loading, error with retry, empty, and "load more" while more
 * pages exist. Labels arrive translated.
 */
import type { ConversationSummary } from '@solar/domain/contract';
import { conversationDateLabel } from '@solar/domain/dates';
import { Button as AriaButton } from 'react-aria-components';
import { Button } from './button.tsx';
import { cn, focusRing } from './cn.ts';
import { AlertIcon, MessageIcon } from './icons.tsx';
import { Spinner } from './spinner.tsx';

export interface ConversationListLabels {
  /** Landmark name of the list ("Conversations"). */
  list: string;
  /** Text of the button that loads the next page ("Load more"). */
  loadMore: string;
  /** Text beside the spinner while the first page loads. */
  loading: string;
  /** Text when there are no conversations. */
  empty: string;
  /** Error text ("Failed to load conversations"). */
  error: string;
  /** Text of the retry button ("Retry"). */
  retry: string;
  /** Screen-reader text for the asterisk ("generated title"). */
  generatedTitle: string;
}

export interface ConversationListProps {
  /** The conversations loaded so far, newest first (as the API returns them). */
  conversations: readonly ConversationSummary[];
  /** Id of the open conversation (`aria-current`). @default undefined (none) */
  activeId?: string | null;
  /** Called with a conversation's id when the user picks it. */
  onSelect: (id: string) => void;
  /** "now" for the date labels (epoch ms or Date); injected so tests and stories are stable. */
  now: number | Date;
  /** Interface locale for the date labels (en, es, ru). */
  locale: string;
  /** IANA time zone of the calendar days (default: the browser's). */
  timeZone?: string;
  /** More pages exist: shows the "load more" button. @default false */
  hasMore?: boolean;
  /** Called when the user presses "load more". @default undefined */
  onLoadMore?: () => void;
  /** The next page is loading: "load more" shows a spinner. @default false */
  isLoadingMore?: boolean;
  /** First page loading: a spinner replaces the empty list. @default false */
  isLoading?: boolean;
  /** Set when loading failed; shows the error with a retry button. @default false */
  hasError?: boolean;
  /** Called when the user presses retry. @default undefined */
  onRetry?: () => void;
  /** Translated texts. */
  labels: ConversationListLabels;
  /** Extra classes for the `<nav>`. @default undefined */
  className?: string;
}

/**
 * The chat sidebar: the user's conversations with their last activity, the open one
 * marked, with loading, error, empty and "load more" states.
 *
 * Use when letting the user switch between their chat conversations.
 *
 * Don't use when listing other records (use `DataTable` for rows with columns and sorting),
 * or for page navigation (use `AppShell`'s navigation).
 */
export function ConversationList({
  conversations,
  activeId,
  onSelect,
  now,
  locale,
  timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone,
  hasMore,
  onLoadMore,
  isLoadingMore,
  isLoading,
  hasError,
  onRetry,
  labels,
  className,
}: ConversationListProps) {
  const nowMs = typeof now === 'number' ? now : now.getTime();
  let body;
  if (isLoading && conversations.length === 0) {
    body = (
      <div className="flex justify-center py-8">
        <Spinner label={labels.loading} showLabel />
      </div>
    );
  } else if (hasError && conversations.length === 0) {
    body = <ErrorBlock labels={labels} onRetry={onRetry} />;
  } else if (conversations.length === 0) {
    body = (
      <p className="flex flex-col items-center gap-2 px-4 py-8 text-center text-sm text-fg-muted">
        <MessageIcon className="size-6" />
        {labels.empty}
      </p>
    );
  } else {
    body = (
      <>
        <ul className="flex flex-col gap-0.5">
          {conversations.map((c) => {
            const active = c.id === activeId;
            return (
              <li key={c.id}>
                <AriaButton
                  onPress={() => onSelect(c.id)}
                  aria-current={active ? 'true' : undefined}
                  className={cn(
                    'flex w-full flex-col items-start gap-0.5 rounded-control px-3 py-2 text-left',
                    'data-[hovered]:bg-hover',
                    active && 'bg-brand-soft data-[hovered]:bg-brand-soft',
                    focusRing,
                  )}
                >
                  <span className={cn('line-clamp-1 text-sm text-fg', active && 'font-semibold')}>
                    {c.title}
                    {c.titleGenerated && (
                      <>
                        <span aria-hidden="true"> *</span>
                        <span className="sr-only">{` (${labels.generatedTitle})`}</span>
                      </>
                    )}
                  </span>
                  <span className="text-xs text-fg-muted">
                    <time dateTime={c.lastMessageAt}>
                      {conversationDateLabel(c.lastMessageAt, nowMs, locale, timeZone)}
                    </time>
                  </span>
                </AriaButton>
              </li>
            );
          })}
        </ul>
        {hasError && <ErrorBlock labels={labels} onRetry={onRetry} />}
        {hasMore && !hasError && (
          <Button
            variant="ghost"
            size="sm"
            onPress={onLoadMore}
            isPending={isLoadingMore}
            className="mx-auto mt-2"
          >
            {labels.loadMore}
          </Button>
        )}
      </>
    );
  }
  return (
    <nav
      aria-label={labels.list}
      aria-busy={isLoading || isLoadingMore || undefined}
      data-slot="conversation-list"
      className={cn('flex flex-col gap-2', className)}
    >
      {body}
    </nav>
  );
}

function ErrorBlock({ labels, onRetry }: { labels: ConversationListLabels; onRetry?: () => void }) {
  return (
    <div role="alert" className="flex flex-col items-center gap-2 px-4 py-6 text-center">
      <p className="flex items-center gap-1.5 text-sm font-medium text-danger-fg">
        <AlertIcon className="size-4" />
        {labels.error}
      </p>
      <Button variant="secondary" size="sm" onPress={onRetry}>
        {labels.retry}
      </Button>
    </div>
  );
}
