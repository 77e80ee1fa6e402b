/**
 * /solar-calculator (docs/product.md#quick-calculator and #errors-and-messages; public): the quick
 * estimate.
 *
 * Inputs: monthly use (kWh slider 0..5000 step 5) and monthly bill (som slider 0..7500
 * step 5) kept in step through the rate (som per kWh, default 1.49; domain `billToKwh` /
 * `kwhToBill`), address with 'use my location' (geolocation, 10 s timeout, 5 minute maximum
 * age, reverse geocoded by `GET /geo/reverse`, else raw coordinates), roof size (m2),
 * budget range and the bill input method (manual, or a photo read by
 * `POST /calculator/bill-extract`: the found amount is offered for the user to confirm or
 * edit).
 *
 * Calculate (disabled at 0 kWh) computes the domain's `quickEstimate` at once: the spec's
 * 1.5 s wait simulated a server call that does not exist, so none is added (the formula
 * is instant). The inputs are stored under the spec's key and restored with their results
 * on the next visit; Reset clears results and stored data. 'Get professional quote' goes to
 * /signin?from=/solar-calculator-full when signed out, else to the full calculator, which
 * prefills from the stored inputs. Signed out, the page has a small header of its own.
 */
import { isSignedIn, ROUTES } from '@solar/domain';
import { ButtonLink } from '@solar/ui';
import { lazy, Suspense, useRef } from 'react';
import { useIntl } from 'react-intl';
import { useNow } from '../../app/clock.tsx';
import { PublicFrame } from '../../app/public-frame.tsx';
import { FullPageSpinner, useSessionLike } from '../../app/session-gate.tsx';
import { QuickInputsCard } from './quick-inputs-card.tsx';
import { preloadResults, QuickResults } from './quick-results.tsx';
import { useQuickEstimateForm } from './use-quick-estimate-form.ts';

/**
 * The signed-in frame, loaded only for a signed-in visitor: a public page's first visit
 * does not download the shell's navigation and user menu.
 */
const SignedInShell = lazy(() =>
  import('../../app/shell.tsx').then((module) => ({ default: module.SignedInShell })),
);

/** The quick calculator page (default export for the router). */
export default function QuickCalculatorScreen() {
  const intl = useIntl();
  const now = useNow();
  const signedIn = isSignedIn(useSessionLike(), now());
  const content = <QuickCalculator signedIn={signedIn} />;
  return signedIn ? (
    <Suspense fallback={<FullPageSpinner />}>
      <SignedInShell>{content}</SignedInShell>
    </Suspense>
  ) : (
    <PublicFrame
      action={
        <ButtonLink
          href={`${ROUTES.signIn}?from=${encodeURIComponent(ROUTES.quickCalculator)}`}
          variant="secondary"
          size="sm"
        >
          {intl.formatMessage({ id: 'quickCalculator.signIn' })}
        </ButtonLink>
      }
    >
      {content}
    </PublicFrame>
  );
}

/** The page's content: title, the inputs card (state in `useQuickEstimateForm`), results. */
function QuickCalculator({ signedIn }: { signedIn: boolean }) {
  const intl = useIntl();
  const results = useRef<HTMLElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const billInput = useRef<HTMLDivElement>(null);
  const form = useQuickEstimateForm(signedIn, { results, heading, billInput });

  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 ref={heading} tabIndex={-1} className="text-2xl font-semibold outline-none">
          {intl.formatMessage({ id: 'quickCalculator.title' })}
        </h1>
        <p className="mt-1 text-fg-muted">
          {intl.formatMessage({ id: 'quickCalculator.subtitle' })}
        </p>
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <QuickInputsCard form={form} billInputRef={billInput} onTouched={preloadResults} />
        <QuickResults form={form} ref={results} />
      </div>
    </div>
  );
}
