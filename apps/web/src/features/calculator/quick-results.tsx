/**
 * The quick calculator's results (docs/product.md#quick-calculator): the estimate (marked out of
 * date when the inputs on screen changed since), 'Get professional quote' and Reset, and notes
 * when the panels need more roof than given or cost more than the budget range.
 */
import { Button, Card, InfoIcon, Spinner } from '@solar/ui';
import { lazy, Suspense, type RefObject } from 'react';
import { useIntl } from 'react-intl';
import { BUDGET_MAX_SOM } from './calculator-storage.ts';
import type { QuickEstimateForm } from './use-quick-estimate-form.ts';

/**
 * The results' code loads when the visitor first touches the form (a pointer or focus
 * inside it), or when results are first shown (restored ones): a visit that never
 * estimates does not download it (bytes on the wire).
 */
const loadEstimateResults = () =>
  import('@solar/ui/estimate-results').then((m) => ({ default: m.EstimateResults }));
const EstimateResults = lazy(loadEstimateResults);
const loadLifetime = () => import('../../app/lifetime-section.tsx');
const LifetimeSection = lazy(loadLifetime);
/** Starts loading the results' code (the estimate and its lifetime figures). */
export const preloadResults = () => {
  void loadEstimateResults();
  void loadLifetime();
};

/** The results region (focused after Calculate). */
export function QuickResults({
  form,
  ref,
}: {
  form: QuickEstimateForm;
  ref: RefObject<HTMLElement | null>;
}) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id }, values);
  const { estimate, basis, inputs } = form;
  const budgetMax = BUDGET_MAX_SOM[inputs.budget];
  const notes: string[] = [];
  if (estimate && inputs.roofSizeM2 !== null && estimate.roofCoverageM2 > inputs.roofSizeM2) {
    notes.push(
      t('quickCalculator.roofTooSmall', {
        needed: intl.formatNumber(estimate.roofCoverageM2),
        available: intl.formatNumber(inputs.roofSizeM2),
      }),
    );
  }
  if (estimate && budgetMax !== null && estimate.estimatedCostSom > budgetMax) {
    notes.push(t('quickCalculator.overBudget'));
  }

  return (
    <section
      ref={ref}
      tabIndex={-1}
      aria-label={t('quickCalculator.resultsRegion')}
      className="flex flex-col gap-4 outline-none"
    >
      {estimate ? (
        <Suspense fallback={<Spinner label={t('quickCalculator.resultsRegion')} />}>
          {form.outOfDate && basis && (
            <div
              role="status"
              className="flex items-start gap-2 rounded-md bg-warning-soft p-3 text-sm text-warning-fg"
            >
              <InfoIcon className="mt-0.5 size-4 shrink-0" />
              <p>
                {t('quickCalculator.outOfDate', {
                  kwh: intl.formatNumber(basis.monthlyKwh),
                  rate: intl.formatNumber(basis.pricePerKwhSom, {
                    minimumFractionDigits: 2,
                    maximumFractionDigits: 2,
                  }),
                })}
              </p>
            </div>
          )}
          <EstimateResults
            estimate={estimate}
            locale={intl.locale}
            labels={{
              title: t('quickCalculator.results.title'),
              systemSize: t('quickCalculator.results.systemSize'),
              panelCount: t('quickCalculator.results.panelCount'),
              estimatedCost: t('quickCalculator.results.estimatedCost'),
              monthlySavings: t('quickCalculator.results.monthlySavings'),
              yearlyProduction: t('quickCalculator.results.yearlyProduction'),
              paybackPeriod: t('quickCalculator.results.paybackPeriod'),
              roofCoverage: t('quickCalculator.results.roofCoverage'),
              units: {
                kw: t('quickCalculator.unit.kw'),
                kwhPerYear: t('quickCalculator.unit.kwhPerYear'),
                m2: t('quickCalculator.unit.m2'),
              },
              paybackYears: (years) => t('quickCalculator.results.paybackYears', { years }),
              noPayback: t('quickCalculator.results.noPayback'),
              nextStepsTitle: t('quickCalculator.results.nextSteps'),
            }}
            nextSteps={[1, 2, 3, 4].map((n) => t(`quickCalculator.nextStep${n}`))}
            actions={
              <>
                <Button onPress={form.getQuote}>{t('quickCalculator.getQuote')}</Button>
                <Button variant="secondary" onPress={form.reset}>
                  {t('quickCalculator.reset')}
                </Button>
              </>
            }
          />
          {notes.map((note) => (
            <p key={note} className="flex items-start gap-2 text-sm text-fg">
              <InfoIcon className="mt-0.5 size-4 shrink-0 text-fg-muted" />
              {note}
            </p>
          ))}
          <LifetimeSection
            source={{
              kind: 'quick',
              estimate,
              pricePerKwhSom: basis?.pricePerKwhSom ?? inputs.pricePerKwhSom,
            }}
          />
        </Suspense>
      ) : (
        <Card className="flex flex-col items-center gap-2 p-8 text-center">
          <p className="font-medium">{t('quickCalculator.emptyTitle')}</p>
          <p className="text-sm text-fg-muted">{t('quickCalculator.emptyBody')}</p>
        </Card>
      )}
    </section>
  );
}
