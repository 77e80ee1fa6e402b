/**
 * /solar-calculator-full (spec sections 2, 3, 4, 8 and 9; issue 9; signed-in): two steps,
 * location then configuration (StepIndicator).
 *
 * Step 1 (location-step.tsx): geolocation with reverse geocoding, or address search and a
 * Leaflet map (lazy-loaded only here). Step 2 (configuration-step.tsx): the system, its
 * monthly production (PVGIS or the 4.5-sun-hour estimate, the source shown), savings and
 * payback; prefilled from the stored quick estimate, else the chat portfolio, else a
 * typical home.
 *
 * Projects (API-CONTRACT.md "Projects"): 'Save as draft' creates, then updates, the draft
 * (`POST /projects`, `PUT /projects/{id}`); the user's drafts are listed (`GET /projects`)
 * and 'Continue' reopens one at step 2, as does opening `?draft={projectId}` (the
 * dashboard's draft links; an unknown id says so). Every project action first counts against the
 * browser's 100-per-hour limit (domain `consumeRateLimit`, key `rateLimit_<userId>`); a
 * refused action, or the server's 429, shows 'Rate limit exceeded: max 100 requests per
 * hour'. Loading the drafts is no action; should the list still be refused (429), it says
 * so and when it can be loaded again (its Retry-After).
 */
import {
  calculatorMessages,
  consumeRateLimit,
  RATE_LIMIT,
  ROUTES,
  type MapSelection,
  type Project,
} from '@solar/domain';
import { ApiError } from '@solar/api';
import {
  useApiClient,
  usePortfolio,
  useProjectMutations,
  useProjects,
  useSession,
} from '@solar/api/react';
import { Button, Card, Spinner, StepIndicator } from '@solar/ui';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { useLocation, useSearch } from 'wouter';
import { useNow } from '../../app/clock.tsx';
import { useNotify } from '../../app/notices.tsx';
import { SignedInShell } from '../../app/shell.tsx';
import { readQuickInputs } from '../calculator/calculator-storage.ts';
import {
  initialConfiguration,
  parseConfiguration,
  type PrefillSource,
  type SystemConfiguration,
} from './configuration.ts';
import { ConfigurationStep } from './configuration-step.tsx';
import { LocationStep } from './location-step.tsx';

/** The browser storage the rate-limit counter lives in (failures count as no storage). */
function counterStorage() {
  try {
    return globalThis.localStorage;
  } catch {
    return null;
  }
}

/** The full calculator page (default export for the router). */
export default function FullCalculatorScreen() {
  return (
    <SignedInShell>
      <FullCalculator />
    </SignedInShell>
  );
}

