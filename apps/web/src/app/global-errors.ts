/**
 * The global error handler (docs/product.md#errors-and-messages): uncaught errors and unhandled
 * promise rejections become 'Unexpected Error' toasts (8 s); failed image, script and stylesheet
 * loads of the app become 'Warning' toasts (5 s). Messages come from the domain's mapping
 * and are cut to 150 characters. Returns a function that removes the handlers.
 *
 * Not the app's own resources, so no global toast: images the user picked (blob: and data:
 * previews, which may not be images at all) and anything inside an element marked
 * `data-load-errors="handled"` (the map, whose tiles fail as one inline message).
 */
import { globalErrorToast, resourceLoadWarning } from '@solar/domain';
import type { NoticeBus } from './events.ts';

export function installGlobalErrorHandlers(target: Window, bus: NoticeBus): () => void {
  const onError = (event: Event) => {
    if (event instanceof ErrorEvent) {
      bus.publish(toNotice(globalErrorToast(event.error ?? event.message)));
      return;
    }
    const element = event.target;
    if (
      (element instanceof HTMLImageElement ||
        element instanceof HTMLScriptElement ||
        element instanceof HTMLLinkElement) &&
      isAppResource(element)
    ) {
      bus.publish(toNotice(resourceLoadWarning()));
    }
  };
  const onRejection = (event: PromiseRejectionEvent) => {
    bus.publish(toNotice(globalErrorToast(event.reason)));
  };
  // Capture phase: resource load errors do not bubble to window.
  target.addEventListener('error', onError, true);
  target.addEventListener('unhandledrejection', onRejection);
  return () => {
    target.removeEventListener('error', onError, true);
    target.removeEventListener('unhandledrejection', onRejection);
  };
}

/** Marks a subtree whose load failures its component shows itself. */
export const HANDLED_LOAD_ERRORS = { 'data-load-errors': 'handled' } as const;

/** True for a resource of the app: not a user's picked file, not inside a handled subtree. */
function isAppResource(element: HTMLImageElement | HTMLScriptElement | HTMLLinkElement): boolean {
  if (element.closest('[data-load-errors="handled"]')) return false;
  if (element instanceof HTMLImageElement)
    return !/^(blob|data):/i.test(element.currentSrc || element.src);
  return true;
}

function toNotice(toast: ReturnType<typeof globalErrorToast>) {
  return {
    kind: toast.severity,
    title: toast.title,
    message: toast.message,
    durationMs: toast.durationMs,
  } as const;
}
