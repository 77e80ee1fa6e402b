/**
 * A screen that fails to load or render (the global errors of docs/product.md#errors-and-messages)
 * replaces only the screen, never the whole app: the page keeps its frame, shows the global
 * handler's message (for a chunk that could not be fetched: "Failed to load application resources.
 * Please refresh the page.") with a Reload button, and moving to another address (a link, Back)
 * renders that screen as usual. Built on react-error-boundary.
 */
import { globalErrorMessage } from '@solar/domain';
import { AlertIcon, Button } from '@solar/ui';
import type { ReactNode } from 'react';
import { ErrorBoundary, type FallbackProps } from 'react-error-boundary';
import { useIntl } from 'react-intl';

/** What is shown in place of a screen that failed. */
export function ScreenError({ error }: Pick<FallbackProps, 'error'>) {
  const intl = useIntl();
  const message = globalErrorMessage(error);
  return (
    <main
      id="main"
      className="mx-auto flex min-h-dvh max-w-md flex-col items-center justify-center gap-4 p-6 text-center"
    >
      <div role="alert" className="flex flex-col items-center gap-3">
        <AlertIcon className="size-8 text-danger-fg" />
        <h1 className="text-xl font-semibold">
          {intl.formatMessage({ id: 'app.screenError.title' })}
        </h1>
        <p className="text-fg-muted">
          {typeof message === 'string' ? message : intl.formatMessage(message)}
        </p>
      </div>
      <Button onPress={() => globalThis.location.reload()}>
        {intl.formatMessage({ id: 'app.screenError.reload' })}
      </Button>
    </main>
  );
}

/** Catches a failed screen; `resetKey` (the address) changing renders the new screen afresh. */
export function ScreenErrorBoundary({
  resetKey,
  children,
}: {
  resetKey: string;
  children: ReactNode;
}) {
  return (
    <ErrorBoundary FallbackComponent={ScreenError} resetKeys={[resetKey]}>
      {children}
    </ErrorBoundary>
  );
}
