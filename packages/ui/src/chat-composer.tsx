/**
 * ChatComposer: the chat input (docs/product.md#ai-chat). Enter sends, Shift+Enter adds a newline,
 * the text area grows with its content up to 200 px (CHAT_INPUT_MAX_HEIGHT_PX) and then
 * scrolls. Send is disabled while the text is blank (`isSendableMessage` of
 * @solar/domain); while a reply streams, a stop button replaces send and Enter does not
 * send. Controlled: the caller owns `value`.
 */
import { CHAT_INPUT_MAX_HEIGHT_PX } from '@solar/domain/constants';
import { isSendableMessage } from '@solar/domain';
import { useLayoutEffect, useRef, type KeyboardEvent } from 'react';
import { TextField as AriaTextField } from 'react-aria-components';
import { Button } from './button.tsx';
import { cn } from './cn.ts';
import { Label, TextArea } from './field.tsx';
import { SendIcon, StopIcon } from './icons.tsx';

export interface ChatComposerLabels {
  /** Accessible name of the text area ("Message"). */
  input: string;
  /** Hint shown in the empty text area. @default undefined (none) */
  placeholder?: string;
  /** Accessible name of the send button ("Send"). */
  send: string;
  /** Accessible name of the stop button ("Stop"). */
  stop: string;
}

export interface ChatComposerProps {
  /** The text in the box (controlled). */
  value: string;
  /** Called with the new text on every edit. */
  onChange: (value: string) => void;
  /** Called with the text (as typed) when the user sends; the caller clears `value`. */
  onSend: (text: string) => void;
  /** Called when the user stops a streaming reply. @default undefined */
  onStop?: () => void;
  /** A reply is streaming: the stop button replaces send, and Enter does not send. @default false */
  isStreaming?: boolean;
  /** Disables the text area and send (no conversation yet, say). @default false */
  isDisabled?: boolean;
  /** Translated accessible names and placeholder. */
  labels: ChatComposerLabels;
  /** Extra classes for the outer box. @default undefined */
  className?: string;
}

/**
 * The chat's message box with send and stop buttons; grows up to 200 px, then scrolls.
 *
 * Use when the user writes a message to the assistant (the chat screen).
 *
 * Don't use when asking for a form value (use `TextField`, which has a visible label and
 * validation): Enter here sends instead of adding a line.
 */
export function ChatComposer({
  value,
  onChange,
  onSend,
  onStop,
  isStreaming = false,
  isDisabled = false,
  labels,
  className,
}: ChatComposerProps) {
  const area = useRef<HTMLTextAreaElement>(null);
  const canSend = !isStreaming && !isDisabled && isSendableMessage(value);

  useLayoutEffect(() => {
    const el = area.current;
    if (!el) return;
    el.style.height = 'auto';
    const height = Math.min(el.scrollHeight, CHAT_INPUT_MAX_HEIGHT_PX);
    el.style.height = `${height}px`;
    el.style.overflowY = el.scrollHeight > CHAT_INPUT_MAX_HEIGHT_PX ? 'auto' : 'hidden';
  }, [value]);

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    if (canSend) onSend(value);
  };

  return (
    <div
      data-slot="chat-composer"
      className={cn(
        'flex items-end gap-2 rounded-card border border-border-strong bg-surface-raised p-2 shadow-card',
        'focus-within:border-focus focus-within:outline-2 focus-within:outline-offset-1 focus-within:outline-focus',
        className,
      )}
    >
      <AriaTextField
        value={value}
        onChange={onChange}
        isDisabled={isDisabled}
        className="flex min-w-0 flex-1 flex-col"
      >
        <Label className="sr-only">{labels.input}</Label>
        <TextArea
          ref={area}
          rows={1}
          placeholder={labels.placeholder}
          onKeyDown={onKeyDown}
          style={{ maxHeight: CHAT_INPUT_MAX_HEIGHT_PX }}
          className="min-h-10 border-0 bg-transparent py-2.5 leading-5 data-[focused]:outline-none"
        />
      </AriaTextField>
      {isStreaming ? (
        <Button
          variant="secondary"
          onPress={onStop}
          aria-label={labels.stop}
          className="w-10 shrink-0 px-0"
        >
          <StopIcon />
        </Button>
      ) : (
        <Button
          onPress={() => onSend(value)}
          isDisabled={!canSend}
          aria-label={labels.send}
          className="w-10 shrink-0 px-0"
        >
          <SendIcon />
        </Button>
      )}
    </div>
  );
}
