/**
 * /solar-calculator-full (docs/product.md#full-calculator and #errors-and-messages; signed-in): two
 * steps, location then configuration (StepIndicator).
 *
 * Step 1 (location-step.tsx): geolocation with reverse geocoding, or address search and a
 * Leaflet map (lazy-loaded only here). Step 2 (configuration-step.tsx): the system, its
 * monthly production (PVGIS or the clear-sky estimate, the source shown), savings and
 * payback; prefilled from the stored quick estimate, else the chat portfolio, else a
 * typical home.
 *
 * Projects (the OpenAPI document): 'Save as draft' creates, then updates, the draft
 * (`POST /projects`, `PUT /projects/{id}`); the user's drafts are listed (`GET /projects`)
 * and 'Continue' reopens one at step 2, as does opening `?draft={projectId}` (the
 * dashboard's draft links; an unknown id says so). Every project action first counts against the
 * browser's 100-per-hour limit (domain `consumeRateLimit`, key `rateLimit_<userId>`); a
 * refused action, or the server's 429, shows 'Rate limit exceeded: max 100 requests per
 * hour'. Loading the drafts is no action; should the list still be refused (429), it says
 * so and when it can be loaded again (its Retry-After).
 */
import { proposalPath } from '@solar/domain';
import { Link, Spinner, StepIndicator } from '@solar/ui';
import { Suspense, useRef } from 'react';
import { useIntl } from 'react-intl';
import { retryableLazy } from '../../app/retryable-lazy.tsx';
import { SignedInShell } from '../../app/shell.tsx';
import type { ConfigurationStepProps } from './configuration-step.tsx';
import { DraftsCard } from './drafts-card.tsx';
import { LocationStep } from './location-step.tsx';
import { useFullCalculator } from './use-full-calculator.ts';

/**
 * Step 2 (its number fields, roof select and chart) loads when a location has been accepted
 * or a draft opened, not with step 1.
 */
const ConfigurationStep = retryableLazy<ConfigurationStepProps>(() =>
  import('./configuration-step.tsx').then((m) => ({ default: m.ConfigurationStep })),
);

/** The full calculator page (default export for the router). */
export default function FullCalculatorScreen() {
  return (
    <SignedInShell>
      <FullCalculator />
    </SignedInShell>
  );
}

/** The steps (state in `useFullCalculator`) and the drafts. */
function FullCalculator() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id }, values);
  const stepRef = useRef<HTMLDivElement>(null);
  const calc = useFullCalculator(stepRef);

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-3">
        <h1 className="text-2xl font-semibold">{t('fullCalculator.title')}</h1>
        <StepIndicator
          steps={[t('fullCalculator.step.location'), t('fullCalculator.step.configuration')]}
          current={calc.step}
          label={t('fullCalculator.step.label')}
          completedLabel={t('fullCalculator.step.completed')}
        />
      </div>
      <div ref={stepRef} tabIndex={-1} className="outline-none">
        {calc.step === 0 || !calc.location || !calc.configuration ? (
          <LocationStep initial={calc.location} onUse={calc.acceptLocation} />
        ) : (
          <Suspense fallback={<Spinner label={t('app.loading')} />}>
            <ConfigurationStep
              location={calc.location}
              configuration={calc.configuration}
              onChange={calc.changeConfiguration}
              prefill={calc.prefill}
              onChangeLocation={calc.changeLocation}
              onSave={() => void calc.saveDraft()}
              isSaving={calc.isSaving}
              saveStatus={
                calc.savedAt !== null ? (
                  <>
                    <span role="status" className="text-sm text-success-fg">
                      {t('fullCalculator.saved', {
                        // The same clock style as the drafts list ("3:28 PM", "15:28").
                        time: intl.formatTime(calc.savedAt, { timeStyle: 'short' }),
                      })}
                    </span>
                    {calc.draftId && (
                      // The saved assessment's proposal.
                      <Link href={proposalPath(calc.draftId)} className="text-sm">
                        {t('fullCalculator.viewProposal')}
                      </Link>
                    )}
                  </>
                ) : null
              }
            />
          </Suspense>
        )}
      </div>
      <DraftsCard currentId={calc.draftId} onContinue={calc.continueDraft} />
    </div>
  );
}
