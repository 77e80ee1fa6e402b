/**
 * EditableTitle: the chat header's conversation title (docs/product.md#ai-chat). Double-
 * click the title or press the edit button to edit; Enter saves, Escape cancels, leaving
 * the field saves. The rule is `titleEditOutcome` of @solar/domain: trimmed; empty or
 * unchanged cancels; more than 200 characters shows the error and keeps editing; else
 * `onSave` gets the trimmed title. Labels arrive translated.
 */
import { titleEditOutcome } from '@solar/domain';
import { useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { TextField as AriaTextField } from 'react-aria-components';
import { Button } from './button.tsx';
import { cn } from './cn.ts';
import { FieldError, Input, Label } from './field.tsx';
import { PencilIcon } from './icons.tsx';

export interface EditableTitleLabels {
  /** Accessible name of the edit button ("Edit title"). */
  edit: string;
  /** Accessible name of the input ("Conversation title"). */
  input: string;
  /** The over-200 error ("Title cannot exceed 200 characters"). */
  tooLong: string;
  /** Screen-reader text for the generated-title asterisk ("generated title"). @default undefined (none) */
  generatedTitle?: string;
}

export interface EditableTitleProps {
  /** The current title (shown, and the starting text when editing). */
  title: string;
  /** Called with the trimmed new title. */
  onSave: (title: string) => void;
  /** Marks an auto-generated title with an asterisk. @default false */
  isGenerated?: boolean;
  /** Saving the title is in progress or not allowed: the edit button is disabled. @default false */
  isDisabled?: boolean;
  /** Translated accessible names and the error text. */
  labels: EditableTitleLabels;
  /** Heading level (default 1: the chat header). */
  level?: 1 | 2 | 3;
  /** Extra classes for the heading row and the field. @default undefined */
  className?: string;
}

/**
 * A heading with an edit button that turns into a text input to rename (up to 200
 * characters).
 *
 * Use when the user renames the thing the page is about, in place (the conversation title).
 *
 * Don't use when the text is part of a form with other fields (use `TextField` and a save
 * button), or when the title cannot be changed (use a plain heading).
 */
export function EditableTitle({
  title,
  onSave,
  isGenerated,
  isDisabled,
  labels,
  level = 1,
  className,
}: EditableTitleProps) {
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const editButton = useRef<HTMLButtonElement>(null);
  // True between start and stop; a blur fired while the input unmounts finds it false.
  const editing = useRef(false);
  const input = useRef<HTMLInputElement>(null);
  const isEditing = draft !== null;

  // Focus moves into the field the user asked to edit.
  useLayoutEffect(() => {
    if (isEditing) input.current?.focus();
  }, [isEditing]);
  const Heading = `h${level}` as const;

  const start = () => {
    if (isDisabled) return;
    editing.current = true;
    setDraft(title);
    setError(null);
  };
  const stop = (refocus: boolean) => {
    editing.current = false;
    setDraft(null);
    setError(null);
    if (refocus) requestAnimationFrame(() => editButton.current?.focus());
  };
  const finish = (refocus: boolean) => {
    if (draft === null || !editing.current) return;
    const outcome = titleEditOutcome(draft, title);
    if (outcome.kind === 'invalid') {
      setError(labels.tooLong);
      return;
    }
    if (outcome.kind === 'save') onSave(outcome.title);
    stop(refocus);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      finish(true);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      stop(true);
    }
  };

  if (draft !== null) {
    return (
      <AriaTextField
        value={draft}
        onChange={(next) => {
          setDraft(next);
          if (error) setError(null);
        }}
        isInvalid={error !== null}
        data-slot="editable-title"
        className={cn('flex min-w-0 flex-1 flex-col gap-1', className)}
      >
        <Label className="sr-only">{labels.input}</Label>
        <Input
          ref={input}
          onKeyDown={onKeyDown}
          onBlur={() => finish(false)}
          className="h-9 text-base font-semibold"
        />
        <FieldError>{error}</FieldError>
      </AriaTextField>
    );
  }

  return (
    <div data-slot="editable-title" className={cn('flex min-w-0 items-center gap-1', className)}>
      <Heading
        onDoubleClick={start}
        className="flex min-w-0 text-base font-semibold text-fg"
        title={title}
      >
        {/* Only the title is cut: the generated-title asterisk stays in sight after it. */}
        <span className="truncate">{title}</span>
        {isGenerated && (
          <>
            <span aria-hidden="true" className="shrink-0 whitespace-pre">
              {' *'}
            </span>
            {labels.generatedTitle && (
              <span className="sr-only">{` (${labels.generatedTitle})`}</span>
            )}
          </>
        )}
      </Heading>
      <Button
        ref={editButton}
        variant="ghost"
        size="sm"
        aria-label={labels.edit}
        isDisabled={isDisabled}
        onPress={start}
        className="w-8 shrink-0 px-0"
      >
        <PencilIcon />
      </Button>
    </div>
  );
}
