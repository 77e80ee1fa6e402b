/**
 * The chat screen's state (docs/product.md#ai-chat and #errors-and-messages; the OpenAPI document):
 * the conversation shown for the URL, its stored history and the turns of this visit, the reply
 * being streamed, the composer's draft, and the actions of the sidebar, header and composer.
 *
 * - A reply streams through `useChatStream`; a new conversation gets its id from the first
 *   chunk, the URL becomes /chat/{id} (replace) and the sidebar lists it.
 * - The active conversation id is kept in storage; opening /chat resumes it when it is
 *   still in the first page of the list.
 * - History 404 (docs/product.md#errors-and-messages): warning toast, the id is forgotten, /chat.
 * - A message refused (429) or that could not reach the server goes back into the composer
 *   (`notSent`); nothing navigates or reloads. The composer's text is kept per conversation
 *   in session storage (chat-storage.ts), so a reload keeps it.
 * - Regenerate (docs/product.md#ai-chat) streams a new answer to the last message as a turn
 *   without a message; 'replace' takes the earlier reply off the screen only once the new
 *   one completed (a failure or a stop keeps it).
 */
import {
  chatMessages,
  conversationPath,
  isSendableMessage,
  ROUTES,
  type Locale,
  type RegenerateMode,
} from '@solar/domain';
import { toApiError } from '@solar/api';
import {
  useChatStream,
  useConversation,
  useConversations,
  useEndConversation,
  useRenameConversation,
} from '@solar/api/react';
import { loadChatMarkdown } from '@solar/ui';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { useIntl } from 'react-intl';
import { useLocation } from 'wouter';
import { useNow } from '../../app/clock.tsx';
import { useNotify } from '../../app/notices.tsx';
import {
  applyChunk,
  freshView,
  newTurn,
  regenerableKey,
  storedMessages,
  turnMessages,
  viewForUrl,
  type ViewState,
} from './chat-model.ts';
import {
  readActiveConversationId,
  readChatSettings,
  readDraft,
  writeActiveConversationId,
  writeChatSettings,
  writeDraft,
  type ChatSettings,
} from './chat-storage.ts';
import { useNewConversation } from './use-new-conversation.ts';
import { useRunningReply } from './use-running-reply.ts';

/**
 * A message that was not sent, back in the composer: the server refused it (429, `reason`
 * `rateLimited`, with when to retry in seconds when known) or could not be reached (`offline`,
 * docs/product.md#when-the-server-cannot-be-reached; `retryAfterSeconds` null).
 */
export interface NotSent {
  readonly reason: 'rateLimited' | 'offline';
  readonly retryAfterSeconds: number | null;
}

/**
 * True for a failure that never reached the server: status 0 or code `network`, including
 * the stream reader's own code that could not be fetched (a TypeError).
 */
function unreachable(error: unknown): boolean {
  if (error == null) return false;
  const failure = toApiError(error);
  return failure.status === 0 || failure.code === 'network';
}

/**
 * The chat session for the URL's conversation `urlId` (null on /chat); `composer` holds the
 * composer (its text box gets the focus when the screen is ready and after a send).
 */
