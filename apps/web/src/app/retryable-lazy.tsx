/**
 * Lazily loaded components that can load again after their code failed to arrive
 * (docs/product.md#when-the-server-cannot-be-reached). React keeps a failed `lazy` component
 * failed for good; these swap in a fresh one once `retryFailedLoads()` runs (the screen
 * error's "Try again"), and the browser fetches a failed module again when asked again.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * A lazily loaded component; `retry()` makes its next render load it anew (a module that
 * already arrived comes from the browser's module map at once).
 */
export type RetryableLazy<P> = ComponentType<P> & { retry: () => void };

const everyOne = new Set<{ retry: () => void }>();

/**
 * A component loaded by `load` (a dynamic import resolving to `{ default }`) on its first
 * render, like React's `lazy`; a rejection reaches the nearest error boundary.
 */
export function retryableLazy<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
): RetryableLazy<P> {
  let Current: LazyExoticComponent<ComponentType<P>> = lazy(load);
  function Retryable(props: P) {
    return <Current {...props} />;
  }
  const component = Object.assign(Retryable, {
    retry: () => {
      Current = lazy(load);
    },
  });
  everyOne.add(component);
  return component;
}

/**
 * Makes every component fetch its code again on its next render (the screen error boundary
 * calls it when it resets, so the one that failed loads again).
 */
export function retryFailedLoads(): void {
  for (const component of everyOne) component.retry();
}
