/**
 * The chat screen's messages (docs/product.md#ai-chat and #errors-and-messages): the stored history
 * (`GET /chat/history/{id}`; loading, or an error with retry) and the turns of this visit in
 * a polite live region.
 */
import { chatMessages } from '@solar/domain';
import { Button, EmptyState, MessageIcon, Spinner } from '@solar/ui';
import { useIntl } from 'react-intl';
import { loadFailure } from '../../app/load-failure.ts';
import { earlierReplyKeys } from './chat-model.ts';
import { MessageView } from './chat-parts.tsx';
import type { ChatSession } from './use-chat-session.ts';

/** The message list of the conversation shown. */
export function ChatMessages({ session }: { session: ChatSession }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const { history, historyLoading, historyFailed, stored, live } = session;
  const showBotType = session.settings.showBotType;
  const earlier = earlierReplyKeys([...stored, ...live]);
  const view = (message: (typeof stored)[number]) => (
    <MessageView
      key={message.key}
      message={message}
      showBotType={showBotType}
      isEarlier={earlier.has(message.key)}
      {...(message.key === session.regenerable ? { onRegenerate: session.regenerate } : {})}
    />
  );
  return (
    <section
      aria-label={t('chatScreen.messages')}
      aria-busy={historyLoading || undefined}
      className="flex flex-1 flex-col gap-4"
    >
      {historyLoading && (
        <div className="flex justify-center py-10">
          <Spinner label={t('chatScreen.loadingHistory')} showLabel />
        </div>
      )}
      {historyFailed && (
        <div role="alert" className="flex flex-col items-center gap-3 py-10 text-center">
          <p className="text-sm font-medium text-danger-fg">
            {intl.formatMessage(loadFailure(history.error, chatMessages.historyLoadFailed))}
          </p>
          <Button variant="secondary" size="sm" onPress={() => void history.refetch()}>
            {intl.formatMessage(chatMessages.retry)}
          </Button>
        </div>
      )}
      {!historyLoading && !historyFailed && !session.hasMessages && (
        <EmptyState
          icon={<MessageIcon />}
          title={t('chatScreen.emptyTitle')}
          description={t('chatScreen.emptyDescription')}
        />
      )}
      {stored.map(view)}
      <div role="log" aria-live="polite" className="flex flex-col gap-4">
        {live.map(view)}
      </div>
    </section>
  );
}
