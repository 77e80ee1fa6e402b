/**
 * Toast system on Radix Toast (spec sections 4 and 9): `ToastProvider` holds the queue
 * and the viewport (a labelled region, F8 jumps to it); `useToast().show()` adds a toast.
 * Each kind has the spec's duration (TOAST_DURATION_MS: success 4 s, info 4 s, warning
 * 5 s, error 7 s, default 5 s; the global error handler passes 8 s and 5 s itself). A
 * toast fades out over TOAST_FADE_OUT_MS (300 ms) and is then removed. Hovering or
 * focusing the region pauses every timer (Radix). Errors are announced assertively,
 * the rest politely.
 *
 * Radix and the toast markup (toast-layer.tsx) load with the first toast, or once the page
 * is idle, whichever comes first: a first page load does not carry them. Until then an
 * identical empty region stands in (same landmark name, F8 moves focus into it).
 */
import { TOAST_FADE_OUT_MS, type ToastKind } from '@solar/domain/constants';
import { cva } from 'class-variance-authority';
import {
  createContext,
  use,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ComponentType,
  type ReactNode,
  type RefObject,
} from 'react';
import type { ToastLayerProps } from './toast-layer.tsx';

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

/** A toast in the queue (internal). */
export interface ToastEntry extends ToastInput {
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

/** Classes of the region's list (the viewport), fixed in the bottom-right corner. */
export const toastViewportClass =
  'pointer-events-none fixed right-0 bottom-0 z-50 m-0 flex w-full max-w-sm list-none flex-col gap-2 p-4 outline-none';

/** Radix's default hotkey of the region, and its name in the label. */
const HOTKEY = 'F8';

let loadedLayer: ComponentType<ToastLayerProps> | null = null;
let pendingLayer: Promise<ComponentType<ToastLayerProps>> | null = null;

/**
 * Loads the toast layer (Radix and the toast markup) once; resolves with its component.
 * Rejects when the chunk cannot be fetched; a later call tries again.
 */
export function loadToastLayer(): Promise<ComponentType<ToastLayerProps>> {
  if (loadedLayer) return Promise.resolve(loadedLayer);
  pendingLayer ??= import('./toast-layer.tsx').then(
    (module) => (loadedLayer = module.ToastLayer),
    (error: unknown) => {
      pendingLayer = null;
      throw error;
    },
  );
  return pendingLayer;
}

/** The empty region as Radix renders it, until the layer has loaded. */
function RegionStandIn({
  label,
  listRef,
  onFocus,
}: {
  label: string;
  listRef: RefObject<HTMLOListElement | null>;
  onFocus: () => void;
}) {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.code === HOTKEY) listRef.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [listRef]);
  return (
    <div
      role="region"
      aria-label={label.replace('{hotkey}', HOTKEY)}
      tabIndex={-1}
      style={{ pointerEvents: 'none' }}
    >
      <ol
        ref={listRef}
        tabIndex={-1}
        data-slot="toast-viewport"
        className={toastViewportClass}
        onFocus={onFocus}
      />
    </div>
  );
}

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
  const [layer, setLayer] = useState<{
    Layer: ComponentType<ToastLayerProps>;
    /** The stand-in had focus when it was replaced: the region takes it over. */
    focus: boolean;
  } | null>(() => (loadedLayer ? { Layer: loadedLayer, focus: false } : null));
  const counter = useRef(0);
  const standIn = useRef<HTMLOListElement>(null);

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

  const wake = useCallback(() => {
    loadToastLayer().then(
      (Layer) => setLayer({ Layer, focus: standIn.current === document.activeElement }),
      // Offline: the queue keeps the toasts; the next toast or idle time tries again.
      () => undefined,
    );
  }, []);

  // Load with the first toast, or once the page is idle (so a toast still shows offline).
  const loaded = layer !== null;
  useEffect(() => {
    if (loaded) return;
    if (toasts.length > 0) return wake();
    const idle = globalThis.requestIdleCallback?.(wake, { timeout: 5000 });
    return () => {
      if (idle !== undefined) globalThis.cancelIdleCallback?.(idle);
    };
  }, [loaded, toasts.length, wake]);

  return (
    <ToastContext value={api}>
      {children}
      {layer ? (
        <layer.Layer
          toasts={toasts}
          dismiss={dismiss}
          regionLabel={regionLabel}
          closeLabel={closeLabel}
          toastLabel={toastLabel}
          focusViewport={layer.focus}
        />
      ) : (
        <RegionStandIn label={regionLabel} listRef={standIn} onFocus={wake} />
      )}
    </ToastContext>
  );
}