export function useChatSession(urlId: string | null, composer: RefObject<HTMLElement | null>) {
  const intl = useIntl();
  const now = useNow();
  const notify = useNotify();
  const [, navigate] = useLocation();

  const [viewState, setViewState] = useState<ViewState>(() => freshView(urlId));
  // The view kept in state may have been made for an earlier URL: show (and update) the one
  // for the current URL.
  const view = viewForUrl(viewState, urlId);
  const updateView = (change: (view: ViewState) => ViewState) =>
    setViewState((v) => change(viewForUrl(v, urlId)));

  const [draft, setDraft] = useState(() => readDraft(urlId));
  const [notSent, setNotSent] = useState<NotSent | null>(null);
  const [settings, setSettings] = useState<ChatSettings>(readChatSettings);
  const turnCount = useRef(0);
  // Whether any event of the reply being sent has arrived (then the message was stored).
  const answered = useRef(false);
  // The turn the user stopped (a stopped regenerate keeps the earlier reply).
  const stoppedTurn = useRef<string | null>(null);

  const conversations = useConversations();
  const summaries = conversations.data?.pages.flatMap((page) => page.conversations) ?? [];
  const history = useConversation(view.id);
  const rename = useRenameConversation();
  const end = useEndConversation();
  const stream = useChatStream({
    onChunk: (chunk) => {
      // The reply renders as markdown: fetch its renderer once the server has answered (asked
      // for while the server is down, its code could not load again without a reload). A
      // failure is the failed-load check's (app/stale-deployment.ts); the reply shows as
      // plain text until the renderer loads.
      if (!answered.current) loadChatMarkdown().catch(() => undefined);
      answered.current = true;
      updateView((v) => {
        if (v.turn) {
          return {
            ...v,
            id: v.id ?? (chunk.conversationId || null),
            turn: applyChunk(v.turn, chunk),
          };
        }
        // The first event of a reply resumed on opening: it becomes this visit's turn.
        if (chunk.conversationId !== v.id) return v;
        turnCount.current += 1;
        const turn = newTurn(
          `turn-${turnCount.current}`,
          null,
          chunk.botType,
          new Date(now()).toISOString(),
        );
        return { ...v, frozen: v.frozen ?? stored, turn: applyChunk(turn, chunk) };
      });
    },
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
  // The reply that may be regenerated now: the last one, in a conversation that can go on.
  const regenerable =
    composerEnabled && view.id !== null && !streaming ? regenerableKey([...stored, ...live]) : null;
  const summary = summaries.find((c) => c.id === view.id);
  const renaming = rename.isPending && rename.variables?.id === view.id;
  const title = renaming ? rename.variables.title : (detail?.title ?? summary?.title ?? null);

  const focusComposer = () => composer.current?.querySelector('textarea')?.focus();

  // A new conversation's first chunk gave it an id: the URL follows, the sidebar lists it.
  useNewConversation(view, urlId);

  // The composer's text is kept per conversation for this tab, so a reload keeps it. A new
  // conversation that got its id takes its text along; another conversation shows its own.
  const draftOf = useRef(view.id);
  useEffect(() => {
    const from = draftOf.current;
    if (from === view.id) {
      writeDraft(view.id, draft);
      return;
    }
    draftOf.current = view.id;
    if (from === null && view.turn !== null) {
      writeDraft(null, '');
      writeDraft(view.id, draft);
    } else {
      setDraft(readDraft(view.id));
    }
  }, [draft, view.id, view.turn]);

  // The active conversation is kept in storage.
  useEffect(() => {
    if (view.id !== null) writeActiveConversationId(view.id);
  }, [view.id]);

  // Opening /chat resumes the stored conversation once the list shows it still exists. The
  // check runs once, when the list first arrives (a later 'new chat' must not resume).
  const resumeChecked = useRef(false);
  const listLoaded = conversations.data !== undefined;
  const resumeId = urlId === null && view.turn === null ? readActiveConversationId() : null;
  const canResume = resumeId !== null && summaries.some((c) => c.id === resumeId);
  useEffect(() => {
    if (resumeChecked.current || !listLoaded) return;
    resumeChecked.current = true;
    if (canResume && resumeId) navigate(conversationPath(resumeId), { replace: true });
  }, [canResume, listLoaded, navigate, resumeId]);

  // History 404 (docs/product.md#errors-and-messages): warning, forget the id, start a new
  // conversation. Leaving for /chat shows a new conversation, so this runs once per missing
  // conversation.
  useEffect(() => {
    if (!notFound) return;
    notify({ kind: 'warning', message: chatMessages.conversationNotFound });
    writeActiveConversationId(null);
    navigate(ROUTES.chat, { replace: true });
  }, [navigate, notFound, notify]);

  // A reply still running when the conversation opens is followed live.
  useRunningReply(
    view.id,
    detail !== undefined && !ended && view.turn === null && !streaming,
    stream.resume,
  );

  // Keyboard users land in the composer when the screen (or a conversation) is ready.
  useEffect(() => {
    if (composerEnabled) composer.current?.querySelector('textarea')?.focus();
  }, [composer, composerEnabled, view.id]);

  const send = (text: string) => {
    if (!isSendableMessage(text) || streaming || !composerEnabled) return;
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
    updateView((v) => ({ ...v, frozen: v.frozen ?? stored, done: [...v.done, ...finished], turn }));
    setDraft('');
    setNotSent(null);
    answered.current = false;
    void stream
      .send({
        message: text.trim(),
        conversationId: view.id,
        context: { botType: settings.botType, locale: intl.locale as Locale },
      })
      .then((error) => {
        const refused = error?.code === 'rate_limited';
        const offline = !refused && unreachable(error) && !answered.current;
        if (!refused && !offline) return;
        // Refused, or the server never answered: nothing was stored, so nothing is shown as
        // sent; the words go back into the composer (unless the user typed something new
        // meanwhile).
        setViewState((v) => (v.turn?.id === turn.id ? { ...v, turn: null } : v));
        setDraft((current) => (current.trim() === '' ? text : current));
        setNotSent(
          refused
            ? { reason: 'rateLimited', retryAfterSeconds: error.retryAfterSeconds }
            : { reason: 'offline', retryAfterSeconds: null },
        );
        stream.reset();
      });
    focusComposer();
  };

  /**
   * Regenerates the last reply (docs/product.md#ai-chat): `replace` removes it from the
   * screen once the new reply completed; `keep` shows both. A failure shows what to do and
   * keeps the earlier reply.
   */
  const regenerate = (mode: RegenerateMode) => {
    if (regenerable === null || view.id === null) return;
    const earlier = regenerable;
    const earlierBotType = [...stored, ...live].find((m) => m.key === earlier)?.botType;
    const finished = view.turn
      ? turnMessages(view.turn, stream.state.status, stream.state.error)
      : [];
    turnCount.current += 1;
    const turn = {
      ...newTurn(
        `turn-${turnCount.current}`,
        null,
        earlierBotType ?? settings.botType,
        new Date(now()).toISOString(),
      ),
      regenerate: mode,
    };
    updateView((v) => ({ ...v, frozen: v.frozen ?? stored, done: [...v.done, ...finished], turn }));
    answered.current = false;
    void stream
      .send({
        regenerate: mode,
        conversationId: view.id,
        context: { locale: intl.locale as Locale },
      })
      .then((error) => {
        if (mode !== 'replace' || error || stoppedTurn.current === turn.id) return;
        setViewState((v) => {
          const t = v.turn;
          if (t?.id !== turn.id || t.errorText !== null || t.completeMessage === null) return v;
          return {
            ...v,
            frozen: v.frozen?.filter((m) => m.key !== earlier) ?? null,
            done: v.done.filter((m) => m.key !== earlier),
          };
        });
      });
  };

  const stop = () => {
    stoppedTurn.current = view.turn?.id ?? null;
    stream.stop();
    focusComposer();
  };

  /** Starts a new conversation (/chat); a reply being streamed goes on on the server. */
  const newChat = () => {
    stream.detach();
    writeActiveConversationId(null);
    setDraft('');
    setNotSent(null);
    if (urlId === null) setViewState(freshView(null));
    else navigate(ROUTES.chat);
  };

  /**
   * Clear chat (confirmed): the screen starts a new conversation, so the assistant no
   * longer sees the old messages; the old conversation stays in the list.
   */
  const clearChat = () => {
    newChat();
    focusComposer();
  };

  /** Opens conversation `id` from the sidebar. */
  const select = (id: string) => {
    if (id === view.id) return;
    // Leaving a reply mid-stream stops following it; the server finishes and stores it, and
    // coming back follows it again.
    stream.detach();
    navigate(conversationPath(id));
  };

  /** Ends the conversation shown (`POST /chat/end/{id}`), then /chat; `settled` runs either way. */
  const endConversation = (settled: () => void) => {
    const id = view.id;
    if (id === null) return;
    end.mutate(id, {
      onSuccess: () => {
        settled();
        stream.detach();
        writeActiveConversationId(null);
        navigate(ROUTES.chat);
      },
      onError: () => {
        settled();
        notify({ kind: 'error', message: chatMessages.endFailed });
      },
    });
  };

  const saveTitle = (newTitle: string) => {
    if (view.id === null) return;
    rename.mutate(
      { id: view.id, title: newTitle },
      { onError: () => notify({ kind: 'error', message: chatMessages.titleUpdateFailed }) },
    );
  };

  const changeSettings = (next: ChatSettings) => {
    setSettings(next);
    writeChatSettings(next);
  };

  return {
    view,
    conversations,
    summaries,
    summary,
    history,
    detail,
    stored,
    live,
    streaming,
    historyLoading,
    historyFailed,
    ended,
    composerEnabled,
    hasMessages: stored.length > 0 || live.length > 0,
    regenerable,
    regenerate,
    title,
    renaming,
    isEnding: end.isPending,
    draft,
    setDraft,
    notSent,
    settings,
    changeSettings,
    send,
    stop,
    newChat,
    clearChat,
    select,
    endConversation,
    saveTitle,
  };
}

/** What `useChatSession` returns. */
export type ChatSession = ReturnType<typeof useChatSession>;
