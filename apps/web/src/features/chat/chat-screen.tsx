/**
 * /chat and /chat/{conversationId} (spec sections 2, 3, 4 and 8; API-CONTRACT.md "Chat"):
 * the AI chat. The router renders this one component for both paths, so the screen (and a
 * reply being streamed) stays mounted when the URL changes.
 *
 * - Sidebar: conversations (`GET /chat/conversations`, pages of 20 with 'load more'), new
 *   chat; behind a toggle on small screens.
 * - Header: the editable title (`PUT /chat/conversations/{id}/title`; the domain's title
 *   rule) and status text beside the portfolio view toggle (`GET /chat/portfolio`) and a
 *   more-actions menu (clear chat, end conversation `POST /chat/end/{id}` then /chat, show
 *   the bot type on replies), so the title keeps the width on a phone (issue 21 item 4);
 *   under it the bot type (kept in storage).
 * - Messages: the stored history (`GET /chat/history/{id}`; 404 -> warning toast and
 *   /chat; other failures -> error with retry) and the turns of this visit in a polite
 *   live region. A reply streams through `useChatStream`; a new conversation gets its id
 *   from the first chunk and the URL becomes /chat/{id} (replace).
 * - The active conversation id is kept in storage; opening /chat resumes it when it is
 *   still in the first page of the list.
 */
import {
  chatMessages,
  conversationPath,
  isSendableMessage,
  ROUTES,
  validationMessages,
  type Locale,
} from '@solar/domain';
import {
  useChatStream,
  useConversation,
  useConversations,
  useEndConversation,
  useRenameConversation,
} from '@solar/api/react';
import {
  ActionMenu,
  Button,
  ChatComposer,
  ConversationList,
  EditableTitle,
  EmptyState,
  loadChatMarkdown,
  MenuIcon,
  MessageIcon,
  PlusIcon,
  Spinner,
  cn,
} from '@solar/ui';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { useLocation } from 'wouter';
import { useNow } from '../../app/clock.tsx';
import { useNotify } from '../../app/notices.tsx';
import { SignedInShell } from '../../app/shell.tsx';
import {
  applyChunk,
  newTurn,
  storedMessages,
  turnMessages,
  type DisplayMessage,
  type Turn,
} from './chat-model.ts';
import { ChatSettingsBar, MessageView, PortfolioPanel } from './chat-parts.tsx';
import {
  readActiveConversationId,
  readChatSettings,
  writeActiveConversationId,
  writeChatSettings,
  type ChatSettings,
} from './chat-storage.ts';
import { loadFailure } from '../../app/load-failure.ts';

/** The confirmation dialog (Radix Dialog) loads when first asked for, not with the screen. */
const ConfirmDialog = lazy(() =>
  import('@solar/ui/dialog').then((m) => ({ default: m.ConfirmDialog })),
);

/** What the screen shows for one conversation (or a new one, `id` null). */
interface ViewState {
  /** The conversation shown; set from the first chunk for a new conversation. */
  readonly id: string | null;
  /** The URL's conversation id this view was made for (or caught up with). */
  readonly urlId: string | null;
  /** Stored messages fixed at the first send (null: follow the history query). */
  readonly frozen: readonly DisplayMessage[] | null;
  /** Finished turns of this visit. */
  readonly done: readonly DisplayMessage[];
  /** The turn being streamed or last finished. */
  readonly turn: Turn | null;
}

const freshView = (id: string | null): ViewState => ({
  id,
  urlId: id,
  frozen: id === null ? [] : null,
  done: [],
  turn: null,
});

const SIDEBAR_ID = 'chat-sidebar';
const PORTFOLIO_ID = 'chat-portfolio';

