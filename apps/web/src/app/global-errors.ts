/**
 * The global error handler (spec section 8): uncaught errors and unhandled promise
 * rejections become 'Unexpected Error' toasts (8 s); failed image, script and stylesheet
 * loads become 'Warning' toasts (5 s). Messages come from the domain's mapping and are cut
 * to 150 characters. Returns a function that removes the handlers.
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
      element instanceof HTMLImageElement ||
      element instanceof HTMLScriptElement ||
      element instanceof HTMLLinkElement
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

function toNotice(toast: ReturnType<typeof globalErrorToast>) {
  return {
    kind: toast.severity,
    title: toast.title,
    message: toast.message,
    durationMs: toast.durationMs,
  } as const;
}
