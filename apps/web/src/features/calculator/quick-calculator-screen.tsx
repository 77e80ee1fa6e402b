/**
 * /solar-calculator (spec sections 2, 3, 5, 8 and 9; public): the quick estimate.
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
import {
  BILL_SLIDER,
  billToKwh,
  calculatorMessages,
  canCalculate,
  ESTIMATE_DEFAULTS,
  GEOLOCATION,
  isSignedIn,
  KWH_SLIDER,
  kwhToBill,
  quickEstimate,
  RATE_INPUT,
  ROUTES,
  validationMessages,
  type MessageDescriptor,
  type QuickEstimate,
} from '@solar/domain';
import { ApiError } from '@solar/api';
import { useApiClient } from '@solar/api/react/provider';
import {
  Button,
  ButtonLink,
  Card,
  InfoIcon,
  Logo,
  NumberField,
  RadioGroup,
  SliderField,
  Spinner,
  TextField,
} from '@solar/ui';
import { lazy, Suspense, useRef, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Link, useLocation } from 'wouter';
import { useNow } from '../../app/clock.tsx';
import { FullPageSpinner, useSessionLike } from '../../app/session-gate.tsx';
import { LocaleSelect } from '../../app/locale-select.tsx';
import {
  BUDGET_MAX_SOM,
  BUDGET_RANGES,
  clearQuickInputs,
  readQuickInputs,
  writeQuickInputs,
  type BudgetRange,
  type StoredQuickInputs,
} from './calculator-storage.ts';
import { coordinatesText, currentPosition, GeolocationFailure } from './geolocation.ts';

/** The photo part loads only when chosen (keeps the page's first load small). */
const BillPhoto = lazy(() => import('./bill-photo.tsx').then((m) => ({ default: m.BillPhoto })));

/**
 * The results' code loads when the visitor first touches the form (a pointer or focus
 * inside it), or when results are first shown (restored ones): a visit that never
 * estimates does not download it (issue 19, bytes on the wire).
 */
const loadEstimateResults = () =>
  import('@solar/ui/estimate-results').then((m) => ({ default: m.EstimateResults }));
const EstimateResults = lazy(loadEstimateResults);
const preloadResults = () => void loadEstimateResults();

/** The inputs on screen. */
interface Inputs {
  monthlyKwh: number;
  monthlyBillSom: number;
  pricePerKwhSom: number;
  address: string;
  roofSizeM2: number | null;
  budget: BudgetRange;
  billInputMethod: 'manual' | 'photo';
}

/** What an estimate depends on: monthly use (kWh) and the rate (som per kWh). */
interface EstimateBasis {
  monthlyKwh: number;
  pricePerKwhSom: number;
}

const DEFAULT_INPUTS: Inputs = {
  monthlyKwh: ESTIMATE_DEFAULTS.monthlyKwh,
  monthlyBillSom: ESTIMATE_DEFAULTS.monthlyBillSom,
  pricePerKwhSom: ESTIMATE_DEFAULTS.pricePerKwhSom,
  address: '',
  roofSizeM2: null,
  budget: 'any',
  billInputMethod: 'manual',
};

const clamp = (value: number, max: number) => Math.min(max, Math.max(0, value));

function fromStored(stored: StoredQuickInputs): Inputs {
  return {
    monthlyKwh: clamp(stored.averageKwh, KWH_SLIDER.max ?? 5000),
    monthlyBillSom: clamp(stored.monthlyBill, BILL_SLIDER.max ?? 7500),
    pricePerKwhSom: stored.pricePerKwh,
    address: stored.address,
    roofSizeM2: stored.roofSizeM2,
    budget: stored.budget,
    billInputMethod: stored.billInputMethod,
  };
}

/**
 * The signed-in frame, loaded only for a signed-in visitor: a public page's first visit
 * does not download the shell's navigation and user menu.
 */
const SignedInShell = lazy(() =>
  import('../../app/shell.tsx').then((module) => ({ default: module.SignedInShell })),
);

