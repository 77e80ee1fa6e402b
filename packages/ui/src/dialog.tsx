/**
 * Dialog and ConfirmDialog on Radix Dialog: modal, focus trapped and returned to the
 * trigger, Escape and the close button close it, the rest of the page is inert. Title
 * and description name and describe it. ConfirmDialog asks one question with a confirm
 * and a cancel action (e.g. "End this conversation?"); its role is `alertdialog`.
 */
import * as RadixDialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { Button } from './button.tsx';
import { cn } from './cn.ts';
import { XIcon } from './icons.tsx';

export interface DialogProps {
  /** Whether it is open (controlled). @default undefined (uncontrolled) */
  open?: boolean;
  /** Open on first render when uncontrolled. @default false */
  defaultOpen?: boolean;
  /** Called with the new state when it opens or closes (Escape, close button, trigger). @default undefined */
  onOpenChange?: (open: boolean) => void;
  /** An element that opens the dialog when pressed (rendered as-is, e.g. a Button). @default undefined */
  trigger?: ReactNode;
  /** The heading; also the dialog's accessible name. */
  title: string;
  /** One sentence under the title; also its accessible description. @default undefined (none) */
  description?: string;
  /** Accessible name of the corner close button ("Close"). */
  closeLabel: string;
  /** The body (a form, say). @default undefined */
  children?: ReactNode;
  /** Actions at the bottom. @default undefined (none) */
  footer?: ReactNode;
  /** `alertdialog` for questions that need an answer. */
  role?: 'dialog' | 'alertdialog';
  /** Extra classes for the dialog panel. @default undefined */
  className?: string;
}

/**
 * A modal dialog: a panel over the page with a title, a body, actions and a close button.
 *
 * Use when the user must finish or cancel a short task before going on (rename a
 * conversation, edit a user).
 *
 * Don't use when asking yes or no (use `ConfirmDialog`), to report the result of an
 * action (use `Toast`), or for long content (give it its own page).
 */
export function Dialog({
  open,
  defaultOpen,
  onOpenChange,
  trigger,
  title,
  description,
  closeLabel,
  children,
  footer,
  role = 'dialog',
  className,
}: DialogProps) {
  return (
    <RadixDialog.Root open={open} defaultOpen={defaultOpen} onOpenChange={onOpenChange}>
      {trigger && <RadixDialog.Trigger asChild>{trigger}</RadixDialog.Trigger>}
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-overlay" />
        <RadixDialog.Content
          role={role}
          data-slot="dialog"
          {...(description ? {} : { 'aria-describedby': undefined })}
          className={cn(
            'fixed top-1/2 left-1/2 z-50 flex max-h-[85vh] w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 flex-col gap-4 overflow-auto',
            'rounded-card border border-border bg-surface-raised p-6 text-fg shadow-overlay outline-none',
            className,
          )}
        >
          <div className="flex flex-col gap-1.5 pr-8">
            <RadixDialog.Title className="text-lg font-semibold text-fg">{title}</RadixDialog.Title>
            {description && (
              <RadixDialog.Description className="text-sm text-fg-muted">
                {description}
              </RadixDialog.Description>
            )}
          </div>
          {children}
          {footer && <div className="flex flex-wrap justify-end gap-2">{footer}</div>}
          <RadixDialog.Close asChild>
            <Button
              variant="ghost"
              size="sm"
              aria-label={closeLabel}
              className="absolute top-4 right-4 w-8 px-0"
            >
              <XIcon />
            </Button>
          </RadixDialog.Close>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

export interface ConfirmDialogProps extends Omit<DialogProps, 'children' | 'footer' | 'role'> {
  /** Text of the confirm button, a verb ("End conversation"). */
  confirmLabel: string;
  /** Text of the cancel button; cancel closes the dialog. */
  cancelLabel: string;
  /** Called when the confirm button is pressed; the caller closes the dialog. */
  onConfirm: () => void;
  /** Danger styling for destructive actions. */
  tone?: 'primary' | 'danger';
  /** The confirmed action is running: confirm shows a spinner, both actions wait. @default false */
  isPending?: boolean;
}

/**
 * A yes/no question in a modal (`alertdialog`), with confirm and cancel buttons.
 *
 * Use when an action is destructive or hard to undo (end a conversation, deactivate a user).
 *
 * Don't use when the action is easy to undo (just do it and show a `Toast`), or when the
 * user must enter something (use `Dialog` with a form).
 */
export function ConfirmDialog({
  confirmLabel,
  cancelLabel,
  onConfirm,
  tone = 'primary',
  isPending,
  ...props
}: ConfirmDialogProps) {
  return (
    <Dialog
      {...props}
      role="alertdialog"
      footer={
        <>
          <RadixDialog.Close asChild>
            <Button variant="secondary" isDisabled={isPending}>
              {cancelLabel}
            </Button>
          </RadixDialog.Close>
          <Button variant={tone} isPending={isPending} onPress={onConfirm}>
            {confirmLabel}
          </Button>
        </>
      }
    />
  );
}