/** The chat screen; `params.conversationId` is set on /chat/{id}. */
export default function ChatScreen({ params }: { params: Record<string, string> }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id }, values);
  const now = useNow();
  const notify = useNotify();
  const [, navigate] = useLocation();
  const urlId = params.conversationId ?? null;

  const [view, setView] = useState<ViewState>(() => freshView(urlId));
  // The URL moved (sidebar, back button, new chat, end): show that conversation, unless it
  // is the one this view just created (its first chunk changed the URL).
  if (view.urlId !== urlId) {
    setView(urlId !== null && urlId === view.id ? { ...view, urlId } : freshView(urlId));
  }

  const [draft, setDraft] = useState('');
  /** A message the server refused (429): it is back in the composer, with when to retry. */
  const [notSent, setNotSent] = useState<{ retryAfterSeconds: number | null } | null>(null);
  const [confirming, setConfirming] = useState<'clear' | 'end' | null>(null);
  const [settings, setSettings] = useState<ChatSettings>(readChatSettings);
  const [sidebarOpen, setSidebarOpen] = useState(false);
  const [portfolioOpen, setPortfolioOpen] = useState(false);
  const turnCount = useRef(0);
  const composer = useRef<HTMLDivElement>(null);

  const conversations = useConversations();
  const summaries = conversations.data?.pages.flatMap((page) => page.conversations) ?? [];
  const history = useConversation(view.id);
  const rename = useRenameConversation();
  const end = useEndConversation();
  const stream = useChatStream({
    onChunk: (chunk) =>
      setView((v) =>
        v.turn
          ? { ...v, id: v.id ?? (chunk.conversationId || null), turn: applyChunk(v.turn, chunk) }
          : v,
      ),
  });

  const detail = history.data?.conversationId === view.id ? history.data : undefined;
  const historyStatus = (history.error as { status?: number } | null)?.status;
  const notFound = view.id !== null && historyStatus === 404;
  const historyFailed = view.id !== null && history.isError && !notFound;
  const historyLoading = view.frozen === null && !detail && !history.isError;
  const stored = view.frozen ?? (detail ? storedMessages(detail.messages) : []);
  const streaming = view.turn !== null && stream.state.status === 'streaming';
  const live = [
    ...view.done,
    ...(view.turn ? turnMessages(view.turn, stream.state.status, stream.state.error) : []),
  ];
  const ended = detail?.status === 'ended';
  const composerEnabled = !historyLoading && !historyFailed && !ended;
  const summary = summaries.find((c) => c.id === view.id);

  const focusComposer = () => composer.current?.querySelector('textarea')?.focus();

  // A new conversation's first chunk gave it an id: the URL follows (replace, same screen).
  useEffect(() => {
    if (view.id !== null && view.id !== urlId && view.urlId === urlId) {
      navigate(conversationPath(view.id), { replace: true });
    }
  }, [navigate, urlId, view.id, view.urlId]);

  // The active conversation is kept in storage.
  useEffect(() => {
    if (view.id !== null) writeActiveConversationId(view.id);
  }, [view.id]);

  // Opening /chat resumes the stored conversation once the list shows it still exists.
  const resumeChecked = useRef(false);
  const listLoaded = conversations.data !== undefined;
  const resumeId = urlId === null && view.turn === null ? readActiveConversationId() : null;
  const canResume = resumeId !== null && summaries.some((c) => c.id === resumeId);
  useEffect(() => {
    if (resumeChecked.current || !listLoaded) return;
    resumeChecked.current = true;
    if (canResume && resumeId) navigate(conversationPath(resumeId), { replace: true });
  }, [canResume, listLoaded, navigate, resumeId]);

  // History 404 (spec section 8): warning, forget the id, start a new conversation.
  const handledNotFound = useRef<string | null>(null);
  useEffect(() => {
    if (!notFound || handledNotFound.current === view.id) return;
    handledNotFound.current = view.id;
    notify({ kind: 'warning', message: chatMessages.conversationNotFound });
    writeActiveConversationId(null);
    navigate(ROUTES.chat, { replace: true });
  }, [navigate, notFound, notify, view.id]);

  // Keyboard users land in the composer when the screen (or a conversation) is ready.
  useEffect(() => {
    if (composerEnabled) composer.current?.querySelector('textarea')?.focus();
  }, [composerEnabled, view.id]);

  const send = (text: string) => {
    if (!isSendableMessage(text) || streaming || !composerEnabled) return;
    // The reply renders as markdown: fetch its renderer while the question is on its way.
    void loadChatMarkdown();
    const finished = view.turn
      ? turnMessages(view.turn, stream.state.status, stream.state.error)
      : [];
    turnCount.current += 1;
    const turn = newTurn(
      `turn-${turnCount.current}`,
      text.trim(),
      settings.botType,
      new Date(now()).toISOString(),
    );
    setView((v) => ({ ...v, frozen: v.frozen ?? stored, done: [...v.done, ...finished], turn }));
    setDraft('');
    setNotSent(null);
    void stream
      .send({
        message: text.trim(),
        conversationId: view.id,
        context: { botType: settings.botType, locale: intl.locale as Locale },
      })
      .then((error) => {
        if (error?.code !== 'rate_limited') return;
        // Refused before any reply: nothing was stored, so nothing is shown as sent; the
        // words go back into the composer (unless the user typed something new meanwhile).
        setView((v) => (v.turn?.id === turn.id ? { ...v, turn: null } : v));
        setDraft((current) => (current.trim() === '' ? text : current));
        setNotSent({ retryAfterSeconds: error.retryAfterSeconds });
        stream.reset();
      });
    focusComposer();
  };

  const stop = () => {
    stream.stop();
    focusComposer();
  };

  const newChat = () => {
    stream.stop();
    writeActiveConversationId(null);
    setDraft('');
    setNotSent(null);
    setSidebarOpen(false);
    if (urlId === null) setView(freshView(null));
    else navigate(ROUTES.chat);
  };

  /**
   * Clear chat (confirmed): the screen starts a new conversation, so the assistant no
   * longer sees the old messages; the old conversation stays in the list.
   */
  const clearChat = () => {
    setConfirming(null);
    newChat();
    focusComposer();
  };

  const endConversation = () => {
    const id = view.id;
    if (id === null) return;
    end.mutate(id, {
      onSuccess: () => {
        setConfirming(null);
        stream.stop();
        writeActiveConversationId(null);
        navigate(ROUTES.chat);
      },
      onError: () => {
        setConfirming(null);
        notify({ kind: 'error', message: chatMessages.endFailed });
      },
    });
  };

  const saveTitle = (title: string) => {
    if (view.id === null) return;
    rename.mutate(
      { id: view.id, title },
      { onError: () => notify({ kind: 'error', message: chatMessages.titleUpdateFailed }) },
    );
  };

  const changeSettings = (next: ChatSettings) => {
    setSettings(next);
    writeChatSettings(next);
  };

  const renaming = rename.isPending && rename.variables?.id === view.id;
  const title = renaming ? rename.variables.title : (detail?.title ?? summary?.title ?? null);
  const hasMessages = stored.length > 0 || live.length > 0;

  return (
    <SignedInShell mainClassName="flex flex-col gap-4 py-4 md:flex-row">
      <div className="md:hidden">
        <Button
          variant="secondary"
          size="sm"
          aria-expanded={sidebarOpen}
          aria-controls={SIDEBAR_ID}
          onPress={() => setSidebarOpen((open) => !open)}
        >
          <MenuIcon className="size-4" />
          {t('chatScreen.conversations')}
        </Button>
      </div>
      <div
        id={SIDEBAR_ID}
        className={cn(
          'flex-col gap-3 md:flex md:w-72 md:shrink-0 md:border-r md:border-border md:pr-4',
          sidebarOpen ? 'flex' : 'hidden',
        )}
      >
        <Button variant="secondary" onPress={newChat} className="w-full">
          <PlusIcon className="size-4" />
          {t('chatScreen.newChat')}
        </Button>
        <ConversationList
          conversations={summaries}
          activeId={view.id}
          onSelect={(id) => {
            setSidebarOpen(false);
            if (id === view.id) return;
            // Leaving a reply mid-stream stops it (the server keeps it, marked interrupted).
            stream.stop();
            navigate(conversationPath(id));
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

      <div className="flex min-w-0 flex-1 flex-col gap-4">
        <header className="flex flex-col gap-3 border-b border-border pb-3">
          <div className="flex items-start gap-2">
            <div className="flex min-w-0 flex-1 flex-col gap-0.5">
              {view.id !== null && title !== null ? (
                <EditableTitle
                  key={view.id}
                  title={title}
                  isGenerated={!renaming && (summary?.titleGenerated ?? false)}
                  isDisabled={renaming}
                  onSave={saveTitle}
                  labels={{
                    edit: t('chatScreen.editTitle'),
                    input: t('chatScreen.titleInput'),
                    tooLong: intl.formatMessage(validationMessages.titleTooLong),
                    generatedTitle: t('chatScreen.generatedTitle'),
                  }}
                />
              ) : (
                <h1 className="truncate text-base font-semibold text-fg">
                  {view.id === null ? t('chatScreen.newChat') : t('chatScreen.title')}
                </h1>
              )}
              {detail && (
                <p className="text-xs text-fg-muted">
                  {t('chatScreen.status', {
                    status: t(ended ? 'chatScreen.status.ended' : 'chatScreen.status.active'),
                  })}
                </p>
              )}
            </div>
            <div className="flex shrink-0 items-center gap-1">
              <Button
                variant="secondary"
                size="sm"
                aria-expanded={portfolioOpen}
                aria-controls={PORTFOLIO_ID}
                onPress={() => setPortfolioOpen((open) => !open)}
              >
                {t('chatScreen.portfolioToggle')}
              </Button>
              <ActionMenu
                label={t('chatScreen.moreActions')}
                items={[
                  {
                    id: 'clear',
                    label: t('chatScreen.clearChat'),
                    isDisabled: !hasMessages || streaming,
                  },
                  ...(view.id !== null && detail && !ended
                    ? [
                        {
                          id: 'end',
                          label: t('chatScreen.endConversation'),
                          isDisabled: streaming || end.isPending,
                          tone: 'danger' as const,
                        },
                      ]
                    : []),
                ]}
                onAction={(id) => setConfirming(id === 'end' ? 'end' : 'clear')}
                options={[
                  {
                    id: 'showBotType',
                    label: t('chatScreen.showBotType'),
                    isSelected: settings.showBotType,
                  },
                ]}
                onOptionChange={(_, showBotType) => changeSettings({ ...settings, showBotType })}
              />
              {confirming !== null && (
                <Suspense fallback={null}>
                  <ConfirmDialog
                    open={confirming === 'clear'}
                    onOpenChange={(open) => setConfirming(open ? 'clear' : null)}
                    title={t('chatScreen.clearConfirm.title')}
                    description={t('chatScreen.clearConfirm.description')}
                    confirmLabel={t('chatScreen.clearConfirm.confirm')}
                    cancelLabel={t('chatScreen.confirm.cancel')}
                    closeLabel={t('chatScreen.confirm.close')}
                    onConfirm={clearChat}
                  />
                  <ConfirmDialog
                    open={confirming === 'end'}
                    onOpenChange={(open) => {
                      if (!end.isPending) setConfirming(open ? 'end' : null);
                    }}
                    title={t('chatScreen.endConfirm.title')}
                    description={t('chatScreen.endConfirm.description')}
                    confirmLabel={t('chatScreen.endConversation')}
                    cancelLabel={t('chatScreen.confirm.cancel')}
                    closeLabel={t('chatScreen.confirm.close')}
                    tone="danger"
                    isPending={end.isPending}
                    onConfirm={endConversation}
                  />
                </Suspense>
              )}
            </div>
          </div>
          <ChatSettingsBar settings={settings} onChange={changeSettings} isDisabled={streaming} />
        </header>

        {portfolioOpen && <PortfolioPanel id={PORTFOLIO_ID} />}

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
          {!historyLoading && !historyFailed && !hasMessages && (
            <EmptyState
              icon={<MessageIcon />}
              title={t('chatScreen.emptyTitle')}
              description={t('chatScreen.emptyDescription')}
            />
          )}
          {stored.map((message) => (
            <MessageView key={message.key} message={message} showBotType={settings.showBotType} />
          ))}
          <div role="log" aria-live="polite" className="flex flex-col gap-4">
            {live.map((message) => (
              <MessageView key={message.key} message={message} showBotType={settings.showBotType} />
            ))}
          </div>
        </section>

        <div ref={composer} className="sticky bottom-0 flex flex-col gap-1 bg-surface pb-2">
          {ended && <p className="text-sm text-fg-muted">{t('chatScreen.endedNotice')}</p>}
          {notSent && (
            <p role="alert" className="text-sm font-medium text-danger-fg">
              {notSent.retryAfterSeconds === null
                ? t('chatScreen.notSent')
                : t('chatScreen.notSentRetry', {
                    minutes: Math.max(1, Math.ceil(notSent.retryAfterSeconds / 60)),
                  })}
            </p>
          )}
          <ChatComposer
            value={draft}
            onChange={setDraft}
            onSend={send}
            onStop={stop}
            isStreaming={streaming}
            isDisabled={!composerEnabled}
            labels={{
              input: t('chatScreen.input'),
              placeholder: t('chatScreen.placeholder'),
              send: t('chatScreen.send'),
              stop: t('chatScreen.stop'),
            }}
          />
        </div>
      </div>
    </SignedInShell>
  );
}
