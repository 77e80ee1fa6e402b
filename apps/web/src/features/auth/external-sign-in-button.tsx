/**
 * External sign-in on /signin and /signup (docs/product.md#accounts-and-sessions): the
 * provider's button (provider-sign-in-button.tsx) when `GET /config` reports a provider,
 * nothing otherwise. The button's code, with the start of a sign-in and its failure texts,
 * loads only then: with external sign-in off, the pages download none of it.
 */
import { Suspense } from 'react';
import { usePublicConfig } from '../../app/public-frame.tsx';
import { retryableLazy } from '../../app/retryable-lazy.tsx';

export interface ExternalSignInButtonProps {
  /** 'signIn': back to `from` afterwards; 'signUp': to the dashboard. */
  mode: 'signIn' | 'signUp';
  /** The page to come back to after signing in (`?from=` of /signin), or null. */
  from?: string | null;
  /** A failure's text, or null when a new attempt starts. */
  onError: (message: string | null) => void;
}

const ProviderSignInButton = retryableLazy<ExternalSignInButtonProps>(
  () => import('./provider-sign-in-button.tsx'),
);

/**
 * The provider's button with an "or" divider above it, once its code has arrived; nothing
 * while the configuration is unknown and when external sign-in is off.
 */
export function ExternalSignInButton(props: ExternalSignInButtonProps) {
  if (!usePublicConfig()?.oidcProvider) return null;
  return (
    <Suspense fallback={null}>
      <ProviderSignInButton {...props} />
    </Suspense>
  );
}
