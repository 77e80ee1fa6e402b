/**
 * The full calculator's state (docs/product.md#full-calculator): the step, the location
 * and configuration, where the configuration was prefilled from, and the draft being
 * edited. Every project action first counts against the browser's 100-per-hour limit
 * (domain `consumeRateLimit`); `?draft={id}` reopens that draft at step 2.
 */
import {
  calculatorMessages,
  consumeRateLimit,
  RATE_LIMIT,
  ROUTES,
  type Project,
  type ProjectLocation,
} from '@solar/domain';
import { ApiError } from '@solar/api';
import {
  projectQuery,
  useApiClient,
  usePortfolio,
  useProjectMutations,
  useSession,
} from '@solar/api/react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useState, type RefObject } from 'react';
import { useIntl } from 'react-intl';
import { useLocation, useSearch } from 'wouter';
import { useNow } from '../../app/clock.tsx';
import { useNotify } from '../../app/notices.tsx';
import { readQuickInputs } from '../calculator/calculator-storage.ts';
import {
  initialConfiguration,
  parseConfiguration,
  type PrefillSource,
  type SystemConfiguration,
} from '@solar/domain';

/** The browser storage the rate-limit counter lives in (failures count as no storage). */
function counterStorage() {
  try {
    return globalThis.localStorage;
  } catch {
    return null;
  }
}

/** The full calculator; `stepRef` holds the step shown (focused when the step changes). */
export function useFullCalculator(stepRef: RefObject<HTMLDivElement | null>) {
  const intl = useIntl();
  const now = useNow();
  const notify = useNotify();
  const { user } = useSession();
  const portfolio = usePortfolio();
  const { create, update } = useProjectMutations();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id }, values);
  const [step, setStep] = useState<0 | 1>(0);
  const [location, setLocation] = useState<ProjectLocation | null>(null);
  const [configuration, setConfiguration] = useState<SystemConfiguration | null>(null);
  const [prefill, setPrefill] = useState<PrefillSource>('typical');
  const api = useApiClient();
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const requestedDraft = new URLSearchParams(useSearch()).get('draft');
  const [draftId, setDraftId] = useState<string | null>(null);
  const [savedAt, setSavedAt] = useState<number | null>(null);

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

  function acceptLocation(selection: ProjectLocation) {
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
        ...(location.placeId === undefined ? {} : { placeId: location.placeId }),
        ...(location.addressVerified === false ? { addressVerified: false as const } : {}),
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
    setLocation(project.location);
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
    queryClient.fetchQuery(projectQuery(api, requestedDraft)).then(
      (project) => current && openRequestedDraft(project),
      (failure: unknown) => current && openRequestedDraft(null, failure),
    );
    return () => {
      current = false;
    };
  }, [api, queryClient, requestedDraft]);

  function changeConfiguration(next: SystemConfiguration) {
    setConfiguration(next);
    setSavedAt(null);
  }

  function changeLocation() {
    setStep(0);
    focusStep();
  }

  return {
    step,
    location,
    configuration,
    prefill,
    draftId,
    savedAt,
    isSaving: create.isPending || update.isPending,
    acceptLocation,
    saveDraft,
    continueDraft,
    changeConfiguration,
    changeLocation,
  };
}
