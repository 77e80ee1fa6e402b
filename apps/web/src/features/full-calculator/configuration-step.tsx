/**
 * Step 2 of the full calculator (docs/product.md#full-calculator): system size
 * (kW DC) and panel count kept in step (0.4 kW panels), tilt, azimuth, roof type, system
 * losses (14 % by default) and the rate (som/kWh). Monthly production comes from the
 * server (`GET /calculator/production`: PVGIS, or the clear-sky estimate at the site when
 * PVGIS cannot be reached) a moment after the inputs settle; the source used and its stated
 * uncertainty are shown with the monthly chart, yearly production, savings, cost and
 * payback. 'Save as draft' is the parent's (projects).
 */
import { useApiClient } from '@solar/api/react/provider';
import { productionQuery } from '@solar/api/react/queries';
import type { ProductionQuery, ProjectLocation } from '@solar/domain/contract';
import { Button, Card, NumberField, Select, Spinner, Stat, StatGroup, formatSom } from '@solar/ui';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { useDebounce } from 'use-debounce';
import {
  CONFIG_DEFAULTS,
  CONFIG_LIMITS,
  economics,
  kwFor,
  panelsFor,
  CONFIG_ROOF_TYPES,
  type PrefillSource,
  type ConfigRoofType,
  type SystemConfiguration,
} from '@solar/domain';
import { ProductionChart } from './production-chart.tsx';

/** The lifetime figures load with the first production figures. */
const LifetimeSection = lazy(() => import('../../app/lifetime-section.tsx'));
import { loadFailure } from '../../app/load-failure.ts';

/** Wait after the last change before asking for production, ms. */
export const PRODUCTION_DEBOUNCE_MS = 500;

export interface ConfigurationStepProps {
  /** Degrees, or null for an address as typed (production then does without the site). */
  location: ProjectLocation;
  configuration: SystemConfiguration;
  onChange: (configuration: SystemConfiguration) => void;
  /** Where the first values came from (a note, shown until the size is changed). */
  prefill: PrefillSource;
  onChangeLocation: () => void;
  onSave: () => void;
  isSaving: boolean;
  /** Status line after a save ("Draft saved"). */
  saveStatus: ReactNode;
}

/** Two production queries ask for the same thing (a new object each render is not a change). */
const sameQuery = (a: ProductionQuery, b: ProductionQuery) =>
  a.latitude === b.latitude &&
  a.longitude === b.longitude &&
  a.peakPowerKw === b.peakPowerKw &&
  a.lossPercent === b.lossPercent &&
  a.tilt === b.tilt &&
  a.azimuth === b.azimuth;

const finite = (value: number, fallback: number) => (Number.isFinite(value) ? value : fallback);

