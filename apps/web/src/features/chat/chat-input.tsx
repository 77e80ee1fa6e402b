/**
 * The chat screen's composer (docs/product.md#ai-chat and #errors-and-messages): the message box
 * with send and stop, the 'conversation ended' notice, a message the server refused (429) with
 * when to retry, and a message that could not reach the server
 * (docs/product.md#when-the-server-cannot-be-reached): 'Unable to connect to the server...', the
 * words kept in the box, and "Try again", which sends what the box holds.
 */
import { globalErrorMessages } from '@solar/domain';
import { Button, ChatComposer } from '@solar/ui';
import type { RefObject } from 'react';
import { useIntl } from 'react-intl';
import type { ChatSession } from './use-chat-session.ts';

/** The composer, kept at the bottom of the screen. */
export function ChatInput({
  session,
  ref,
}: {
  session: ChatSession;
  ref: RefObject<HTMLDivElement | null>;
}) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, number>) => intl.formatMessage({ id }, values);
  const { notSent } = session;
  return (
    <div ref={ref} className="sticky bottom-0 flex flex-col gap-1 bg-surface pb-2">
      {session.ended && <p className="text-sm text-fg-muted">{t('chatScreen.endedNotice')}</p>}
      {notSent?.reason === 'offline' && (
        <div className="flex flex-wrap items-center gap-2">
          <p role="alert" className="text-sm font-medium text-danger-fg">
            {intl.formatMessage(globalErrorMessages.connection)} {t('chatScreen.notSentOffline')}
          </p>
          <Button
            variant="secondary"
            size="sm"
            isDisabled={!session.composerEnabled || session.streaming}
            onPress={() => session.send(session.draft)}
          >
            {t('chatScreen.sendAgain')}
          </Button>
        </div>
      )}
      {notSent?.reason === 'rateLimited' && (
        <p role="alert" className="text-sm font-medium text-danger-fg">
          {notSent.retryAfterSeconds === null
            ? t('chatScreen.notSent')
            : t('chatScreen.notSentRetry', {
                minutes: Math.max(1, Math.ceil(notSent.retryAfterSeconds / 60)),
              })}
        </p>
      )}
      <ChatComposer
        value={session.draft}
        onChange={session.setDraft}
        onSend={session.send}
        onStop={session.stop}
        isStreaming={session.streaming}
        isDisabled={!session.composerEnabled}
        labels={{
          input: t('chatScreen.input'),
          placeholder: t('chatScreen.placeholder'),
          send: t('chatScreen.send'),
          stop: t('chatScreen.stop'),
        }}
      />
    </div>
  );
}
