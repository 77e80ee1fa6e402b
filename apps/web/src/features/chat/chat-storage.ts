/**
 * What the chat keeps in browser storage (docs/product.md#ai-chat; keys in domain session.ts): the
 * active conversation id (`STORAGE_KEYS.activeConversationId`, a plain id string) and the
 * chat settings (`STORAGE_KEYS.chatSettings`, JSON `{ showBotType, botType }`). Storage may be
 * missing, full or blocked: reads then give the defaults and writes are skipped.
 */
import { isBotType, STORAGE_KEYS, type BotType } from '@solar/domain';

/** The chat settings: which bot answers (0 consultant, 1 sales) and whether replies name it. */
export interface ChatSettings {
  readonly botType: BotType;
  /** Show the bot type label above assistant replies. */
  readonly showBotType: boolean;
}

export const DEFAULT_CHAT_SETTINGS: ChatSettings = { botType: 0, showBotType: true };

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

function attempt(work: (s: Storage) => void): void {
  const s = storage();
  if (!s) return;
  try {
    work(s);
  } catch {
    // Full or blocked storage: the value still applies to this visit.
  }
}

/** The stored chat settings; defaults for anything missing or malformed. */
export function readChatSettings(): ChatSettings {
  let raw: unknown = null;
  try {
    raw = JSON.parse(storage()?.getItem(STORAGE_KEYS.chatSettings) ?? 'null');
  } catch {
    raw = null;
  }
  if (typeof raw !== 'object' || raw === null) return DEFAULT_CHAT_SETTINGS;
  const value = raw as Record<string, unknown>;
  return {
    botType: isBotType(value.botType) ? value.botType : DEFAULT_CHAT_SETTINGS.botType,
    showBotType:
      typeof value.showBotType === 'boolean'
        ? value.showBotType
        : DEFAULT_CHAT_SETTINGS.showBotType,
  };
}

/** Stores the chat settings. */
export function writeChatSettings(settings: ChatSettings): void {
  attempt((s) => s.setItem(STORAGE_KEYS.chatSettings, JSON.stringify(settings)));
}

/** The stored active conversation id, or null. */
export function readActiveConversationId(): string | null {
  try {
    return storage()?.getItem(STORAGE_KEYS.activeConversationId) || null;
  } catch {
    return null;
  }
}

/** Stores the active conversation id; null removes it (new chat, ended, not found). */
export function writeActiveConversationId(id: string | null): void {
  attempt((s) =>
    id === null
      ? s.removeItem(STORAGE_KEYS.activeConversationId)
      : s.setItem(STORAGE_KEYS.activeConversationId, id),
  );
}

/**
 * Session storage key prefix of the composer's unsent text, per conversation (`new` for a
 * conversation not started yet), so a reload keeps it
 * (docs/product.md#when-the-server-cannot-be-reached). Tab-scoped: another tab has its own.
 */
export const DRAFT_KEY_PREFIX = 'solar.chatDraft.';

function sessionStore(): Storage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}

/** The kept unsent text of conversation `id` (null: a new conversation), or ''. */
export function readDraft(id: string | null): string {
  try {
    return sessionStore()?.getItem(DRAFT_KEY_PREFIX + (id ?? 'new')) ?? '';
  } catch {
    return '';
  }
}

/** Keeps the unsent text of conversation `id`; an empty text removes it. */
export function writeDraft(id: string | null, text: string): void {
  const s = sessionStore();
  if (!s) return;
  try {
    const key = DRAFT_KEY_PREFIX + (id ?? 'new');
    if (text === '') s.removeItem(key);
    else s.setItem(key, text);
  } catch {
    // Full or blocked storage: the text stays in the box for this visit.
  }
}