/** The quick calculator page (default export for the router). */
export default function QuickCalculatorScreen() {
  const now = useNow();
  const signedIn = isSignedIn(useSessionLike(), now());
  const content = <QuickCalculator signedIn={signedIn} />;
  return signedIn ? (
    <Suspense fallback={<FullPageSpinner />}>
      <SignedInShell>{content}</SignedInShell>
    </Suspense>
  ) : (
    <PublicFrame>{content}</PublicFrame>
  );
}

/** The signed-out frame: brand, language selector, sign-in link, then main#main. */
function PublicFrame({ children }: { children: ReactNode }) {
  const intl = useIntl();
  return (
    <div className="flex min-h-dvh flex-col bg-surface text-fg">
      <header className="border-b border-border bg-surface-raised">
        <div className="mx-auto flex w-full max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-3">
          <Link href={ROUTES.quickCalculator} className="rounded-control">
            <Logo name={intl.formatMessage({ id: 'app.name' })} />
          </Link>
          <div className="flex items-center gap-3">
            <LocaleSelect />
            <ButtonLink
              href={`${ROUTES.signIn}?from=${encodeURIComponent(ROUTES.quickCalculator)}`}
              variant="secondary"
              size="sm"
            >
              {intl.formatMessage({ id: 'quickCalculator.signIn' })}
            </ButtonLink>
          </div>
        </div>
      </header>
      <main id="main" tabIndex={-1} className="mx-auto w-full max-w-6xl flex-1 px-4 py-6">
        {children}
      </main>
    </div>
  );
}

