/**
 * Toast system on Radix Toast (docs/product.md#errors-and-messages): `ToastProvider` holds the
 * queue; `useToast().show()` adds a toast. Each kind has the spec's duration (TOAST_DURATION_MS:
 * success 4 s, info 4 s, warning 5 s, error 7 s, default 5 s; the global error handler
 * passes 8 s and 5 s itself). A toast fades out over TOAST_FADE_OUT_MS (300 ms) and is then
 * removed. Hovering or focusing the region pauses every timer (Radix). Errors are announced
 * assertively, the rest politely.
 *
 * Radix and the toast markup (toast-layer.tsx) load when the first toast is raised, and
 * stay: the labelled region (F8 jumps to it) exists from then on. When that code cannot be
 * fetched (the server is down), no toast shows and the app stays as it is; the next toast
 * fetches it again.
 */
import { TOAST_FADE_OUT_MS, type ToastKind } from '@solar/domain/constants';
import {
  createContext,
  lazy,
  Suspense,
  use,
  useCallback,
  useMemo,
  useRef,
  useState,
  type ComponentType,
  type ReactNode,
} from 'react';
import type { ToastEntry, ToastLayerProps } from './toast-layer.tsx';

export type { ToastKind };

/** What a toast says. */
export type ToastInput = Omit<ToastEntry, 'id' | 'open'>;

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

/**
 * The toast layer, loaded with the first toast. When its code cannot be fetched, it renders
 * nothing (the app stays) and the next toast loads it anew (React keeps a failed lazy
 * component failed, so a fresh one takes its place).
 */
let ToastLayer = loadLayerOnce();

function loadLayerOnce() {
  return lazy<ComponentType<ToastLayerProps>>(() =>
    import('./toast-layer.tsx').catch(() => {
      ToastLayer = loadLayerOnce();
      return { default: () => null };
    }),
  );
}

export interface ToastProviderProps {
  /** The app (everything that may call `useToast`). */
  children: ReactNode;
  /** Landmark name of the region; `{hotkey}` becomes F8 ("Notifications ({hotkey})"). */
  regionLabel?: string;
  /** Accessible name of each toast's close button ("Close"). */
  closeLabel: string;
  /** Word screen readers say before a toast ("Notification"). */
  toastLabel?: string;
}

/**
 * Holds the toast queue and, from the first toast on, the region at the top right under
 * the page header (full width on a phone). `useToast().show({ kind, title, description })`
 * raises a toast; it closes by itself after its kind's duration.
 *
 * Use when telling the user the outcome of something they did or that happened in the
 * background, that needs no answer ("Profile saved", "Authorization Error"). Mount it once
 * around the app.
 *
 * Don't use when the message belongs to a field or a form (use the field's `errorMessage`
 * or an inline alert next to it), must stay until the user acts (an inline alert or
 * `ConfirmDialog`), or explains an empty list (use `EmptyState`).
 */
export function ToastProvider({
  children,
  regionLabel = 'Notifications ({hotkey})',
  closeLabel,
  toastLabel = 'Notification',
}: ToastProviderProps) {
  const [toasts, setToasts] = useState<ToastEntry[]>([]);
  const [raised, setRaised] = useState(false);
  const counter = useRef(0);

  const dismiss = useCallback((id: string) => {
    setToasts((list) => list.map((t) => (t.id === id ? { ...t, open: false } : t)));
    setTimeout(() => setToasts((list) => list.filter((t) => t.id !== id)), TOAST_FADE_OUT_MS);
  }, []);

  const show = useCallback((toast: ToastInput) => {
    counter.current += 1;
    const id = `toast-${counter.current}`;
    setToasts((list) => [...list, { ...toast, id, open: true }]);
    setRaised(true);
    return id;
  }, []);

  const api = useMemo<ToastApi>(() => ({ show, dismiss }), [show, dismiss]);

  return (
    <ToastContext value={api}>
      {children}
      {raised && (
        <Suspense fallback={null}>
          <ToastLayer
            toasts={toasts}
            dismiss={dismiss}
            regionLabel={regionLabel}
            closeLabel={closeLabel}
            toastLabel={toastLabel}
          />
        </Suspense>
      )}
    </ToastContext>
  );
}
