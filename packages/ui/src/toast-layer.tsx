/**
 * The toasts and their region on Radix Toast, loaded by ToastProvider (toast.tsx) when the
 * first toast is raised: Radix's provider, one Radix toast per queued toast and the
 * labelled region (viewport; F8 jumps to it). Not part of the package's public API.
 */
import * as RadixToast from '@radix-ui/react-toast';
import { TOAST_DURATION_MS, type ToastKind } from '@solar/domain/constants';
import { cva } from 'class-variance-authority';
import type { ReactNode } from 'react';
import { cn } from './cn.ts';
import { AlertIcon, CheckCircleIcon, InfoIcon, XIcon } from './icons.tsx';

/** A toast in the queue: what it says, and whether it is open or fading out. */
export interface ToastEntry {
  /** Unique id (ToastProvider's counter). */
  id: string;
  /** False while it fades out, before it is removed. */
  open: boolean;
  /** success, error, warning, info or default; picks colour, icon and duration. @default 'default' */
  kind?: ToastKind;
  /** The message, one short line. */
  title: string;
  /** More detail under the title. @default undefined (none) */
  description?: string;
  /** ms; overrides the kind's duration (Infinity keeps it until closed). @default TOAST_DURATION_MS[kind] */
  duration?: number;
}

/** Classes of a toast, by kind (the colour of its left border). */
export const toastVariants = cva(
  [
    'pointer-events-auto relative flex w-full items-start gap-3 rounded-card border border-l-4 border-border bg-surface-raised p-4 pr-10 text-fg shadow-overlay',
    'data-[state=closed]:animate-toast-out data-[state=open]:animate-toast-in motion-reduce:data-[state=open]:animate-none',
    'data-[swipe=end]:animate-toast-out data-[swipe=move]:translate-x-(--radix-toast-swipe-move-x)',
  ],
  {
    variants: {
      kind: {
        default: 'border-l-border-strong',
        success: 'border-l-success',
        error: 'border-l-danger',
        warning: 'border-l-warning',
        info: 'border-l-info',
      } satisfies Record<ToastKind, string>,
    },
    defaultVariants: { kind: 'default' },
  },
);

/**
 * Classes of the region's list (the viewport): fixed at the top right, under the page
 * header (a toast never covers a screen's bottom controls, such as the
 * chat composer and its Send button); full width on a phone.
 */
export const toastViewportClass =
  'pointer-events-none fixed top-16 right-0 z-50 m-0 flex w-full max-w-sm list-none flex-col gap-2 p-4 outline-none';

const icons: Record<ToastKind, ReactNode> = {
  default: <InfoIcon className="size-5 text-fg-muted" />,
  success: <CheckCircleIcon className="size-5 text-success-fg" />,
  error: <AlertIcon className="size-5 text-danger-fg" />,
  warning: <AlertIcon className="size-5 text-warning-fg" />,
  info: <InfoIcon className="size-5 text-info-fg" />,
};

export interface ToastLayerProps {
  /** The queue, oldest first; closed ones are fading out. */
  toasts: readonly ToastEntry[];
  /** Starts the fade-out of a toast (ToastProvider's). */
  dismiss: (id: string) => void;
  /** Landmark name of the region; `{hotkey}` becomes F8 (Radix). */
  regionLabel: string;
  /** Accessible name of each toast's close button ("Close"). */
  closeLabel: string;
  /** Word screen readers say before a toast ("Notification"). */
  toastLabel: string;
}

/**
 * Radix's provider with the toasts and the labelled region (F8 jumps to it), at the top
 * right under the page header.
 *
 * Use when: never directly. `ToastProvider` loads it with the first toast; its stories
 * show every kind without the provider's timers.
 *
 * Don't use when raising a toast: call `useToast().show()` under `ToastProvider`.
 */
export default function ToastLayer({
  toasts,
  dismiss,
  regionLabel,
  closeLabel,
  toastLabel,
}: ToastLayerProps) {
  return (
    <RadixToast.Provider label={toastLabel} swipeDirection="right">
      {toasts.map((t) => {
        const kind = t.kind ?? 'default';
        return (
          <RadixToast.Root
            key={t.id}
            open={t.open}
            onOpenChange={(open) => {
              if (!open) dismiss(t.id);
            }}
            duration={t.duration ?? TOAST_DURATION_MS[kind]}
            type={kind === 'error' ? 'foreground' : 'background'}
            data-slot="toast"
            data-kind={kind}
            className={toastVariants({ kind })}
          >
            <span className="mt-0.5 shrink-0" aria-hidden="true">
              {icons[kind]}
            </span>
            <div className="flex min-w-0 flex-col gap-0.5">
              <RadixToast.Title className="text-sm font-semibold text-fg">
                {t.title}
              </RadixToast.Title>
              {t.description && (
                <RadixToast.Description className="text-sm break-words text-fg-muted">
                  {t.description}
                </RadixToast.Description>
              )}
            </div>
            <RadixToast.Close
              aria-label={closeLabel}
              className={cn(
                'absolute top-3 right-3 flex size-7 items-center justify-center rounded-md text-fg-muted',
                'hover:bg-hover focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus',
              )}
            >
              <XIcon className="size-4" />
            </RadixToast.Close>
          </RadixToast.Root>
        );
      })}
      <RadixToast.Viewport
        data-slot="toast-viewport"
        label={regionLabel}
        className={toastViewportClass}
      />
    </RadixToast.Provider>
  );
}
