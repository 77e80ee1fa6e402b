/**
 * The toast markup on Radix Toast, loaded on demand by ToastProvider (toast.tsx): the
 * queue's toasts and the region (viewport). Not part of the package's public API.
 */
import * as RadixToast from '@radix-ui/react-toast';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { cn } from './cn.ts';
import { AlertIcon, CheckCircleIcon, InfoIcon, XIcon } from './icons.tsx';
import { TOAST_DURATION_MS } from '@solar/domain/constants';
import { toastVariants, toastViewportClass, type ToastEntry, type ToastKind } from './toast.tsx';

const icons: Record<ToastKind, ReactNode> = {
  default: <InfoIcon className="size-5 text-fg-muted" />,
  success: <CheckCircleIcon className="size-5 text-success-fg" />,
  error: <AlertIcon className="size-5 text-danger-fg" />,
  warning: <AlertIcon className="size-5 text-warning-fg" />,
  info: <InfoIcon className="size-5 text-info-fg" />,
};

export interface ToastLayerProps {
  toasts: readonly ToastEntry[];
  /** Starts the fade-out of a toast (ToastProvider's). */
  dismiss: (id: string) => void;
  regionLabel: string;
  closeLabel: string;
  toastLabel: string;
  /** Move focus into the region on mount (it had focus before the layer loaded). */
  focusViewport?: boolean;
}

/** Radix's provider with the toasts and the labelled region (F8 jumps to it). */
export function ToastLayer({
  toasts,
  dismiss,
  regionLabel,
  closeLabel,
  toastLabel,
  focusViewport,
}: ToastLayerProps) {
  const viewport = useRef<HTMLOListElement>(null);
  const [focusOnMount] = useState(focusViewport);
  useEffect(() => {
    if (focusOnMount) viewport.current?.focus();
  }, [focusOnMount]);
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
        className={toastViewportClass}
        ref={viewport}
      />
    </RadixToast.Provider>
  );
}