function FullCalculator() {
  const intl = useIntl();
  const now = useNow();
  const notify = useNotify();
  const { user } = useSession();
  const portfolio = usePortfolio();
  const projects = useProjects();
  const { create, update } = useProjectMutations();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id }, values);
  const [step, setStep] = useState<0 | 1>(0);
  const [location, setLocation] = useState<MapSelection | null>(null);
  const [configuration, setConfiguration] = useState<SystemConfiguration | null>(null);
  const [prefill, setPrefill] = useState<PrefillSource>('typical');
  const api = useApiClient();
  const [, navigate] = useLocation();
  const requestedDraft = new URLSearchParams(useSearch()).get('draft');
  const [draftId, setDraftId] = useState<string | null>(null);
  const [savedAt, setSavedAt] = useState<number | null>(null);
  const stepRef = useRef<HTMLDivElement>(null);

  const focusStep = () => requestAnimationFrame(() => stepRef.current?.focus());

  /** Counts one project action; false (and the spec's toast) when the limit refuses it. */
  function allowAction(): boolean {
    const storage = counterStorage();
    if (!user || !storage) return true;
    const result = consumeRateLimit(storage, user.id, now());
    if (!result.allowed) showRateLimit();
    return result.allowed;
  }

  function showRateLimit() {
    notify({
      kind: 'error',
      message: calculatorMessages.rateLimitExceeded,
      values: { max: RATE_LIMIT.maxActions },
    });
  }

  function acceptLocation(selection: MapSelection) {
    setLocation(selection);
    if (!configuration) {
      const start = initialConfiguration(readQuickInputs(), portfolio.data);
      setConfiguration(start.configuration);
      setPrefill(start.source);
    }
    setStep(1);
    focusStep();
  }

  async function saveDraft() {
    if (!location || !configuration || !allowAction()) return;
    const body = {
      location: {
        address: location.address,
        latitude: location.latitude,
        longitude: location.longitude,
        placeId: location.placeId,
      },
      configuration: { ...configuration },
      isDraft: true,
    };
    try {
      const project = draftId
        ? await update.mutateAsync({ id: draftId, body })
        : await create.mutateAsync(body);
      setDraftId(project.id);
      setSavedAt(now());
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 429) {
        showRateLimit();
      } else {
        notify({
          kind: 'error',
          message: failure instanceof Error ? failure.message : t('fullCalculator.saveFailed'),
        });
      }
    }
  }

  function continueDraft(project: Project) {
    if (!allowAction()) return;
    const { address, latitude, longitude, placeId } = project.location;
    setLocation({
      address,
      latitude,
      longitude,
      placeId: placeId ?? `${latitude.toFixed(5)},${longitude.toFixed(5)}`,
    });
    const saved = parseConfiguration(project.configuration);
    if (saved) {
      setConfiguration(saved);
      setPrefill('draft');
    } else {
      const start = initialConfiguration(readQuickInputs(), portfolio.data);
      setConfiguration(start.configuration);
      setPrefill(start.source);
    }
    setDraftId(project.id);
    setSavedAt(null);
    setStep(1);
    focusStep();
  }

  // `?draft={id}`: fetch that project (`GET /projects/{id}`, 404 when unknown or not the
  // user's), reopen it at step 2 and drop the parameter, so a reload does not reopen it.
  const openRequestedDraft = useEffectEvent((project: Project | null, failure?: unknown) => {
    navigate(ROUTES.fullCalculator, { replace: true });
    if (project?.isDraft) return continueDraft(project);
    const notFound = !failure || (failure instanceof ApiError && failure.status === 404);
    notify({
      kind: 'error',
      message: t(notFound ? 'fullCalculator.drafts.notFound' : 'fullCalculator.drafts.failed'),
    });
  });
  useEffect(() => {
    if (!requestedDraft) return;
    let current = true;
    api.projects.get(requestedDraft).then(
      (project) => current && openRequestedDraft(project),
      (failure: unknown) => current && openRequestedDraft(null, failure),
    );
    return () => {
      current = false;
    };
  }, [api, requestedDraft]);

  /**
   * Why the drafts list failed: for a 429, that too many requests were made and, from its
   * Retry-After, the time they can be loaded again (issue 25, item 12).
   */
  function draftsFailure(error: unknown): string {
    if (!(error instanceof ApiError) || error.status !== 429) {
      return t('fullCalculator.drafts.failed');
    }
    if (error.retryAfterSeconds === null) return t('fullCalculator.drafts.rateLimited');
    const time = intl.formatTime(now() + error.retryAfterSeconds * 1000, { timeStyle: 'short' });
    return t('fullCalculator.drafts.rateLimitedUntil', { time });
  }

  const drafts = (projects.data ?? [])
    .filter((project) => project.isDraft)
    .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-3">
        <h1 className="text-2xl font-semibold">{t('fullCalculator.title')}</h1>
        <StepIndicator
          steps={[t('fullCalculator.step.location'), t('fullCalculator.step.configuration')]}
          current={step}
          label={t('fullCalculator.step.label')}
          completedLabel={t('fullCalculator.step.completed')}
        />
      </div>
      <div ref={stepRef} tabIndex={-1} className="outline-none">
        {step === 0 || !location || !configuration ? (
          <LocationStep initial={location} onUse={acceptLocation} />
        ) : (
          <ConfigurationStep
            location={location}
            configuration={configuration}
            onChange={(next) => {
              setConfiguration(next);
              setSavedAt(null);
            }}
            prefill={prefill}
            onChangeLocation={() => {
              setStep(0);
              focusStep();
            }}
            onSave={() => void saveDraft()}
            isSaving={create.isPending || update.isPending}
            saveStatus={
              savedAt !== null ? (
                <span role="status" className="text-sm text-success-fg">
                  {t('fullCalculator.saved', {
                    // The same clock style as the drafts list ("3:28 PM", "15:28").
                    time: intl.formatTime(savedAt, { timeStyle: 'short' }),
                  })}
                </span>
              ) : null
            }
          />
        )}
      </div>
      <Card className="flex flex-col gap-3 p-5">
        <h2 className="text-lg font-semibold">{t('fullCalculator.drafts.title')}</h2>
        {projects.isPending && <Spinner label={t('fullCalculator.drafts.loading')} showLabel />}
        {projects.isError && (
          <div className="flex items-center gap-3">
            <p role="alert" className="text-sm text-danger-fg">
              {draftsFailure(projects.error)}
            </p>
            <Button variant="secondary" size="sm" onPress={() => void projects.refetch()}>
              {t('fullCalculator.drafts.retry')}
            </Button>
          </div>
        )}
        {projects.isSuccess && drafts.length === 0 && (
          <p className="text-sm text-fg-muted">{t('fullCalculator.drafts.empty')}</p>
        )}
        {drafts.length > 0 && (
          <ul className="flex flex-col divide-y divide-border">
            {drafts.map((project) => (
              <li
                key={project.id}
                className="flex flex-wrap items-center justify-between gap-2 py-2"
              >
                <div className="min-w-0">
                  <p className="truncate text-sm font-medium">{project.location.address}</p>
                  <p className="text-xs text-fg-muted">
                    {t('fullCalculator.drafts.updated', {
                      date: intl.formatDate(project.updatedAt, {
                        dateStyle: 'medium',
                        timeStyle: 'short',
                      }),
                    })}
                    {project.id === draftId ? ` · ${t('fullCalculator.drafts.current')}` : ''}
                  </p>
                </div>
                <Button
                  variant="secondary"
                  size="sm"
                  aria-label={t('fullCalculator.drafts.continueNamed', {
                    address: project.location.address,
                  })}
                  onPress={() => continueDraft(project)}
                >
                  {t('fullCalculator.drafts.continue')}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}