/** The configuration step. */
export function ConfigurationStep({
  location,
  configuration: c,
  onChange,
  prefill,
  onChangeLocation,
  onSave,
  isSaving,
  saveStatus,
}: ConfigurationStepProps) {
  const intl = useIntl();
  const client = useApiClient();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id }, values);
  const set = (patch: Partial<SystemConfiguration>) => onChange({ ...c, ...patch });
  // The prefill note describes the size it came with; once the user changes it, it goes.
  const [origin, setOrigin] = useState({ prefill, systemSizeKw: c.systemSizeKw });
  if (origin.prefill !== prefill) setOrigin({ prefill, systemSizeKw: c.systemSizeKw });
  const showPrefill = c.systemSizeKw === origin.systemSizeKw;
  const [query] = useDebounce<ProductionQuery>(
    {
      latitude: location.latitude,
      longitude: location.longitude,
      peakPowerKw: c.systemSizeKw,
      lossPercent: c.lossPercent,
      tilt: c.tiltDeg,
      azimuth: c.azimuthDeg,
    },
    PRODUCTION_DEBOUNCE_MS,
    { equalityFn: sameQuery },
  );
  const production = useQuery({
    ...productionQuery(client, query),
    placeholderData: keepPreviousData,
  });
  const data = production.data;
  const money = data ? economics(c, data.yearlyKwh) : null;
  const n = (value: number, digits = 0) =>
    intl.formatNumber(value, { maximumFractionDigits: digits });
  const L = CONFIG_LIMITS;

  return (
    <div className="flex flex-col gap-6">
      <Card className="flex flex-wrap items-center justify-between gap-3 p-4">
        <p className="text-sm">
          <span className="font-medium">{t('fullCalculator.config.location')}</span>{' '}
          {location.address}
        </p>
        <Button variant="secondary" size="sm" onPress={onChangeLocation}>
          {t('fullCalculator.config.changeLocation')}
        </Button>
      </Card>
      <div className="grid gap-6 lg:grid-cols-2">
        <Card className="flex flex-col gap-4 p-5">
          <h2 className="text-lg font-semibold">{t('fullCalculator.config.title')}</h2>
          {showPrefill && (
            <p className="text-sm text-fg-muted">{t(`fullCalculator.prefill.${prefill}`)}</p>
          )}
          <NumberField
            label={t('fullCalculator.config.systemSize')}
            value={c.systemSizeKw}
            minValue={L.systemSizeKw.min}
            maxValue={L.systemSizeKw.max}
            step={L.systemSizeKw.step}
            formatOptions={{ maximumFractionDigits: 1 }}
            onChange={(kw) => {
              const size = finite(kw, L.systemSizeKw.min);
              set({ systemSizeKw: size, panelCount: panelsFor(size) });
            }}
          />
          <NumberField
            label={t('fullCalculator.config.panelCount')}
            description={t('fullCalculator.config.panelHint')}
            value={c.panelCount}
            minValue={L.panelCount.min}
            maxValue={L.panelCount.max}
            step={1}
            onChange={(panels) => {
              const count = Math.round(finite(panels, 1));
              set({ panelCount: count, systemSizeKw: kwFor(count) });
            }}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <NumberField
              label={t('fullCalculator.config.tilt')}
              description={t('fullCalculator.config.tiltHint')}
              value={c.tiltDeg}
              minValue={L.tiltDeg.min}
              maxValue={L.tiltDeg.max}
              step={1}
              onChange={(v) => set({ tiltDeg: finite(v, CONFIG_DEFAULTS.tiltDeg) })}
            />
            <NumberField
              label={t('fullCalculator.config.azimuth')}
              description={t('fullCalculator.config.azimuthHint')}
              value={c.azimuthDeg}
              minValue={L.azimuthDeg.min}
              maxValue={L.azimuthDeg.max}
              step={1}
              onChange={(v) => set({ azimuthDeg: finite(v, CONFIG_DEFAULTS.azimuthDeg) })}
            />
          </div>
          <Select<ConfigRoofType>
            label={t('fullCalculator.config.roofType')}
            options={CONFIG_ROOF_TYPES.map((id) => ({ id, label: t(`fullCalculator.roof.${id}`) }))}
            value={c.roofType}
            onChange={(roofType) => set({ roofType })}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <NumberField
              label={t('fullCalculator.config.losses')}
              description={t('fullCalculator.config.lossesHint')}
              value={c.lossPercent}
              minValue={L.lossPercent.min}
              maxValue={L.lossPercent.max}
              step={1}
              onChange={(v) => set({ lossPercent: finite(v, CONFIG_DEFAULTS.lossPercent) })}
            />
            <NumberField
              label={t('fullCalculator.config.rate')}
              value={c.pricePerKwhSom}
              minValue={L.pricePerKwhSom.min}
              maxValue={L.pricePerKwhSom.max}
              step={L.pricePerKwhSom.step}
              formatOptions={{ minimumFractionDigits: 2, maximumFractionDigits: 2 }}
              onChange={(v) => set({ pricePerKwhSom: finite(v, 0) })}
            />
          </div>
          <div className="flex flex-wrap items-center gap-3">
            <Button isPending={isSaving} onPress={onSave}>
              {t('fullCalculator.save')}
            </Button>
            {saveStatus}
          </div>
        </Card>
        <section
          aria-labelledby="production-heading"
          aria-busy={production.isFetching}
          className="flex flex-col gap-4"
        >
          <Card className="flex flex-col gap-4 p-5">
            <h2 id="production-heading" className="text-lg font-semibold">
              {t('fullCalculator.production.title')}
            </h2>
            {production.isPending && (
              <Spinner label={t('fullCalculator.production.loading')} showLabel />
            )}
            {production.isError && !data && (
              <div className="flex flex-col gap-2">
                <p role="alert" className="text-sm font-medium text-danger-fg">
                  {intl.formatMessage(
                    loadFailure(production.error, { id: 'fullCalculator.production.failed' }),
                  )}
                </p>
                <Button
                  variant="secondary"
                  size="sm"
                  className="self-start"
                  onPress={() => void production.refetch()}
                >
                  {t('fullCalculator.production.retry')}
                </Button>
              </div>
            )}
            {data && money && (
              <>
                <p role="note" className="rounded-control bg-surface-sunken p-3 text-sm">
                  {t(
                    data.source === 'pvgis'
                      ? 'fullCalculator.source.pvgis'
                      : data.estimateModel === 'sun-hours'
                        ? 'fullCalculator.source.sunHours'
                        : 'fullCalculator.source.estimate',
                  )}{' '}
                  {data.uncertainty
                    ? t('fullCalculator.source.uncertainty', {
                        kwh: n(data.uncertainty.yearlyKwh),
                        percent: n(data.uncertainty.percent, 1),
                      })
                    : t('fullCalculator.source.noUncertainty')}
                </p>
                <ProductionChart monthlyKwh={data.monthlyKwh} />
                <StatGroup>
                  <Stat
                    highlight
                    label={t('fullCalculator.result.yearly')}
                    value={n(data.yearlyKwh)}
                    unit={t('fullCalculator.unit.kwhPerYear')}
                  />
                  <Stat
                    highlight
                    label={t('fullCalculator.result.yearlySavings')}
                    value={formatSom(money.yearlySavingsSom, intl.locale)}
                  />
                  <Stat
                    label={t('fullCalculator.result.monthlySavings')}
                    value={formatSom(money.monthlySavingsSom, intl.locale)}
                  />
                  <Stat
                    label={t('fullCalculator.result.cost')}
                    value={formatSom(money.costSom, intl.locale)}
                  />
                  <Stat
                    label={t('fullCalculator.result.payback')}
                    value={
                      money.paybackYears === null
                        ? '—'
                        : t('fullCalculator.result.paybackYears', { years: money.paybackYears })
                    }
                  />
                </StatGroup>
              </>
            )}
          </Card>
          {data && money && (
            <Suspense fallback={null}>
              <LifetimeSection
                headingLevel={3}
                source={{
                  kind: 'full',
                  systemSizeKw: c.systemSizeKw,
                  yearlyKwh: data.yearlyKwh,
                  pricePerKwhSom: c.pricePerKwhSom,
                  simplePaybackYears: money.paybackYears,
                }}
              />
            </Suspense>
          )}
        </section>
      </div>
    </div>
  );
}
