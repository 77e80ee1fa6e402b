/**
 * Toast system on Radix Toast (spec sections 4 and 9): `ToastProvider` holds the queue
 * and the viewport (a labelled region, F8 jumps to it); `useToast().show()` adds a toast.
 * Each kind has the spec's duration (TOAST_DURATION_MS: success 4 s, info 4 s, warning
 * 5 s, error 7 s, default 5 s; the global error handler passes 8 s and 5 s itself). A
 * toast fades out over TOAST_FADE_OUT_MS (300 ms) and is then removed. Hovering or
 * focusing the region pauses every timer (Radix). Errors are announced assertively,
 * the rest politely.
 */
import { TOAST_DURATION_MS, TOAST_FADE_OUT_MS, type ToastKind } from '@solar/domain/constants';
import * as RadixToast from '@radix-ui/react-toast';
import { cva } from 'class-variance-authority';
import { createContext, use, useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { cn } from './cn.ts';
import { AlertIcon, CheckCircleIcon, InfoIcon, XIcon } from './icons.tsx';

export type { ToastKind };

/** What a toast says. */
export interface ToastInput {
  /** success, error, warning, info or default; picks colour, icon and duration. */
  kind?: ToastKind;
  title: string;
  description?: string;
  /** ms; overrides the kind's duration (Infinity keeps it until closed). */
  duration?: number;
}

interface ToastEntry extends ToastInput {
  id: string;
  open: boolean;
}

/** Adds and removes toasts. */
export interface ToastApi {
  /** Shows a toast; returns its id. */
  show: (toast: ToastInput) => string;
  /** Starts the fade-out of a toast. */
  dismiss: (id: string) => void;
}

const ToastContext = createContext<ToastApi | null>(null);

/** The toast API of the nearest ToastProvider; throws outside one. */
export function useToast(): ToastApi {
  const api = use(ToastContext);
  if (!api) throw new Error('useToast needs a <ToastProvider>');
  return api;
}

export const toastVariants = cva(
  [
    'pointer-events-auto relative flex w-full items-start gap-3 rounded-card border border-l-4 border-border bg-surface-raised p-4 pr-10 text-fg shadow-overlay',
    'data-[state=closed]:animate-toast-out data-[state=open]:animate-toast-in',
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

const icons: Record<ToastKind, ReactNode> = {
  default: <InfoIcon className="size-5 text-fg-muted" />,
  success: <CheckCircleIcon className="size-5 text-success-fg" />,
  error: <AlertIcon className="size-5 text-danger-fg" />,
  warning: <AlertIcon className="size-5 text-warning-fg" />,
  info: <InfoIcon className="size-5 text-info-fg" />,
};

export interface ToastProviderProps {
  children: ReactNode;
  /** Landmark name of the region; `{hotkey}` becomes F8 ("Notifications ({hotkey})"). */
  regionLabel?: string;
  /** Accessible name of each toast's close button ("Close"). */
  closeLabel: string;
  /** Word screen readers say before a toast ("Notification"). */
  toastLabel?: string;
}

/** Holds the toast queue and renders the region in the bottom-right corner. */
export function ToastProvider({
  children,
  regionLabel = 'Notifications ({hotkey})',
  closeLabel,
  toastLabel = 'Notification',
}: ToastProviderProps) {
  const [toasts, setToasts] = useState<ToastEntry[]>([]);
  const counter = useRef(0);

  const dismiss = useCallback((id: string) => {
    setToasts((list) => list.map((t) => (t.id === id ? { ...t, open: false } : t)));
    setTimeout(() => setToasts((list) => list.filter((t) => t.id !== id)), TOAST_FADE_OUT_MS);
  }, []);

  const show = useCallback((toast: ToastInput) => {
    counter.current += 1;
    const id = `toast-${counter.current}`;
    setToasts((list) => [...list, { ...toast, id, open: true }]);
    return id;
  }, []);

  const api = useMemo<ToastApi>(() => ({ show, dismiss }), [show, dismiss]);

  return (
    <ToastContext value={api}>
      <RadixToast.Provider label={toastLabel} swipeDirection="right">
        {children}
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
                  'hover:bg-black/5 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus dark:hover:bg-white/10',
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
          className="pointer-events-none fixed right-0 bottom-0 z-50 m-0 flex w-full max-w-sm list-none flex-col gap-2 p-4 outline-none"
        />
      </RadixToast.Provider>
    </ToastContext>
  );
}