function QuickCalculator({ signedIn }: { signedIn: boolean }) {
  const intl = useIntl();
  const api = useApiClient();
  const now = useNow();
  const [, navigate] = useLocation();
  const [initial] = useState(() => readQuickInputs());
  const [inputs, setInputs] = useState<Inputs>(() =>
    initial ? fromStored(initial) : DEFAULT_INPUTS,
  );
  const [estimate, setEstimate] = useState<QuickEstimate | null>(() =>
    initial && canCalculate(initial.averageKwh)
      ? quickEstimate({ monthlyKwh: initial.averageKwh, pricePerKwhSom: initial.pricePerKwh })
      : null,
  );
  /** The inputs the shown estimate was computed from (kWh per month, som per kWh). */
  const [basis, setBasis] = useState<EstimateBasis | null>(() =>
    initial ? { monthlyKwh: initial.averageKwh, pricePerKwhSom: initial.pricePerKwh } : null,
  );
  const [locating, setLocating] = useState(false);
  const [locationError, setLocationError] = useState<MessageDescriptor | null>(null);
  const resultsRef = useRef<HTMLElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const billInputRef = useRef<HTMLDivElement>(null);
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id }, values);

  const kwhMax = KWH_SLIDER.max ?? 5000;
  const billMax = BILL_SLIDER.max ?? 7500;
  const update = (patch: Partial<Inputs>) => setInputs((current) => ({ ...current, ...patch }));
  const setKwh = (kwh: number) =>
    setInputs((c) => ({
      ...c,
      monthlyKwh: kwh,
      monthlyBillSom: clamp(kwhToBill(kwh, c.pricePerKwhSom), billMax),
    }));
  const setBill = (bill: number) =>
    setInputs((c) => ({
      ...c,
      monthlyBillSom: bill,
      monthlyKwh:
        c.pricePerKwhSom > 0 ? clamp(billToKwh(bill, c.pricePerKwhSom), kwhMax) : c.monthlyKwh,
    }));
  const setRate = (rate: number) =>
    setInputs((c) => {
      const pricePerKwhSom = Number.isFinite(rate) && rate >= 0 ? rate : 0;
      return {
        ...c,
        pricePerKwhSom,
        monthlyBillSom: clamp(kwhToBill(c.monthlyKwh, pricePerKwhSom), billMax),
      };
    });

  async function locateMe() {
    setLocating(true);
    setLocationError(null);
    try {
      const position = await currentPosition(GEOLOCATION.quickMaximumAgeMs);
      let address = coordinatesText(position);
      try {
        address = (await api.geo.reverse(position.latitude, position.longitude)).address;
      } catch {
        // Spec section 7: fall back to the raw coordinates.
      }
      update({ address });
    } catch (failure) {
      // This page has no map: the fallback it names is typing the address.
      setLocationError(
        (failure instanceof GeolocationFailure
          ? failure
          : new GeolocationFailure('positionUnavailable')
        ).addressDescriptor,
      );
    } finally {
      setLocating(false);
    }
  }

  function calculate() {
    if (!canCalculate(inputs.monthlyKwh)) return;
    const result = quickEstimate({
      monthlyKwh: inputs.monthlyKwh,
      pricePerKwhSom: inputs.pricePerKwhSom,
    });
    writeQuickInputs({
      monthlyBill: inputs.monthlyBillSom,
      averageKwh: inputs.monthlyKwh,
      pricePerKwh: inputs.pricePerKwhSom,
      address: inputs.address,
      billInputMethod: inputs.billInputMethod,
      timestamp: now(),
      roofSizeM2: inputs.roofSizeM2,
      budget: inputs.budget,
    });
    setEstimate(result);
    setBasis({ monthlyKwh: inputs.monthlyKwh, pricePerKwhSom: inputs.pricePerKwhSom });
    // Let the results render, then move focus to them.
    requestAnimationFrame(() => resultsRef.current?.focus());
  }

  function reset() {
    clearQuickInputs();
    setEstimate(null);
    setBasis(null);
    setInputs(DEFAULT_INPUTS);
    setLocationError(null);
    requestAnimationFrame(() => headingRef.current?.focus());
  }

  function getQuote() {
    navigate(
      signedIn
        ? ROUTES.fullCalculator
        : `${ROUTES.signIn}?from=${encodeURIComponent(ROUTES.fullCalculator)}`,
    );
  }

  function applyExtractedAmount(amountSom: number) {
    setBill(clamp(Math.round(amountSom), billMax));
  }

  function enterManually() {
    update({ billInputMethod: 'manual' });
    requestAnimationFrame(() =>
      billInputRef.current?.querySelector<HTMLInputElement>('input:not([type="range"])')?.focus(),
    );
  }

  // Results computed from other inputs than those on screen are marked out of date (issue:
  // a result for 300 kWh must not read as the answer for 0 kWh).
  const outOfDate =
    estimate !== null &&
    basis !== null &&
    (basis.monthlyKwh !== inputs.monthlyKwh || basis.pricePerKwhSom !== inputs.pricePerKwhSom);
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
    <div className="flex flex-col gap-6">
      <div>
        <h1 ref={headingRef} tabIndex={-1} className="text-2xl font-semibold outline-none">
          {t('quickCalculator.title')}
        </h1>
        <p className="mt-1 text-fg-muted">{t('quickCalculator.subtitle')}</p>
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <Card
          className="flex flex-col gap-5 p-5"
          onPointerDownCapture={preloadResults}
          onFocusCapture={preloadResults}
        >
          <h2 className="text-lg font-semibold">{t('quickCalculator.inputsTitle')}</h2>
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-2 text-sm font-medium">{t('quickCalculator.billMethod')}</legend>
            <div className="flex flex-wrap gap-4">
              {(['manual', 'photo'] as const).map((method) => (
                <label key={method} className="flex items-center gap-2 text-sm">
                  <input
                    type="radio"
                    name="billInputMethod"
                    value={method}
                    checked={inputs.billInputMethod === method}
                    onChange={() => update({ billInputMethod: method })}
                    className="size-4 accent-brand-700"
                  />
                  {t(`quickCalculator.billMethod.${method}`)}
                </label>
              ))}
            </div>
          </fieldset>
          {inputs.billInputMethod === 'photo' && (
            <Suspense fallback={<Spinner label={t('quickCalculator.photo.loading')} showLabel />}>
              <BillPhoto
                extract={(file) => api.calculator.extractBill(file, file.name)}
                onUseAmount={applyExtractedAmount}
                onEnterManually={enterManually}
                failureMessage={calculatorMessages.imageProcessingFailed}
                messageForError={(error) =>
                  error instanceof ApiError && error.status === 413
                    ? validationMessages.imageTooLarge
                    : error instanceof ApiError && error.status === 415
                      ? validationMessages.invalidImageType
                      : calculatorMessages.imageProcessingFailed
                }
              />
            </Suspense>
          )}
          <SliderField
            label={t('quickCalculator.monthlyKwh')}
            inputLabel={t('quickCalculator.monthlyKwhInput')}
            value={inputs.monthlyKwh}
            onChange={setKwh}
            bounds={{ ...KWH_SLIDER, max: kwhMax }}
            unit={t('quickCalculator.unit.kwh')}
          />
          <div ref={billInputRef}>
            <SliderField
              label={t('quickCalculator.monthlyBill')}
              inputLabel={t('quickCalculator.monthlyBillInput')}
              value={inputs.monthlyBillSom}
              onChange={setBill}
              bounds={{ ...BILL_SLIDER, max: billMax }}
              unit={t('quickCalculator.unit.som')}
            />
          </div>
          <NumberField
            label={t('quickCalculator.rate')}
            description={t('quickCalculator.rateHint')}
            value={inputs.pricePerKwhSom}
            onChange={setRate}
            minValue={RATE_INPUT.min}
            step={RATE_INPUT.step}
            formatOptions={{ minimumFractionDigits: 2, maximumFractionDigits: 2 }}
          />
          <div className="flex flex-col gap-2">
            <TextField
              label={t('quickCalculator.address')}
              value={inputs.address}
              onChange={(address) => update({ address })}
              autoComplete="street-address"
            />
            <div className="flex items-center gap-3">
              <Button variant="secondary" size="sm" isPending={locating} onPress={locateMe}>
                {t('quickCalculator.useMyLocation')}
              </Button>
              {locating && (
                <span role="status" className="text-sm text-fg-muted">
                  {t('quickCalculator.locating')}
                </span>
              )}
            </div>
            {locationError && (
              <p role="alert" className="text-sm font-medium text-danger-fg">
                {intl.formatMessage(locationError)}
              </p>
            )}
          </div>
          <NumberField
            label={t('quickCalculator.roofSize')}
            description={t('quickCalculator.roofSizeHint')}
            value={inputs.roofSizeM2 ?? Number.NaN}
            onChange={(value) =>
              update({ roofSizeM2: Number.isFinite(value) && value >= 0 ? value : null })
            }
            minValue={0}
            step={1}
          />
          <RadioGroup<BudgetRange>
            label={t('quickCalculator.budget')}
            options={BUDGET_RANGES.map((id) => ({
              id,
              label: t(`quickCalculator.budget.${id}`),
            }))}
            value={inputs.budget}
            onChange={(budget) => update({ budget })}
          />
          <div className="flex flex-col gap-2">
            <Button size="lg" isDisabled={!canCalculate(inputs.monthlyKwh)} onPress={calculate}>
              {t('quickCalculator.calculate')}
            </Button>
            {!canCalculate(inputs.monthlyKwh) && (
              <p className="text-sm text-fg-muted">{t('quickCalculator.needKwh')}</p>
            )}
          </div>
        </Card>
        <section
          ref={resultsRef}
          tabIndex={-1}
          aria-label={t('quickCalculator.resultsRegion')}
          className="flex flex-col gap-4 outline-none"
        >
          {estimate ? (
            <Suspense fallback={<Spinner label={t('quickCalculator.resultsRegion')} />}>
              {outOfDate && basis && (
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
                    years: t('quickCalculator.unit.years'),
                    m2: t('quickCalculator.unit.m2'),
                  },
                  noPayback: t('quickCalculator.results.noPayback'),
                  nextStepsTitle: t('quickCalculator.results.nextSteps'),
                }}
                nextSteps={[1, 2, 3, 4].map((n) => t(`quickCalculator.nextStep${n}`))}
                actions={
                  <>
                    <Button onPress={getQuote}>{t('quickCalculator.getQuote')}</Button>
                    <Button variant="secondary" onPress={reset}>
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
            </Suspense>
          ) : (
            <Card className="flex flex-col items-center gap-2 p-8 text-center">
              <p className="font-medium">{t('quickCalculator.emptyTitle')}</p>
              <p className="text-sm text-fg-muted">{t('quickCalculator.emptyBody')}</p>
            </Card>
          )}
        </section>
      </div>
    </div>
  );
}
