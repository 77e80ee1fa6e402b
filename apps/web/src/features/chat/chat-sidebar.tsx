/**
 * The chat screen's sidebar (docs/product.md#ai-chat): new chat and the conversations
 * (`GET /chat/conversations`, pages of 20 with 'load more'); behind a toggle on small
 * screens.
 */
import { chatMessages } from '@solar/domain';
import { Button, ConversationList, MenuIcon, PlusIcon, cn } from '@solar/ui';
import { useIntl } from 'react-intl';
import { useNow } from '../../app/clock.tsx';
import { loadFailure } from '../../app/load-failure.ts';
import type { ChatSession } from './use-chat-session.ts';

const SIDEBAR_ID = 'chat-sidebar';

/** The sidebar toggle (small screens) and the sidebar; `onOpenChange` shows or hides it. */
export function ChatSidebar({
  session,
  isOpen,
  onOpenChange,
}: {
  session: ChatSession;
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const now = useNow();
  const { conversations } = session;
  return (
    <>
      <div className="md:hidden">
        <Button
          variant="secondary"
          size="sm"
          aria-expanded={isOpen}
          aria-controls={SIDEBAR_ID}
          onPress={() => onOpenChange(!isOpen)}
        >
          <MenuIcon className="size-4" />
          {t('chatScreen.conversations')}
        </Button>
      </div>
      <div
        id={SIDEBAR_ID}
        className={cn(
          'flex-col gap-3 md:flex md:w-72 md:shrink-0 md:border-r md:border-border md:pr-4',
          isOpen ? 'flex' : 'hidden',
        )}
      >
        <Button
          variant="secondary"
          onPress={() => {
            onOpenChange(false);
            session.newChat();
          }}
          className="w-full"
        >
          <PlusIcon className="size-4" />
          {t('chatScreen.newChat')}
        </Button>
        <ConversationList
          conversations={session.summaries}
          activeId={session.view.id}
          onSelect={(id) => {
            onOpenChange(false);
            session.select(id);
          }}
          now={now()}
          locale={intl.locale}
          hasMore={conversations.hasNextPage}
          onLoadMore={() => void conversations.fetchNextPage()}
          isLoadingMore={conversations.isFetchingNextPage}
          isLoading={conversations.isPending}
          hasError={conversations.isError}
          onRetry={() => void conversations.refetch()}
          labels={{
            list: t('chatScreen.conversations'),
            loadMore: t('chatScreen.loadMore'),
            loading: t('chatScreen.loadingConversations'),
            empty: t('chatScreen.noConversations'),
            error: intl.formatMessage(
              loadFailure(conversations.error, chatMessages.conversationsLoadFailed),
            ),
            retry: intl.formatMessage(chatMessages.retry),
            generatedTitle: t('chatScreen.generatedTitle'),
          }}
        />
      </div>
    </>
  );
}
