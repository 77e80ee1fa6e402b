/**
 * A screen that fails to load or render (the global errors of docs/product.md#errors-and-messages)
 * replaces only the screen, never the whole app, and moving to another address (a link, Back)
 * renders that screen as usual. Built on react-error-boundary.
 *
 * A screen whose code could not be fetched runs the failed-load check of stale-deployment.ts
 * (docs/product.md#when-the-server-cannot-be-reached) and shows, by its outcome:
 * - the server did not answer: 'Unable to connect to the server. Please check your internet
 *   connection.' with "Try again", which fetches the screen's code again (and, failing, runs
 *   the check again); the page never reloads, so nothing typed elsewhere is lost;
 * - the server answered: the page reloads (a new deployment); when it already reloaded
 *   moments ago, 'Failed to load application resources. Please refresh the page.' with a
 *   Reload button.
 * Any other failure shows the global handler's message with the Reload button.
 */
import { globalErrorMessage, globalErrorMessages } from '@solar/domain';
import { AlertIcon, Button } from '@solar/ui';
import { Suspense, useEffect, useState, type ReactNode } from 'react';
import { ErrorBoundary, type FallbackProps } from 'react-error-boundary';
import { useIntl } from 'react-intl';
import { retryFailedLoads } from './retryable-lazy.tsx';
import { FullPageSpinner } from './session-gate.tsx';
import { checkFailedLoad, type FailedLoadOutcome } from './stale-deployment.ts';

/** True for an error of a code file that could not be fetched (a lazy screen or module). */
export function isCodeLoadError(error: unknown): boolean {
  return globalErrorMessage(error) === globalErrorMessages.chunkLoad;
}

export interface ScreenErrorProps extends Pick<FallbackProps, 'error' | 'resetErrorBoundary'> {
  /** The failed-load check (default: this window's, stale-deployment.ts). */
  checkFailedLoad?: (() => Promise<FailedLoadOutcome>) | undefined;
}

/** What is shown in place of a screen that failed. */
export function ScreenError({
  error,
  resetErrorBoundary,
  checkFailedLoad: check = checkFailedLoad,
}: ScreenErrorProps) {
  const intl = useIntl();
  const codeLoad = isCodeLoadError(error);
  // A new failure mounts a new fallback (the boundary renders the screen again in between).
  const [decided, setDecided] = useState<FailedLoadOutcome | null>(null);
  useEffect(() => {
    let live = codeLoad;
    if (live) void check().then((value) => live && setDecided(value));
    return () => {
      live = false;
    };
  }, [check, codeLoad]);

  // Waiting for the server's answer, or reloading: the spinner rather than a message that
  // would flash.
  if (codeLoad && (!decided || decided === 'reloading')) return <FullPageSpinner />;

  const unreachable = decided === 'unreachable';
  const message = unreachable ? globalErrorMessages.connection : globalErrorMessage(error);
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
      <Button onPress={unreachable ? resetErrorBoundary : () => globalThis.location.reload()}>
        {intl.formatMessage({
          id: unreachable ? 'app.screenError.tryAgain' : 'app.screenError.reload',
        })}
      </Button>
    </main>
  );
}

/**
 * Catches a failed screen (or its route guard's account check), showing the loading spinner
 * while it loads. `resetKey` (the address) changing renders the new screen afresh; each
 * reset ("Try again", or another address) first makes lazy parts fetch their code anew
 * (retryable-lazy.tsx); `checkFailedLoad` replaces this window's check (tests, stories).
 */
export function ScreenErrorBoundary({
  resetKey,
  checkFailedLoad: check,
  children,
}: {
  resetKey: string;
  checkFailedLoad?: (() => Promise<FailedLoadOutcome>) | undefined;
  children: ReactNode;
}) {
  return (
    <ErrorBoundary
      fallbackRender={(props) => <ScreenError {...props} checkFailedLoad={check} />}
      resetKeys={[resetKey]}
      onReset={retryFailedLoads}
    >
      <Suspense fallback={<FullPageSpinner />}>{children}</Suspense>
    </ErrorBoundary>
  );
}
