/**
 * The chat's text rules as plain functions (docs/product.md#ai-chat): whether the composer
 * may send, and what finishing a title edit does. They load no schema library, so the chat
 * screen does not download zod; the request schemas (validation.ts `chatMessageSchema`,
 * `conversationTitleSchema`) state the same limits, and a test holds the two together.
 */
import { LIMITS } from './internal/limits.ts';
import { isStorableText } from './internal/storable-text.ts';
import { validationMessages as m, type MessageDescriptor } from './messages.ts';

/** What finishing a title edit does (docs/product.md#ai-chat). */
export type TitleEditOutcome =
  | { readonly kind: 'cancel' }
  | { readonly kind: 'save'; readonly title: string }
  | { readonly kind: 'invalid'; readonly message: MessageDescriptor };

/**
 * Title edit rule (docs/product.md#ai-chat): the draft is trimmed; empty or unchanged cancels the
 * edit; over 200 characters is invalid ('Title cannot exceed 200 characters'); else save.
 */
export function titleEditOutcome(draft: string, current: string): TitleEditOutcome {
  const title = draft.trim();
  if (title === '' || title === current.trim()) return { kind: 'cancel' };
  if (title.length > LIMITS.titleMax) return { kind: 'invalid', message: m.titleTooLong };
  return { kind: 'save', title };
}

/**
 * True when the chat input may be sent (docs/product.md#ai-chat): not empty or
 * whitespace-only, at most 4000 characters, and storable (no NUL or lone surrogate).
 */
export function isSendableMessage(text: string): boolean {
  return text.trim() !== '' && text.length <= LIMITS.chatMessageMax && isStorableText(text);
}
